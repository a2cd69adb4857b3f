import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ROLES, type Role } from '../../shared/domain/roles';
import { actorOf } from '../plugins/auth';
import { idempotencyStep } from '../plugins/idempotency';
import { runCommand, type CommandContext, type CommandDeps } from './command';

/** Where every restaurant's data lives; the access hook answers 404 for another restaurant's id. */
export const RESTAURANT_PREFIX = '/api/restaurants/:restaurantId';

/** Path parameters of every route under RESTAURANT_PREFIX; modules `.extend` it with their own ids. */
export const restaurantParams = z.object({ restaurantId: z.string() });

// Route `config` values: who may call a route. Every /api route declares one (plugins/auth.ts).
export const PUBLIC = { access: 'public' } as const;
export const ALL_STAFF = { access: ROLES } as const;
export const OWNER = { access: ['owner'] } as const;
/** For a route a set of roles shares, e.g. `allow('owner', 'waiter')`. */
export const allow = (...roles: Role[]) => ({ access: roles });

/** The write pipeline's dependencies, from the app's decorations (app-deps.ts). */
export const commandDeps = (app: FastifyInstance): CommandDeps => ({ db: app.db, hub: app.hub, commandHooks: app.commandHooks });

/**
 * Runs `work` as a command of the signed-in caller: the app's db, hub and command hooks are the
 * pipeline's dependencies (ADR 0006). Routes call this and present the result; they never publish themselves.
 */
export function command<T>(request: FastifyRequest, work: (c: CommandContext) => Promise<T>): Promise<T> {
  // A keyed request's change and "this key was applied" commit together: after a crash a retry
  // then knows whether it may run (plugins/idempotency.ts).
  return runCommand({ ...commandDeps(request.server), lockAndClaim: idempotencyStep(request) }, actorOf(request), work);
}
