import type { OnlinePaymentMethod } from '../../../shared/online-orders-contract';

/**
 * A realistic sample order for Deneme Siparişleri, before it is written in a platform's own format
 * (platform-simulator-payloads.ts): a Turkish customer at an Istanbul address near the demo
 * restaurant, 1–4 dishes of the menu with their options and sometimes a note, paid online or at
 * the door (cash, card, meal card), sometimes with the platform's discount. `rand` is injectable
 * so tests can fix the dice.
 */

export type Rand = () => number;

/** A dish the sample may order: its code on the platform (or its id on the Sofra channel) and its options. */
export interface PoolDish {
  code: string;
  itemId: string;
  name: string;
  priceKurus: number;
  groups: { name: string; isRequired: boolean; isMultiple: boolean; minChoices: number; maxChoices: number; options: { id: string; name: string; priceKurus: number }[] }[];
}

export interface SampleLine {
  dish: PoolDish;
  quantity: number;
  options: { id: string; groupName: string; name: string; priceKurus: number; isVariant: boolean }[];
  note: string | null;
  /** an ingredient left out ("Soğan"): Trendyol sends it as its own field, the others as a note */
  without: string | null;
}

export interface SampleOrder {
  firstName: string;
  lastName: string;
  /** digits only, without the country code: "5321234567" */
  mobile: string;
  address: { neighbourhood: string; street: string; number: string; district: string; lat: number; lng: number; apt: string; floor: string; door: string; instructions: string | null };
  lines: SampleLine[];
  payment: { method: OnlinePaymentMethod; brand: string | null };
  /** the platform's own discount (kuruş), 0 for none */
  discountKurus: number;
  note: string | null;
  /** per-unit price with options × quantity, summed (kuruş) */
  subtotalKurus: number;
}

const FIRST_NAMES = ['Ayşe', 'Mehmet', 'Zeynep', 'Mustafa', 'Elif', 'Ahmet', 'Fatma', 'Emre', 'Selin', 'Burak', 'Merve', 'Can', 'Deniz', 'Gizem', 'Oğuz', 'Ece', 'Serkan', 'Büşra', 'Kerem', 'İrem', 'Hülya', 'Tolga'];
const LAST_NAMES = ['Yılmaz', 'Kaya', 'Demir', 'Şahin', 'Çelik', 'Yıldız', 'Yıldırım', 'Öztürk', 'Aydın', 'Özdemir', 'Arslan', 'Doğan', 'Kılıç', 'Aslan', 'Çetin', 'Koç', 'Kurt', 'Özkan', 'Şimşek', 'Güneş'];

/** Streets of Kadıköy and Üsküdar with their coordinates (a courier's trip of a few kilometres). */
const STREETS: [neighbourhood: string, street: string, district: string, lat: number, lng: number][] = [
  ['Caferağa Mah.', 'Moda Cad.', 'Kadıköy', 40.9855, 29.0262],
  ['Caferağa Mah.', 'Dr. Esat Işık Cad.', 'Kadıköy', 40.983, 29.028],
  ['Osmanağa Mah.', 'Bahariye Cad.', 'Kadıköy', 40.9886, 29.0297],
  ['Osmanağa Mah.', 'Kuşdili Cad.', 'Kadıköy', 40.9912, 29.03],
  ['Rasimpaşa Mah.', 'Söğütlüçeşme Cad.', 'Kadıköy', 40.992, 29.0336],
  ['Fenerbahçe Mah.', 'Fenerbahçe Cad.', 'Kadıköy', 40.9735, 29.0395],
  ['Zühtüpaşa Mah.', 'Kalamış Fener Cad.', 'Kadıköy', 40.9772, 29.0395],
  ['Caddebostan Mah.', 'Bağdat Cad.', 'Kadıköy', 40.9641, 29.0705],
  ['Acıbadem Mah.', 'Acıbadem Cad.', 'Kadıköy', 41.0025, 29.0446],
  ['Koşuyolu Mah.', 'Mahmut Yesari Sok.', 'Kadıköy', 41.01, 29.035],
  ['Hasanpaşa Mah.', 'Fahrettin Kerim Gökay Cad.', 'Kadıköy', 40.9969, 29.0432],
  ['Mimar Sinan Mah.', 'Hakimiyeti Milliye Cad.', 'Üsküdar', 41.0246, 29.015],
  ['Aziz Mahmut Hüdayi Mah.', 'Doğancılar Cad.', 'Üsküdar', 41.021, 29.016],
];
const INSTRUCTIONS = ['Zil 4', 'Kapı kodu 1234', 'Eczanenin üstü', 'Site girişinde güvenliğe bırakın', 'Mavi kapı, bahçe katı', 'Market yanındaki apartman'];
const LINE_NOTES = ['Acısız olsun', 'Bol limonlu', 'Sos ayrı gelsin', 'Ekmek koymayın', 'İyice ısıtılmış olsun'];
const WITHOUT = ['Soğan', 'Maydanoz', 'Nane', 'Acı biber', 'Domates'];
const ORDER_NOTES = ['Zili çalmayın, bebek uyuyor', 'Kapıda arayın', 'Çatal bıçak istemiyorum', 'Servis ve peçete istemiyorum', 'Kapıya bırakabilirsiniz'];
const MEAL_CARDS = ['Multinet', 'Pluxee', 'Edenred', 'Setcard', 'Metropol'];
const OPERATOR_PREFIXES = ['532', '533', '535', '537', '542', '544', '505', '506', '553', '555'];
const DISCOUNTS_KURUS = [2000, 3000, 5000, 7500];

export const pick = <T>(rand: Rand, list: readonly T[]): T => list[Math.floor(rand() * list.length) % list.length];
const chance = (rand: Rand, p: number) => rand() < p;
const digits = (rand: Rand, n: number) => Array.from({ length: n }, () => Math.floor(rand() * 10)).join('');

/** Required groups get their choices (the first for a size, so most portions stay single); optional ones sometimes one. */
function chooseOptions(rand: Rand, dish: PoolDish): SampleLine['options'] {
  const chosen: SampleLine['options'] = [];
  for (const g of dish.groups) {
    if (g.options.length === 0) continue;
    const isVariant = g.isRequired && !g.isMultiple;
    if (g.isRequired) {
      const first = chance(rand, 0.7) ? g.options[0] : pick(rand, g.options);
      chosen.push({ id: first.id, groupName: g.name, name: first.name, priceKurus: first.priceKurus, isVariant });
      for (const extra of g.options.filter((o) => o.id !== first.id).slice(0, Math.max(0, g.minChoices - 1))) {
        chosen.push({ id: extra.id, groupName: g.name, name: extra.name, priceKurus: extra.priceKurus, isVariant });
      }
    } else if (chance(rand, 0.35) && g.maxChoices > 0) {
      const option = pick(rand, g.options);
      chosen.push({ id: option.id, groupName: g.name, name: option.name, priceKurus: option.priceKurus, isVariant });
    }
  }
  return chosen;
}

const PAYMENT_MIX: OnlinePaymentMethod[] = ['online', 'online', 'online', 'online', 'cash', 'cash', 'card', 'card', 'meal_card', 'meal_card'];

export function buildSample(pool: readonly PoolDish[], rand: Rand = Math.random, payment?: OnlinePaymentMethod): SampleOrder {
  const dishes = [...pool];
  const count = Math.min(dishes.length, 1 + Math.floor(rand() * 4));
  const lines: SampleLine[] = [];
  for (let i = 0; i < count; i++) {
    const [dish] = dishes.splice(Math.floor(rand() * dishes.length) % dishes.length, 1);
    lines.push({
      dish,
      quantity: chance(rand, 0.7) ? 1 : chance(rand, 0.75) ? 2 : 3,
      options: chooseOptions(rand, dish),
      note: chance(rand, 0.25) ? pick(rand, LINE_NOTES) : null,
      without: chance(rand, 0.15) ? pick(rand, WITHOUT) : null,
    });
  }
  const subtotalKurus = lines.reduce((sum, l) => sum + (l.dish.priceKurus + l.options.reduce((s, o) => s + o.priceKurus, 0)) * l.quantity, 0);
  const method = payment ?? pick(rand, PAYMENT_MIX);
  const discount = chance(rand, 0.35) ? pick(rand, DISCOUNTS_KURUS) : 0;
  const [neighbourhood, street, district, lat, lng] = pick(rand, STREETS);
  return {
    firstName: pick(rand, FIRST_NAMES),
    lastName: pick(rand, LAST_NAMES),
    mobile: `${pick(rand, OPERATOR_PREFIXES)}${digits(rand, 7)}`,
    address: {
      neighbourhood,
      street,
      number: String(1 + Math.floor(rand() * 180)),
      district,
      // a few dozen metres around the street's point, so two orders of one street are two doors
      lat: Math.round((lat + (rand() - 0.5) * 0.002) * 1e6) / 1e6,
      lng: Math.round((lng + (rand() - 0.5) * 0.002) * 1e6) / 1e6,
      apt: `${pick(rand, ['Gül', 'Lale', 'Yasemin', 'Deniz', 'Park', 'Huzur'])} Apt.`,
      floor: String(1 + Math.floor(rand() * 6)),
      door: String(1 + Math.floor(rand() * 14)),
      instructions: chance(rand, 0.6) ? pick(rand, INSTRUCTIONS) : null,
    },
    lines,
    payment: { method, brand: method === 'meal_card' ? pick(rand, MEAL_CARDS) : null },
    // a platform's campaign never takes more than a fifth of the basket
    discountKurus: discount > 0 && discount * 5 <= subtotalKurus ? discount : 0,
    note: chance(rand, 0.4) ? pick(rand, ORDER_NOTES) : null,
    subtotalKurus,
  };
}

/** A line's note as Yemeksepeti, Getir and the Sofra channel carry it (the left-out ingredient included). */
export function lineNote(line: SampleLine): string | null {
  const parts = [line.note, line.without && `${line.without} olmasın`].filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}

/** Kuruş → the TL text platforms send ("255.00"). */
export const tl = (kurus: number) => (kurus / 100).toFixed(2);
