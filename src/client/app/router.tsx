import { Route, Routes } from 'react-router-dom';
import { LoginPage } from '../features/auth/login-page';
import { ChunkRoute } from './chunk-route';
import { RequireRole } from './require-role';

// Each role's route tree is its own chunk, loaded when that dashboard opens.
const loadOwner = () => import('./owner-app');
const loadKitchen = () => import('./kitchen-app');
const loadWaiter = () => import('./waiter-app');

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LoginPage />} />
      <Route
        path="/owner/*"
        element={
          <RequireRole role="owner">
            <ChunkRoute load={loadOwner} />
          </RequireRole>
        }
      />
      <Route
        path="/kitchen/*"
        element={
          <RequireRole role="kitchen">
            <ChunkRoute load={loadKitchen} />
          </RequireRole>
        }
      />
      <Route
        path="/waiter/*"
        element={
          <RequireRole role="waiter">
            <ChunkRoute load={loadWaiter} />
          </RequireRole>
        }
      />
      <Route path="*" element={<LoginPage />} />
    </Routes>
  );
}
