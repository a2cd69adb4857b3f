import type { PlatformCallInfo } from '../../../shared/online-orders-contract';
import type { DeliveryPlatform } from '../../../shared/domain/channels';
import type { OutgoingUpdate, PlatformAdapter, PlatformConnection, PlatformRead } from './platforms/types';

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

/**
 * What a simulated platform answers to the reads an update needs first, in the shape each platform
 * documents: Delivery Hero's vendor availability (one platform, open, changeable, with the lists
 * of states, reasons and closing minutes its documentation's sample carries; the demo's own codes)
 * and Getir's cancel options (`[{id, message}]`, the demo's own reasons).
 */
function simulatedAnswer(connection: PlatformConnection, read: PlatformRead): unknown {
  if (connection.platform === 'yemeksepeti' && read.path.endsWith('/availability')) {
    return [
      {
        availabilityState: 'OPEN',
        availabilityStates: ['CLOSED_UNTIL', 'OPEN'],
        changeable: true,
        closingMinutes: [120, 60, 30],
        closingReasons: ['TOO_BUSY_KITCHEN', 'CLOSED', 'TECHNICAL_PROBLEM', 'OTHER'],
        platformId: '1',
        platformKey: 'YS_TR',
        platformRestaurantId: `${connection.remoteCode}-ys`,
        platformType: 'YEMEKSEPETI',
      },
    ];
  }
  if (connection.platform === 'getir' && read.path.endsWith('/cancel-options')) {
    return [
      { id: 'demo-cancel-urun', message: 'Ürün kalmadı' },
      { id: 'demo-cancel-yogun', message: 'Restoran çok yoğun' },
      { id: 'demo-cancel-kapali', message: 'Restoran kapalı' },
      { id: 'demo-cancel-adres', message: 'Adres hizmet bölgesi dışında' },
      { id: 'demo-cancel-diger', message: 'Diğer' },
    ];
  }
  return null;
}

const JSON_HEADERS = { 'content-type': 'application/json' };

/**
 * The calls an update would make on the real platform, written down instead of sent: the reads
 * first (answered by simulatedAnswer), then the adapter's own calls with its headers and the
 * login's shape in place of a token.
 */
export async function simulatedCalls(adapter: PlatformAdapter, update: OutgoingUpdate, connection: PlatformConnection): Promise<PlatformCallInfo[]> {
  const calls: PlatformCallInfo[] = [];
  const read = async (r: PlatformRead) => {
    calls.push({ method: 'GET', path: r.path, headers: { ...adapter.authShown, ...r.headers } });
    return simulatedAnswer(connection, r);
  };
  for (const call of await adapter.request(update, connection, read)) {
    calls.push({ method: call.method, path: call.path, headers: { ...JSON_HEADERS, ...adapter.authShown, ...call.headers }, body: call.body });
  }
  return calls;
}

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
