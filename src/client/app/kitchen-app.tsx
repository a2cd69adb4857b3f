import { KitchenOnlineOrdersRing } from '../features/kitchen/kitchen-online-orders-ring';
import { MySettingsPage } from '../features/settings/my-settings-page';
import { ChunkRoute } from './chunk-route';
import { RoleDashboard, type DashboardScreen } from './role-dashboard';

const loadOrders = () => import('../features/kitchen/kitchen-screen');
const loadHistory = () => import('../features/kitchen/kitchen-history-page');

export const kitchenScreens: DashboardScreen[] = [
  { key: 'orders', label: 'Siparişler', icon: '🔥', element: <ChunkRoute load={loadOrders} /> },
  { key: 'history', label: 'Sipariş Geçmişi', icon: '🕘', element: <ChunkRoute load={loadHistory} /> },
  { key: 'settings', label: 'Ayarlar', icon: '⚙️', element: <MySettingsPage mode="kitchen" /> },
];

export default function KitchenApp() {
  return (
    <>
      <RoleDashboard role="kitchen" screens={kitchenScreens} defaultItem="orders" indexItem="orders" />
      {/* when Ayarlar say so, an online order waiting for the owner's answer rings on every kitchen screen */}
      <KitchenOnlineOrdersRing />
    </>
  );
}
