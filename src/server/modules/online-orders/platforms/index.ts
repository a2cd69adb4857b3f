import { getir } from './getir';
import { trendyol } from './trendyol';
import type { PlatformAdapter } from './types';
import { yemeksepeti } from './yemeksepeti';
import type { DeliveryPlatform } from '../../../../shared/domain/channels';

export const ADAPTERS: Record<DeliveryPlatform, PlatformAdapter> = { yemeksepeti, getir, trendyol };
export { isPlatform } from './types';
