import { KitchenAlertsWatcher } from '../features/kitchen/kitchen-alerts-watcher';
import { TableRequestsLog } from '../features/table-requests/table-requests-log';
import { TableRequestsWatcher } from '../features/table-requests/table-requests-watcher';
import { OnlineOrdersWatcher } from '../features/online-orders/online-orders-watcher';
import { PrintFailuresWatcher } from '../features/printing/print-failures-watcher';
import { ChunkRoute } from './chunk-route';
import { RoleDashboard, type DashboardScreen } from './role-dashboard';

// Their own chunks: drag and drop and the QR encoder load only when these screens open.
const loadMenuManagement = () => import('../features/menu/menu-management-page');
const loadQrMenu = () => import('../features/qr/qr-menu-page');
const loadKitchen = () => import('../features/kitchen/owner-kitchen-page');
const loadKitchenHistory = () => import('../features/kitchen/owner-kitchen-history-page');
const loadOrders = () => import('../features/orders/orders-page');
const loadBill = () => import('../features/bills/bill-page');
const loadClosedBills = () => import('../features/bills/closed-bills-page');
const loadOpenTickets = () => import('../features/orders/open-tickets-page');
const loadTableLayout = () => import('../features/tables/table-layout-page');
const loadRecipeReport = () => import('../features/recipes/recipe-report-page');
const loadReports = () => import('../features/reports/reports-page');
const loadOnlineOrders = () => import('../features/online-orders/online-orders-page');
// Leaflet loads inside this screen's chunk only, and only when Ayarlar names a tile server.
const loadCourierTracking = () => import('../features/couriers/courier-tracking-page');
// Staff, printers and Ayarlar too: the owner's start (the inbox opened from the address bar) need not parse them.
const loadStaffList = () => import('../features/staff/staff-list-page').then((m) => ({ default: m.StaffListPage }));
const loadAddStaff = () => import('../features/staff/add-staff-page').then((m) => ({ default: m.AddStaffPage }));
const loadPrinterSettings = () => import('../features/printing/printer-settings-page').then((m) => ({ default: m.PrinterSettingsPage }));
const loadSettings = () => import('./owner-settings-screen');

export const ownerScreens: DashboardScreen[] = [
  { key: 'orders', label: 'Sipariş Ekranı', icon: '🧾', element: <ChunkRoute load={loadOrders} props={{ bill: <ChunkRoute load={loadBill} /> }} /> },
  { key: 'acik-masalar', label: 'Açık Masalar', icon: '🍽️', element: <ChunkRoute load={loadOpenTickets} /> },
  { key: 'kapali-masalar', label: 'Kapalı Hesaplar', icon: '📁', element: <ChunkRoute load={loadClosedBills} /> },
  { key: 'menu-management', label: 'Menü Yönetimi', icon: '📋', element: <ChunkRoute load={loadMenuManagement} /> },
  { key: 'table-layout', label: 'Masa Düzeni', icon: '🪑', element: <ChunkRoute load={loadTableLayout} /> },
  { key: 'online-takip', label: 'Online Sipariş Takibi', icon: '🛵', element: <ChunkRoute load={loadOnlineOrders} /> },
  { key: 'qr-menu', label: 'QR Menü', icon: '🔳', element: <ChunkRoute load={loadQrMenu} props={{ requests: <TableRequestsLog /> }} /> },
  { key: 'courier-tracking', label: 'Kurye Takibi', icon: '📍', element: <ChunkRoute load={loadCourierTracking} /> },
  { key: 'recipe-report', label: 'Reçete Raporu', icon: '🥕', element: <ChunkRoute load={loadRecipeReport} /> },
  { key: 'reports', label: 'Satış Raporları', icon: '📊', element: <ChunkRoute load={loadReports} /> },
  { key: 'kitchen-history', label: 'Mutfak Geçmişi', icon: '🕘', element: <ChunkRoute load={loadKitchenHistory} /> },
  { key: 'kitchen', label: 'Mutfak Ekranı', icon: '👨‍🍳', element: <ChunkRoute load={loadKitchen} /> },
  { key: 'staff-list', label: 'Personel Listesi', icon: '👥', element: <ChunkRoute load={loadStaffList} /> },
  { key: 'add-staff', label: 'Personel Ekle', icon: '➕', element: <ChunkRoute load={loadAddStaff} /> },
  { key: 'printer-settings', label: 'Yazıcı Ayarları', icon: '🖨️', element: <ChunkRoute load={loadPrinterSettings} /> },
  { key: 'settings', label: 'Ayarlar', icon: '⚙️', element: <ChunkRoute load={loadSettings} /> },
];

export default function OwnerApp() {
  return (
    <>
      <RoleDashboard role="owner" screens={ownerScreens} defaultItem="printer-settings" indexItem="acik-masalar" />
      {/* batches the kitchen did not receive in time reach the owner on any screen */}
      <KitchenAlertsWatcher role="owner" />
      {/* a kitchen slip that did not reach its network printer is never silent */}
      <PrintFailuresWatcher />
      {/* a new online order rings and flashes on every owner screen until it is answered */}
      <OnlineOrdersWatcher />
      {/* the guests' orders and calls from the tables' QR codes (QR Sipariş) */}
      <TableRequestsWatcher />
    </>
  );
}
