import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { inspectPlatformBody, PlatformBodyError } from './platform-inspect';
import { ADAPTERS } from './platforms';
import type { PlatformOrder } from './platforms/types';

/*
 * The delivery platforms' bodies exactly as they send them (tests/fixtures/platforms/, each file's
 * source in SOURCES.md there) read by the same adapters as the intake routes: type, payment,
 * customer, lines, options and totals, every number worked out by hand from the fixture below it.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const FIXTURES = path.join(ROOT, 'tests/fixtures/platforms');
const fixture = (platform: string, name: string) => JSON.parse(readFileSync(path.join(FIXTURES, platform, `${name}.json`), 'utf8')) as Record<string, any>;
/** The adapter's whole order, money included (the inspect command prints only its public shape). */
const orderOf = (platform: 'yemeksepeti' | 'getir' | 'trendyol', body: unknown): PlatformOrder => {
  const adapter = ADAPTERS[platform];
  return adapter.toOrder(adapter.payload.parse(body) as never);
};
const refusal = (platform: string, body: unknown, options?: { externalId?: string }) => {
  try {
    inspectPlatformBody(platform, body, options);
  } catch (err) {
    if (err instanceof PlatformBodyError) return err.message;
    throw err;
  }
  throw new Error('okundu');
};

describe('Yemeksepeti (Delivery Hero order dispatch)', () => {
  it('reads Delivery Hero’s genericOrderExample: a paid pickup order, string amounts, a topping', () => {
    const body = fixture('yemeksepeti', 'generic-order-example');
    expect(inspectPlatformBody('yemeksepeti', body)).toEqual({
      kind: 'order',
      externalId: 'n0s1-w0k1',
      isTest: false,
      type: 'takeaway',
      payment: { method: 'online', brand: null },
      // a pickup order is fetched at the counter: no address; "+49 99999999" in E.164
      customer: { name: 'food panda', phone: '+4999999999', address: null, lat: null, lng: null },
      lines: [
        {
          code: 'ID_FOR_DOUBLE_CHEESE_BURGER_ON_POS',
          name: 'Double Cheese Burger',
          quantity: 1,
          unitPriceKurus: 642,
          options: [{ code: 'ID_FOR_EXTRA_CHEESE_ON_POS', name: 'extra cheese', priceKurus: 150 }],
          note: 'No cheese please',
        },
      ],
      // (6.42 + 1.50) × 1
      foodTotalKurus: 792,
      // price.grandTotal "25.50"
      customerPaysKurus: 2550,
      note: 'Please hurry, I am hungry',
      // "pickup": null: no pickup time given
      expectedAt: null,
    });
    // the packaging fee (deliveryFees 2.5); discount shares PLATFORM 3 + THIRD_PARTY 3, VENDOR 3; paid online
    expect(orderOf('yemeksepeti', body)).toMatchObject({ deliveryFeeKurus: 250, platformDiscountKurus: 600, restaurantDiscountKurus: 300, collectAtDoorKurus: 0, platformCourier: false, token: '5f373562-591a-4db9-8609-7eec7880f28d' });
  });

  it('reads Delivery Hero’s orderWithItemLevelDiscountsAndSponsor: quantity "4", card at the door, sponsored discounts, delivery fee', () => {
    const body = fixture('yemeksepeti', 'item-level-discounts-and-sponsor');
    expect(inspectPlatformBody('yemeksepeti', body)).toEqual({
      kind: 'order',
      externalId: 'platform_one-platform_vendor_one',
      isTest: false,
      type: 'delivery',
      // payment.status "pending", type "credit-card": a card reader at the door
      payment: { method: 'card', brand: null },
      customer: { name: 'first-name last-name', phone: '+4903023125000', address: 'Oranienburger Str. 70, Berlin', lat: 50.0710387, lng: 14.4650663 },
      lines: [{ code: 'remote-product-code-one', name: 'Cheese Burger', quantity: 4, unitPriceKurus: 250, options: [{ code: 'ID_FOR_EXTRA_CHEESE_ON_POS', name: 'extra cheese', priceKurus: 150 }], note: null }],
      // (2.50 + 1.50) × 4
      foodTotalKurus: 1600,
      // grandTotal "10" (Delivery Hero's example is illustrative, its parts do not add up to it)
      customerPaysKurus: 1000,
      note: 'some customer comment',
      expectedAt: '2023-03-05T20:55:00.000Z',
    });
    // deliveryFee "3"; PLATFORM 1.50 + 1.00 and THIRD_PARTY 1.50 are not the restaurant's; VENDOR 1.50 + 1.00 are
    expect(orderOf('yemeksepeti', body)).toMatchObject({ deliveryFeeKurus: 300, platformDiscountKurus: 400, restaurantDiscountKurus: 250, customerPaysKurus: 1000, collectAtDoorKurus: 1000, platformCourier: false });
  });

  it('books a discount that names no sponsor as the platform’s, never the restaurant’s money', () => {
    // the fixture's order, its VENDOR-funded "Burger Hour" (1.00) sent without sponsorships (the field is optional)
    const body = fixture('yemeksepeti', 'item-level-discounts-and-sponsor');
    const burgerHour = body.discounts.find((d: { name: string }) => d.name === 'Burger Hour');
    delete burgerHour.sponsorships;
    expect(orderOf('yemeksepeti', body)).toMatchObject({ platformDiscountKurus: 500, restaurantDiscountKurus: 150 });
  });

  it('reads the status update ORDER_CANCELLED, the order named by the URL (--external-id)', () => {
    const body = fixture('yemeksepeti', 'order-cancelled');
    expect(inspectPlatformBody('yemeksepeti', body, { externalId: 'n0s1-w0k1' })).toEqual({ kind: 'cancel', externalId: 'n0s1-w0k1', reason: 'Customer cancelled the order' });
    expect(refusal('yemeksepeti', body)).toBe('İptal edilen siparişin numarası yok: adreste ya da gövdede (code) olmalı');
  });

  it('counts a priced topping nested in children at any depth, takes "" as no charge, and a platform rider’s order without name or address', () => {
    const body = fixture('yemeksepeti', 'item-level-discounts-and-sponsor');
    // as Delivery Hero documents them: firstName may be missing, delivery.address null for its own rider (who has a pickup time)
    body.customer = { mobilePhone: '0532 123 45 67' };
    body.delivery = { ...body.delivery, address: null, riderPickupTime: '2023-03-05T20:45:00.000Z' };
    body.products[0].selectedToppings = [
      { name: 'Porsiyon', price: '', quantity: 1, children: [{ name: 'Ekstra Et', price: '120.00', quantity: 1, remoteCode: 'ET-120', children: [{ name: 'Acı Sos', price: '', quantity: 1, children: [] }] }] },
    ];
    const read = inspectPlatformBody('yemeksepeti', body);
    expect(read).toMatchObject({
      customer: { name: 'Yemeksepeti müşterisi', phone: '+905321234567', address: null, lat: null, lng: null },
      lines: [{ quantity: 4, unitPriceKurus: 250, options: [{ code: '', name: 'Porsiyon', priceKurus: 0 }, { code: 'ET-120', name: 'Ekstra Et', priceKurus: 12_000 }, { code: '', name: 'Acı Sos', priceKurus: 0 }] }],
      // (2.50 + 0 + 120 + 0) × 4
      foodTotalKurus: 49_000,
    });
    expect(orderOf('yemeksepeti', body).platformCourier).toBe(true);
  });

  it('writes the whole address on one line (building, floor, flat, area, district) and keeps a pickup order’s time', () => {
    const body = fixture('yemeksepeti', 'item-level-discounts-and-sponsor');
    Object.assign(body.delivery.address, { street: 'Moda Cad.', number: '28', building: 'Gül Apt.', floor: '3', flatNumber: '7', deliveryMainArea: 'Caferağa Mah.', district: 'Kadıköy', city: 'İstanbul', deliveryInstructions: 'Zile basmayın' });
    expect(inspectPlatformBody('yemeksepeti', body)).toMatchObject({ customer: { address: 'Moda Cad. 28, Bina Gül Apt., Kat 3, Daire 7, Caferağa Mah., Kadıköy, İstanbul, Zile basmayın' } });
    const pickup = { ...fixture('yemeksepeti', 'generic-order-example'), pickup: { pickupTime: '2016-03-14T17:30:00.000Z' } };
    expect(inspectPlatformBody('yemeksepeti', pickup)).toMatchObject({ type: 'takeaway', expectedAt: '2016-03-14T17:30:00.000Z' });
  });

  it('refuses Delivery Hero’s own placeholder quantity "string" in Turkish, naming the field', () => {
    const body = fixture('yemeksepeti', 'generic-order-example');
    body.products[0].quantity = 'string';
    expect(refusal('yemeksepeti', body)).toBe('Geçersiz sipariş: Adet bir tam sayı olmalı (products.0.quantity)');
    // a name is checked like every text Sofra keeps (no hidden direction changes on the kitchen card)
    const tricked = fixture('yemeksepeti', 'item-level-discounts-and-sponsor');
    tricked.customer.firstName = 'Ay\u202eşe';
    expect(refusal('yemeksepeti', tricked)).toBe('Geçersiz sipariş: Müşteri adı yazı yönünü değiştiren görünmez karakter içeremez (customer.firstName)');
  });
});

describe('Getir Yemek (webhooks in their {"foodOrder"} envelope)', () => {
  it('reads a new order: Kapıda Nakit (4) is cash, option categories, totalDiscountedPrice is what the customer pays', () => {
    const body = fixture('getir', 'new-order-webhook');
    expect(inspectPlatformBody('getir', body)).toEqual({
      kind: 'order',
      externalId: '6744a1f2c5e0b7001c9d3a41',
      isTest: false,
      type: 'delivery',
      payment: { method: 'cash', brand: null },
      // the webhook's number is masked: no number until the order is read
      customer: { name: 'Elif K.', phone: null, address: 'Caferağa Mah. Moda Cad. No: 28, Apt. Deniz Apt., Kat 3, Daire 7, Kadıköy, İstanbul, Eczanenin üstü', lat: 40.9862, lng: 29.0253 },
      lines: [
        {
          code: '62d0f1b3a8e4c9001b2e7f10',
          name: 'Adana Kebap',
          quantity: 2,
          unitPriceKurus: 18_000,
          options: [
            { code: '62d0f1b3a8e4c9001b2e7f21', name: '1,5 Porsiyon', priceKurus: 6000 },
            { code: '62d0f1b3a8e4c9001b2e7f31', name: 'Ayran', priceKurus: 2500 },
          ],
          note: 'Az pişmiş olsun',
        },
        { code: '62d0f1b3a8e4c9001b2e7f40', name: 'Künefe', quantity: 1, unitPriceKurus: 12_000, options: [], note: null },
      ],
      // (180 + 60 + 25) × 2 + 120 = totalPrice 650
      foodTotalKurus: 65_000,
      customerPaysKurus: 60_000,
      note: 'Zile basmayın, bebek uyuyor · Kapıyı çalmayın',
      expectedAt: null,
    });
    // 650 − 600 off; the restaurant's courier (deliveryType 2) collects 600 in cash
    expect(orderOf('getir', body)).toMatchObject({ platformDiscountKurus: 5000, restaurantDiscountKurus: 0, deliveryFeeKurus: 0, collectAtDoorKurus: 60_000, platformCourier: false });
  });

  it('reads a scheduled order (325): its promised time, Kapıda Multinet (5) as a meal card, Getir’s courier', () => {
    const body = fixture('getir', 'scheduled-order-webhook');
    expect(inspectPlatformBody('getir', body)).toEqual({
      kind: 'order',
      externalId: '6744b9e0c5e0b7001c9d4f10',
      isTest: false,
      type: 'delivery',
      payment: { method: 'meal_card', brand: 'Multinet' },
      customer: { name: 'Murat Y.', phone: null, address: 'Kozyatağı Mah. Değirmen Sok. No: 14, Apt. Nida Plaza, Kat 5, Daire 12, Kadıköy, İstanbul', lat: 40.9723, lng: 29.0965 },
      lines: [{ code: '62d0f1b3a8e4c9001b2e8a10', name: 'Mercimek Çorbası', quantity: 3, unitPriceKurus: 8500, options: [{ code: '62d0f1b3a8e4c9001b2e8a21', name: 'Lavaş', priceKurus: 0 }], note: null }],
      // 85 × 3
      foodTotalKurus: 25_500,
      customerPaysKurus: 25_500,
      note: null,
      expectedAt: '2026-11-27T14:15:00.000Z',
    });
    expect(orderOf('getir', body)).toMatchObject({ platformCourier: true, collectAtDoorKurus: 25_500 });
  });

  it('reads the cancel webhook: cancelReason {id, messages} and the cancelNote', () => {
    expect(inspectPlatformBody('getir', fixture('getir', 'cancel-order-webhook'))).toEqual({
      kind: 'cancel',
      externalId: '6744a1f2c5e0b7001c9d3a41',
      reason: 'Müşteri siparişi iptal etti — Adresi yanlış girdim, yeniden sipariş vereceğim',
    });
  });

  it('names a payment id outside the published list by paymentMethodText, and refuses one it cannot name', () => {
    const body = fixture('getir', 'new-order-webhook');
    body.foodOrder.paymentMethod = 90;
    body.foodOrder.paymentMethodText = { tr: 'Kapıda Kredi Kartı', en: 'Card at the door' };
    expect(inspectPlatformBody('getir', body)).toMatchObject({ payment: { method: 'card', brand: null } });
    body.foodOrder.paymentMethodText = { tr: 'Kapıda Setcard' };
    expect(inspectPlatformBody('getir', body)).toMatchObject({ payment: { method: 'meal_card', brand: 'Setcard' } });
    delete body.foodOrder.paymentMethodText;
    expect(refusal('getir', body)).toBe("Getir ödeme yöntemi tanınmadı (paymentMethod 90): Getir'in ödeme yöntemleri listesine bakın");
  });
});

describe('Trendyol Go (meal packages)', () => {
  it('reads a package for the restaurant’s own courier: quantity = items not cancelled, modifiers, extras, removed ingredients, paid by card online', () => {
    const body = fixture('trendyol', 'own-courier-package');
    expect(inspectPlatformBody('trendyol', body)).toEqual({
      kind: 'order',
      externalId: '4dc2e9573983ce9fb97aa905df33f06fc3717b775a1d8391de1ca3750a9de6a4',
      isTest: false,
      type: 'delivery',
      payment: { method: 'online', brand: null },
      // the masked "TGO Yemek" apartment, floor and door are dropped; the phone is address.phone
      customer: { name: 'Oms M', phone: '+902123653403', address: 'Gündoğdu Koleji Yanı, 9 kat 2 daire, Caferağa, Kadıköy, İstanbul, Kadıköy - ISA2', lat: 40.983687, lng: 29.0272959 },
      lines: [
        {
          code: '31245501',
          name: 'Adana Dürüm',
          // two items, one cancelled
          quantity: 1,
          unitPriceKurus: 14_500,
          options: [
            { code: '31245610', name: 'Acılı', priceKurus: 0 },
            { code: '9101', name: 'Ekstra Lavaş', priceKurus: 750 },
            { code: '9102', name: 'Közlenmiş Biber', priceKurus: 1500 },
          ],
          note: 'Soğan olmasın',
        },
        { code: '31245777', name: 'Ayran', quantity: 1, unitPriceKurus: 7500, options: [], note: null },
      ],
      // (145 + 0 + 7.50 + 15) × 1 + 75 × 1
      foodTotalKurus: 24_250,
      // totalPrice 602.7 as Trendyol's model shows it (its lines are trimmed there)
      customerPaysKurus: 60_270,
      note: 'Servis İstiyorum',
      expectedAt: null,
    });
    expect(orderOf('trendyol', body)).toMatchObject({ collectAtDoorKurus: 0, platformCourier: false, platformDiscountKurus: 0, restaurantDiscountKurus: 0 });
  });

  it('puts an ingredient removed inside a chosen modifier into the line’s note with the line’s own', () => {
    // the fixture's package, its modifier "Acılı" given a removed ingredient in the package model's
    // own field (modifierProducts[].removedIngredients, see tests/fixtures/platforms/SOURCES.md); the value is ours
    const body = fixture('trendyol', 'own-courier-package');
    body.lines[0].modifierProducts[0].removedIngredients = [{ id: 9202, name: 'Maydanoz' }];
    const [adana] = (inspectPlatformBody('trendyol', body) as { lines: { note: string | null }[] }).lines;
    expect(adana.note).toBe('Soğan, Maydanoz olmasın');
  });

  it('reads a GO package paid in cash at the door: Trendyol’s placeholders are no address', () => {
    const body = fixture('trendyol', 'go-courier-cash-package');
    expect(inspectPlatformBody('trendyol', body)).toMatchObject({
      type: 'delivery',
      payment: { method: 'cash', brand: null },
      customer: { name: 'Oms M', phone: '+902123653403', address: null, lat: null, lng: null },
      foodTotalKurus: 24_250,
      customerPaysKurus: 60_270,
    });
    expect(orderOf('trendyol', body)).toMatchObject({ collectAtDoorKurus: 60_270, platformCourier: true });
  });

  it('keeps for Reddet only the package items not cancelled (Trendyol’s unsupplied names units still open)', () => {
    const body = fixture('trendyol', 'own-courier-package');
    const order = ADAPTERS.trendyol.toOrder(ADAPTERS.trendyol.payload.parse(body) as never);
    // the second Adana Dürüm (1000008723597) was cancelled on the package
    expect(order.itemIds).toEqual(['1000008723596', '1000008723598']);
  });

  it('reads a cancelled package', () => {
    expect(inspectPlatformBody('trendyol', fixture('trendyol', 'cancelled-package'))).toEqual({ kind: 'cancel', externalId: 'p1', reason: null });
  });

  it('reads a meal card paid online, a Gel-Al package and a test package', () => {
    const body = fixture('trendyol', 'own-courier-package');
    body.payment = { paymentType: 'PAY_WITH_MEAL_CARD', mealCard: { cardSourceType: 'PLUXEE - ONLINE' }, onDelivery: null };
    body.storePickupSelected = true;
    body.testPackage = true;
    expect(inspectPlatformBody('trendyol', body)).toMatchObject({ isTest: true, type: 'takeaway', payment: { method: 'meal_card', brand: 'Pluxee' }, customer: { address: null } });
    expect(orderOf('trendyol', body).collectAtDoorKurus).toBe(0);
    body.payment = { paymentType: 'PAY_WITH_CASH' };
    expect(refusal('trendyol', body)).toBe('Trendyol ödeme tipi tanınmadı: PAY_WITH_CASH (PAY_WITH_CARD, PAY_WITH_MEAL_CARD ya da PAY_WITH_ON_DELIVERY olmalı)');
  });
});

describe('npm run platform:inspect', () => {
  it('prints the order as one JSON object, and exits 1 with the Turkish reason for a body it cannot read', async () => {
    // inside the project, so the bundle finds its dependencies in node_modules as dist/server does
    mkdirSync(path.join(ROOT, 'node_modules/.cache'), { recursive: true });
    const out = mkdtempSync(path.join(ROOT, 'node_modules/.cache/sofra-inspect-'));
    try {
      // bundled as scripts/build-server.mjs bundles it
      await build({ entryPoints: [path.join(ROOT, 'src/server/platform-inspect.ts')], bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', outdir: out, logLevel: 'warning' });
      const cli = path.join(out, 'platform-inspect.js');
      const run = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { cwd: ROOT, encoding: 'utf8' });
      const ok = run('getir', path.join(FIXTURES, 'getir/new-order-webhook.json'));
      expect(ok.status, ok.stderr).toBe(0);
      expect(JSON.parse(ok.stdout)).toMatchObject({ kind: 'order', payment: { method: 'cash' }, foodTotalKurus: 65_000, customerPaysKurus: 60_000 });
      const cancel = run('yemeksepeti', path.join(FIXTURES, 'yemeksepeti/order-cancelled.json'), '--external-id', 'YS-1');
      expect(JSON.parse(cancel.stdout)).toEqual({ kind: 'cancel', externalId: 'YS-1', reason: 'Customer cancelled the order' });
      const bad = run('trendyol', path.join(FIXTURES, 'getir/new-order-webhook.json'));
      expect(bad.status).toBe(1);
      expect(bad.stdout).toBe('');
      expect(bad.stderr.trim()).toBe("Geçersiz sipariş: deliveryType 'GO' ya da 'STORE' olmalı (deliveryType)");
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
