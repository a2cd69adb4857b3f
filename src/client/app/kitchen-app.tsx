import { RoleDashboard, type DashboardScreen } from './role-dashboard';

const screens: DashboardScreen[] = [
  { key: 'orders', label: 'Siparişler', icon: '🔥' },
  { key: 'history', label: 'Sipariş Geçmişi', icon: '🕘' },
  { key: 'settings', label: 'Ayarlar', icon: '⚙️' },
];

export default function KitchenApp() {
  return <RoleDashboard role="kitchen" screens={screens} defaultItem="orders" indexItem="orders" />;
}
