import { vi } from 'vitest';
import { TEST_PASSWORD_COST } from '../test-support/factories';
import { defineRouteFuzz } from './fuzz-suite';

// Half of the API routes (the other half: route-fuzz-1.test.ts, so the two run side by side on two cores).
// The app is built exactly as in production; the wrapper only lets the fuzzer read each route's
// schemas as it is declared (route-catalog.ts).
vi.mock('fastify', async (importOriginal) => (await import('./route-catalog')).withRouteCatalog(await importOriginal()));
// Passwords made during the run (new staff, reset passwords, the dummy hash an unknown e-mail is
// checked against) hash at the tests' cost instead of N=2^17: at ~0.35 s a hash, the hundreds that
// the fuzz causes would take minutes, and it judges answers, not hash strength (auth's own tests
// do). The login and approval limiters still count and refuse.
vi.mock('../modules/auth/password', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../modules/auth/password')>();
  return { ...actual, hashPassword: (password: string, cost = TEST_PASSWORD_COST) => actual.hashPassword(password, cost) };
});

await defineRouteFuzz(1, 2);
