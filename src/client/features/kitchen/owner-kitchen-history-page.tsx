import KitchenHistoryPage from './kitchen-history-page';
import { kt } from './kitchen-text';

export default function OwnerKitchenHistoryPage() {
  return <KitchenHistoryPage title={kt.ownerHistoryTitle} />;
}
