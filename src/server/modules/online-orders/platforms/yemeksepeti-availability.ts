import { z } from 'zod';
import { NoCallNeeded, type HttpCall, type PlatformConnection, type PlatformReader } from './types';

/**
 * Yoğunuz on Yemeksepeti = Delivery Hero's vendor availability (its "POS Vendor Availability
 * Status"): a vendor is named by the chain code and the POS vendor id (the remoteId the middleware
 * sends orders to). `GET /v2/chains/{chainCode}/remoteVendors/{posVendorId}/availability` lists the
 * vendor on each Delivery Hero platform it sells on, with `platformKey` and `platformRestaurantId`,
 * whether the POS may change it (`changeable`), the states, reasons and closing minutes that
 * platform accepts; a 204 means the answer is not ready yet ("retry in a couple of seconds": the
 * outbox retries). `PUT` on the same path with `{availabilityState: "CLOSED_UNTIL", platformKey,
 * platformRestaurantId, closedReason, closingMinutes}` closes one of them. So the PUT needs the GET
 * first, as Delivery Hero's documentation says ("first call GET to verify changeable") and as
 * integrators do (tests/fixtures/platforms/SOURCES.md names them).
 *
 * Only a vendor that is OPEN is closed: one Delivery Hero closed itself (too many rejected orders,
 * a holiday) is not Sofra's to touch, and closing a vendor closed for the day "until 30 minutes
 * from now" would open it earlier than its owner chose.
 */

export const YS_AVAILABILITY_MESSAGES = {
  noChainCode: 'Yemeksepeti zincir kodu (chain code) girilmemiş: Ayarlar > Yemek Platformları’nda yazın',
  noVendorId: 'Yemeksepeti POS restoran kodu (remoteId) girilmemiş: Ayarlar > Yemek Platformları’nda yazın',
  notReady: 'Delivery Hero restoranın durumunu henüz hazırlamadı (204): birazdan yeniden denenecek',
  unreadable: 'Delivery Hero’nun restoran durumu yanıtı okunamadı',
  notChangeable: 'Delivery Hero bu restoranın durumunu POS’tan değiştirmeye izin vermiyor (changeable: false): Yemeksepeti ile görüşün',
  alreadyClosed: 'Yemeksepeti’nde restoran zaten kapalı: kapatılacak açık bir platform yok',
} as const;

const platformVendor = z.object({
  availabilityState: z.string().nullish(),
  availabilityStates: z.array(z.string()).nullish(),
  changeable: z.boolean().nullish(),
  closingMinutes: z.array(z.number()).nullish(),
  closingReasons: z.array(z.string()).nullish(),
  platformKey: z.string().min(1),
  // Delivery Hero's own request example writes it as a number, its schema as a string
  platformRestaurantId: z.union([z.string().min(1), z.number()]).transform(String),
  platformType: z.string().nullish(),
});
const availabilityAnswer = z.array(platformVendor);
type PlatformVendor = z.infer<typeof platformVendor>;

/** Sofra's Yoğunuz is a busy kitchen; a platform that does not list that reason is told OTHER, else its first. */
function closedReasonOf(vendor: PlatformVendor) {
  const reasons = vendor.closingReasons ?? [];
  if (reasons.length === 0 || reasons.includes('TOO_BUSY_KITCHEN')) return 'TOO_BUSY_KITCHEN';
  return reasons.includes('OTHER') ? 'OTHER' : reasons[0];
}

/** The shortest closing the platform offers that is not shorter than asked, else its longest; any when it lists none. */
export function closingMinutesOf(offered: readonly number[], asked: number) {
  if (offered.length === 0) return asked;
  const sorted = [...offered].sort((a, b) => a - b);
  return sorted.find((m) => m >= asked) ?? sorted[sorted.length - 1];
}

export const availabilityPath = (connection: PlatformConnection) =>
  `/v2/chains/${encodeURIComponent(connection.chainCode)}/remoteVendors/${encodeURIComponent(connection.remoteCode)}/availability`;

/** The PUTs that close the vendor for `minutes` on each Delivery Hero platform where it is open and changeable. */
export async function closeVendorCalls(connection: PlatformConnection, minutes: number, read: PlatformReader): Promise<HttpCall[]> {
  if (!connection.chainCode) throw new Error(YS_AVAILABILITY_MESSAGES.noChainCode);
  if (!connection.remoteCode) throw new Error(YS_AVAILABILITY_MESSAGES.noVendorId);
  const path = availabilityPath(connection);
  const answer = await read({ path });
  if (answer === null) throw new Error(YS_AVAILABILITY_MESSAGES.notReady);
  const parsed = availabilityAnswer.safeParse(answer);
  if (!parsed.success) throw new Error(YS_AVAILABILITY_MESSAGES.unreadable);
  const open = parsed.data.filter((v) => v.availabilityState === 'OPEN');
  const closable = open.filter((v) => v.changeable !== false && (!v.availabilityStates?.length || v.availabilityStates.includes('CLOSED_UNTIL')));
  if (open.length === 0) throw new NoCallNeeded(YS_AVAILABILITY_MESSAGES.alreadyClosed);
  if (closable.length === 0) throw new Error(YS_AVAILABILITY_MESSAGES.notChangeable);
  return closable.map((v) => ({
    method: 'PUT',
    path,
    body: {
      availabilityState: 'CLOSED_UNTIL',
      platformKey: v.platformKey,
      platformRestaurantId: v.platformRestaurantId,
      closedReason: closedReasonOf(v),
      closingMinutes: closingMinutesOf(v.closingMinutes ?? [], minutes),
    },
  }));
}
