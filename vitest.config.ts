import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globals: true,
    // Two cores: keep file parallelism modest; each API file opens its own database.
    maxWorkers: 2,
    // Generous limits: these bound a hung test, they never judge speed (a loaded machine is slow).
    testTimeout: 120_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/shared/**/*.test.ts', 'src/client/**/*.test.{ts,tsx}'], environment: 'jsdom', setupFiles: ['src/client/test-setup.ts'] },
      },
      {
        extends: true,
        test: { name: 'api', include: ['src/server/**/*.test.ts'], environment: 'node' },
      },
    ],
  },
});
