import type { DeliveryPlatform } from '../../../shared/domain/channels';

/**
 * A simulated platform connection: what the demo data connects Demo Lokanta to (seed-demo-platforms.ts),
 * so the simulator's orders (platform-simulator.ts) go through the real intake and the answers go
 * through the real outbox, without a platform account. Its base URL is `simulator:<platform>`: the
 * outbox counts such a call as sent and never opens a connection. The connection contract accepts
 * only http(s) addresses, so an owner can never turn a real connection into a simulated one (nor
 * make a restaurant "demo") through the API; only the demo seed writes this address.
 */
export const SIMULATED_BASE_URL_PREFIX = 'simulator:';
export const isSimulatedBaseUrl = (url: string) => url.startsWith(SIMULATED_BASE_URL_PREFIX);
export const simulatedBaseUrl = (platform: DeliveryPlatform) => `${SIMULATED_BASE_URL_PREFIX}${platform}`;

/** What the outbox writes on a simulated call's attempt (the owner reads it on the order). */
export const SIMULATED_SEND_NOTE = 'Simülasyon: platforma gönderilmiş sayıldı';

const TURKISH_ASCII: Record<string, string> = { ç: 'c', ğ: 'g', ı: 'i', ö: 'o', ş: 's', ü: 'u', â: 'a', î: 'i', û: 'u' };

/** "Mercimek Çorbası" → "mercimek-corbasi": product codes are ASCII (the connection contract's rule). */
export function codeSlug(name: string) {
  return name
    .toLocaleLowerCase('tr-TR')
    .replace(/[çğıöşüâîû]/g, (ch) => TURKISH_ASCII[ch])
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
}

/**
 * A dish's product code on a platform, in that platform's own style (platforms/fixtures.ts):
 * Yemeksepeti's remote codes ("YS-MERCIMEK-CORBASI"), Getir's product ids ("getir-p-mercimek-corbasi"),
 * Trendyol's numeric product ids (5501, 5502, ...; `index` is the dish's place in the menu).
 */
export function platformProductCode(platform: DeliveryPlatform, name: string, index: number) {
  if (platform === 'yemeksepeti') return `YS-${codeSlug(name).toUpperCase()}`;
  if (platform === 'getir') return `getir-p-${codeSlug(name)}`;
  return String(5501 + index);
}

/** An option's code in the same style; Trendyol's modifier ids are numbers too (stable per option id). */
export function platformOptionCode(platform: DeliveryPlatform, optionName: string, optionId: string) {
  if (platform === 'yemeksepeti') return `YS-OPT-${codeSlug(optionName).toUpperCase()}`;
  if (platform === 'getir') return `getir-o-${codeSlug(optionName)}`;
  return String(70_000 + (parseInt(optionId.replace(/-/g, '').slice(0, 6), 16) % 30_000));
}
