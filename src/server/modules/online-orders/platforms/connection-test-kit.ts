import type { DeliveryPlatform } from '../../../../shared/domain/channels';
import type { PlatformConnection } from './types';

/** A connection as the adapters and the platform client read it, for tests that call them without the app. */
export const testConnection = (platform: DeliveryPlatform, over: Partial<PlatformConnection> = {}): PlatformConnection => ({
  platform,
  webhookSecret: 's',
  clientId: 'id',
  clientSecret: 'secret',
  remoteCode: 'R-1',
  chainCode: 'chain-1',
  storeId: 'S-9',
  executorUser: 'mutfak@lokanta.example',
  baseUrl: 'http://127.0.0.1:9',
  productMap: {},
  ...over,
});
