import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import type { Role } from '../../shared/domain/roles';
import { getUserSession } from '../api/session';
import type { DeniedDashboardState } from '../features/auth/session-notice';

/**
 * Client-side navigation guard (spec section 6): no stored session, or one of another role, goes
 * back to '/'. It only decides what to show; the server refuses every call the role may not make.
 */
export function RequireRole({ role, children }: { role: Role; children: ReactNode }) {
  const session = getUserSession();
  // The login page takes a signed-in person on to their own dashboard and says why.
  if (!session || session.role !== role) return <Navigate to="/" replace state={{ deniedRole: role } satisfies DeniedDashboardState} />;
  return children;
}
