import { KitchenAlertsWatcher } from '../features/kitchen/kitchen-alerts-watcher';
import { TableRequestsLog } from '../features/table-requests/table-requests-log';
import { TableRequestsWatcher } from '../features/table-requests/table-requests-watcher';
import { MySettingsPage } from '../features/settings/my-settings-page';
import { ChunkRoute } from './chunk-route';
import { RoleDashboard, type DashboardScreen } from './role-dashboard';

const loadWaiterScreen = () => import('../features/kitchen/waiter-screen');
const loadOrders = () => import('../features/orders/orders-page');
const loadBill = () => import('../features/bills/bill-page');

export const waiterScreens: DashboardScreen[] = [
  { key: 'orders', label: 'Sipariş Ekranı', icon: '🧾', element: <ChunkRoute load={loadOrders} props={{ bill: <ChunkRoute load={loadBill} /> }} /> },
  { key: 'waiter-screen', label: 'Garson Ekranı', icon: '🛎️', element: <ChunkRoute load={loadWaiterScreen} props={{ requests: <TableRequestsLog /> }} /> },
  { key: 'settings', label: 'Ayarlar', icon: '⚙️', element: <MySettingsPage mode="waiter" /> },
];

export default function WaiterApp() {
  return (
    <>
      <RoleDashboard role="waiter" screens={waiterScreens} defaultItem="orders" indexItem="orders" mobileWidth={250} />
      {/* the waiter hears about ready lines on whatever screen is open */}
      <KitchenAlertsWatcher role="waiter" />
      {/* a guest's order or call from a table's QR code rings here when it is this waiter's to answer */}
      <TableRequestsWatcher />
    </>
  );
}
