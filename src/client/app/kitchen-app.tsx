import { MySettingsPage } from '../features/settings/my-settings-page';
import { RoleDashboard, type DashboardScreen } from './role-dashboard';

const screens: DashboardScreen[] = [
  { key: 'orders', label: 'Siparişler', icon: '🔥' },
  { key: 'history', label: 'Sipariş Geçmişi', icon: '🕘' },
  { key: 'settings', label: 'Ayarlar', icon: '⚙️', element: <MySettingsPage mode="kitchen" /> },
];

export default function KitchenApp() {
  return <RoleDashboard role="kitchen" screens={screens} defaultItem="orders" indexItem="orders" />;
}
