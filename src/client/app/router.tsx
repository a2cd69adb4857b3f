import { Route, Routes } from 'react-router-dom';
import { LoginPage } from '../features/auth/login-page';
import { ChunkRoute } from './chunk-route';
import { RequireRole } from './require-role';
import { ScrollToTop } from './scroll-to-top';

// Each role's route tree is its own chunk, loaded when that dashboard opens.
const loadOwner = () => import('./owner-app');
const loadKitchen = () => import('./kitchen-app');
const loadWaiter = () => import('./waiter-app');

const DASHBOARDS = [
  { role: 'owner', load: loadOwner },
  { role: 'kitchen', load: loadKitchen },
  { role: 'waiter', load: loadWaiter },
] as const;

export function AppRoutes() {
  return (
    <>
      <ScrollToTop />
      <Routes>
        <Route path="/" element={<LoginPage />} />
        {DASHBOARDS.map(({ role, load }) => (
          <Route
            key={role}
            path={`/${role}/*`}
            element={
              <RequireRole role={role}>
                <ChunkRoute load={load} />
              </RequireRole>
            }
          />
        ))}
        <Route path="*" element={<LoginPage />} />
      </Routes>
    </>
  );
}
