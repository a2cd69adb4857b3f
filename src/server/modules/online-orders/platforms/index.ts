import { getir } from './getir';
import { trendyol } from './trendyol';
import type { Platform, PlatformAdapter } from './types';
import { yemeksepeti } from './yemeksepeti';

export const ADAPTERS: Record<Platform, PlatformAdapter> = { yemeksepeti, getir, trendyol };
export { PLATFORMS, isPlatform, type Platform } from './types';
