import { z } from 'zod';

/** The staff's roles: each signs in to its own dashboard. */
export const ROLES = ['owner', 'kitchen', 'waiter'] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Record<Role, string> = { owner: 'İşletme Sahibi', kitchen: 'Mutfak', waiter: 'Garson' };
export const role = z.enum(ROLES, { error: 'Rol İşletme Sahibi, Mutfak ya da Garson olmalı' });

/**
 * Who a command runs as: signed-in staff, and those with no sign-in of their own — a courier through
 * their link, a shared device before the person on it is known (a wrong PIN), the installation and
 * the server's timers ('system'), the restaurant's own order channel and the delivery platforms
 * ('integration'), a guest ordering or calling from a table's QR code ('guest'). The audit log names them so.
 */
export const ACTOR_ROLES = [...ROLES, 'courier', 'shared-device', 'system', 'integration', 'guest'] as const;
export type ActorRole = (typeof ACTOR_ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Where each role lands after signing in (spec section 2). */
export const ROLE_HOME: Record<Role, string> = {
  owner: '/owner',
  kitchen: '/kitchen',
  waiter: '/waiter',
};
