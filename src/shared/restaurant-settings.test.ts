import { defaultRestaurantSettings, restaurantSettings, type RestaurantSettings } from './restaurant-settings';

type Patch = (s: RestaurantSettings) => RestaurantSettings;
const base = () => defaultRestaurantSettings('Çınar Lokantası');

/** The one message the schema gives for the changed document, keyed by its path ('' = accepted). */
function verdict(patch: Patch): Record<string, string> {
  const result = restaurantSettings.safeParse(patch(base()));
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('restaurant settings rules', () => {
  it('accepts the defaults of a new restaurant as they are', () => {
    const parsed = restaurantSettings.parse(base());
    expect(parsed).toEqual(base());
  });

  it('wants the late time longer than the warning time, not equal', () => {
    expect(verdict((s) => ({ ...s, kitchenThresholds: { warnMinutes: 15, lateMinutes: 16 } }))).toEqual({});
    expect(verdict((s) => ({ ...s, kitchenThresholds: { warnMinutes: 15, lateMinutes: 15 } }))).toEqual({
      'kitchenThresholds.lateMinutes': 'Gecikme süresi uyarı süresinden uzun olmalı',
    });
    expect(verdict((s) => ({ ...s, kitchenThresholds: { warnMinutes: 0, lateMinutes: 15 } }))).toEqual({
      'kitchenThresholds.warnMinutes': 'Uyarı süresi en az 1 dakika olmalı',
    });
    expect(verdict((s) => ({ ...s, kitchenThresholds: { warnMinutes: 10, lateMinutes: 481 } }))).toEqual({
      'kitchenThresholds.lateMinutes': 'Gecikme süresi en fazla 480 dakika olabilir',
    });
  });

  it('wants a meal card brand only while meal cards are taken', () => {
    expect(verdict((s) => ({ ...s, mealCardBrands: [] }))).toEqual({ mealCardBrands: 'Yemek kartı açıkken en az bir marka seçilmeli' });
    expect(verdict((s) => ({ ...s, paymentMethods: ['cash', 'card'], mealCardBrands: [] }))).toEqual({});
    expect(verdict((s) => ({ ...s, paymentMethods: [] }))).toEqual({ paymentMethods: 'En az bir ödeme yöntemi açık olmalı' });
  });

  it('takes a service charge from 0 to 25 and a VAT rate of 1, 10 or 20', () => {
    expect(verdict((s) => ({ ...s, serviceChargePercent: 25 }))).toEqual({});
    expect(verdict((s) => ({ ...s, serviceChargePercent: 25.5 }))).toEqual({ serviceChargePercent: 'Servis ücreti 0 ile 25 arasında olmalı' });
    expect(verdict((s) => ({ ...s, serviceChargePercent: -1 }))).toEqual({ serviceChargePercent: 'Servis ücreti 0 ile 25 arasında olmalı' });
    expect(verdict((s) => ({ ...s, defaultVatRate: 18 as 20 }))).toEqual({ defaultVatRate: 'KDV oranı %1, %10 ya da %20 olmalı' });
  });

  it('takes a tax number of 10 or 11 digits, or none', () => {
    for (const taxNumber of ['', '1234567890', '12345678901']) expect(verdict((s) => ({ ...s, profile: { ...s.profile, taxNumber } }))).toEqual({});
    for (const taxNumber of ['123456789', '123456789012', '12345abcde']) {
      expect(verdict((s) => ({ ...s, profile: { ...s.profile, taxNumber } }))).toEqual({
        'profile.taxNumber': 'Vergi numarası 10 haneli (şirket) ya da 11 haneli (TC kimlik no) olmalı',
      });
    }
  });

  it('takes a business day start hour from 0 to 23, whole', () => {
    expect(verdict((s) => ({ ...s, businessDayStartHour: 0 }))).toEqual({});
    expect(verdict((s) => ({ ...s, businessDayStartHour: 23 }))).toEqual({});
    expect(verdict((s) => ({ ...s, businessDayStartHour: 24 }))).toEqual({ businessDayStartHour: 'Gün başlangıç saati 0 ile 23 arasında olmalı' });
    expect(verdict((s) => ({ ...s, businessDayStartHour: 5.5 }))).toEqual({ businessDayStartHour: 'Gün başlangıç saati tam saat olmalı' });
    expect(verdict((s) => ({ ...s, timeZone: 'Europe/Ankara' }))).toEqual({ timeZone: 'Geçersiz saat dilimi' });
  });

  it('takes QR ordering hours as SS:DD that may run past midnight, but not starting where they end', () => {
    const withHours = (from: string, to: string): Patch => (s) => ({ ...s, qrOrdering: { enabled: true, confirmBy: 'waiter', hours: { from, to } } });
    expect(verdict(withHours('18:00', '02:00'))).toEqual({});
    expect(verdict(withHours('00:00', '23:59'))).toEqual({});
    expect(verdict(withHours('11:00', '11:00'))).toEqual({ 'qrOrdering.hours.to': 'Sipariş saatlerinin başlangıcı ve bitişi aynı olamaz' });
    expect(verdict(withHours('24:00', '02:00'))).toEqual({ 'qrOrdering.hours.from': 'Sipariş başlangıç saati SS:DD biçiminde olmalı (ör. 11:00)' });
    expect(verdict(withHours('9:00', '17:00'))).toEqual({ 'qrOrdering.hours.from': 'Sipariş başlangıç saati SS:DD biçiminde olmalı (ör. 11:00)' });
    expect(verdict(withHours('09:00', '17:60'))).toEqual({ 'qrOrdering.hours.to': 'Sipariş bitiş saati SS:DD biçiminde olmalı (ör. 11:00)' });
  });

  it('reads a document saved before the later fields with their defaults', () => {
    const { compReasons, courses, kitchenRingsForOnlineOrders, mapTileUrl, qrOrdering, ...old } = base();
    void [compReasons, courses, kitchenRingsForOnlineOrders, mapTileUrl, qrOrdering];
    expect(restaurantSettings.parse(old)).toMatchObject({
      compReasons: ['Müdavim', 'Gecikme telafisi', 'Doğum günü', 'Şikâyet'],
      courses: ['Ara sıcak', 'Ana yemek', 'Tatlı'],
      kitchenRingsForOnlineOrders: false,
      mapTileUrl: '',
      qrOrdering: { enabled: false, confirmBy: 'waiter', hours: null },
    });
  });

  it('takes a map tile address only over https with {z}, and a public menu address over http or https', () => {
    expect(verdict((s) => ({ ...s, mapTileUrl: 'https://tile.example.org/{z}/{x}/{y}.png' }))).toEqual({});
    expect(verdict((s) => ({ ...s, mapTileUrl: 'http://tile.example.org/{z}/{x}/{y}.png' }))).toEqual({
      mapTileUrl: "Harita adresi 'https://' ile başlamalı ve {z}, {x}, {y} içermeli",
    });
    expect(verdict((s) => ({ ...s, publicMenu: { enabled: true, baseUrl: 'https://menu.cinar.com.tr' } }))).toEqual({});
    expect(verdict((s) => ({ ...s, publicMenu: { enabled: true, baseUrl: 'menu.cinar.com.tr' } }))).toEqual({
      'publicMenu.baseUrl': "Adres 'https://' ile başlayan bir internet adresi olmalı",
    });
  });

  it('refuses the same course twice, Turkish case-insensitively', () => {
    expect(verdict((s) => ({ ...s, courses: ['Ana yemek', 'ANA YEMEK'] }))).toEqual({ courses: 'Aynı servis sırası iki kez yazılmış' });
    expect(verdict((s) => ({ ...s, courses: [] }))).toEqual({});
  });
});
