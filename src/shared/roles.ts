export const ROLES = ['owner', 'kitchen', 'waiter'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Where each role lands after signing in (spec section 2). */
export const ROLE_HOME: Record<Role, string> = {
  owner: '/owner',
  kitchen: '/kitchen',
  waiter: '/waiter',
};
