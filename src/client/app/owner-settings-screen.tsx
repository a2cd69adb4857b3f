import { PlatformConnectionsSection } from '../features/online-orders/platform-connections-section';
import { PlatformSimulatorSection } from '../features/online-orders/platform-simulator-section';
import { OwnerSettingsPage } from '../features/settings/owner-settings-page';

/** The owner's Ayarlar with the online-order sections (features do not import each other: the app composes them). */
export default function OwnerSettingsScreen() {
  return (
    <OwnerSettingsPage>
      <PlatformConnectionsSection />
      <PlatformSimulatorSection />
    </OwnerSettingsPage>
  );
}
