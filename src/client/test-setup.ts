import '@testing-library/jest-dom/vitest';
import '../shared/zod-turkish';
