import { Route, Routes } from 'react-router-dom';
import { LoginPage } from '../features/auth/login-page';
import { PageTitle } from '../components/page-title';
import { tr } from '../i18n/tr';
import { ChunkRoute } from './chunk-route';
import { RequireRole } from './require-role';
import { ScreenErrorBoundary } from './screen-error-boundary';
import { ScrollToTop } from './scroll-to-top';

// Each role's route tree is its own chunk, loaded when that dashboard opens.
const loadOwner = () => import('./owner-app');
const loadKitchen = () => import('./kitchen-app');
const loadWaiter = () => import('./waiter-app');

/** By role: also started at once by a full page load at the dashboard's address (route-preload.ts). */
export const DASHBOARD_LOADERS = { owner: loadOwner, kitchen: loadKitchen, waiter: loadWaiter } as const;

const DASHBOARDS = [
  { role: 'owner', load: loadOwner },
  { role: 'kitchen', load: loadKitchen },
  { role: 'waiter', load: loadWaiter },
] as const;

const loginPage = (
  <PageTitle title="Giriş">
    <LoginPage />
  </PageTitle>
);

export function AppRoutes() {
  return (
    // The last line of defence: what a dashboard's own boundary cannot catch (its layout, the
    // watchers beside it, the login page) still ends in the error screen, never a white page.
    <ScreenErrorBoundary home={{ to: '/', text: tr.crash.home }}>
      <ScrollToTop />
      <Routes>
        <Route path="/" element={loginPage} />
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
        <Route path="*" element={loginPage} />
      </Routes>
    </ScreenErrorBoundary>
  );
}
