import { RoleDashboard, type DashboardScreen } from './role-dashboard';

const screens: DashboardScreen[] = [
  { key: 'orders', label: 'Sipariş Ekranı', icon: '🧾' },
  { key: 'waiter-screen', label: 'Garson Ekranı', icon: '🛎️' },
  { key: 'settings', label: 'Ayarlar', icon: '⚙️' },
];

export default function WaiterApp() {
  return <RoleDashboard role="waiter" screens={screens} defaultItem="orders" indexItem="orders" mobileWidth={250} />;
}
