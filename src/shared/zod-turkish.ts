import { z } from 'zod';
import tr from 'zod/v4/locales/tr.js';

// Zod's own messages in Turkish for every schema without an explicit message; import once per entry.
z.config({
  ...tr(),
  customError: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? 'bu alan gerekli' : undefined),
});
