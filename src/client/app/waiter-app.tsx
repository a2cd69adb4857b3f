import { MySettingsPage } from '../features/settings/my-settings-page';
import { RoleDashboard, type DashboardScreen } from './role-dashboard';

const screens: DashboardScreen[] = [
  { key: 'orders', label: 'Sipariş Ekranı', icon: '🧾' },
  { key: 'waiter-screen', label: 'Garson Ekranı', icon: '🛎️' },
  { key: 'settings', label: 'Ayarlar', icon: '⚙️', element: <MySettingsPage mode="waiter" /> },
];

export default function WaiterApp() {
  return <RoleDashboard role="waiter" screens={screens} defaultItem="orders" indexItem="orders" mobileWidth={250} />;
}
