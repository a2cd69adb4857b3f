import { DEFAULT_USER_PREFERENCES, createStaffRequest, updateStaffRequest, userPreferences } from './staff-contract';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message) ?? [];

describe('staff requests', () => {
  it('stores an email trimmed and lower-cased, a Turkish capital İ becoming the ASCII i', () => {
    const parsed = createStaffRequest.parse({ name: 'Ayşe', email: '  AYSE.İnce@Lokanta.COM ', role: 'waiter' });
    expect(parsed.email).toBe('ayse.ince@lokanta.com');
  });

  it('refuses an email that is not one, in Turkish', () => {
    expect(messagesOf(createStaffRequest.safeParse({ name: 'Ayşe', email: 'ayse@', role: 'waiter' }))).toEqual(['Geçerli bir e-posta adresi girin']);
  });

  it('needs a version of at least 1 to change a member', () => {
    expect(updateStaffRequest.safeParse({ name: 'Ayşe', role: 'waiter', version: 1 }).success).toBe(true);
    expect(updateStaffRequest.safeParse({ name: 'Ayşe', role: 'waiter', version: 0 }).success).toBe(false);
    expect(messagesOf(updateStaffRequest.safeParse({ name: 'Ayşe', role: 'waiter' }))).toEqual(['Sürüm (version) gerekli']);
  });
});

describe('user preferences', () => {
  it.each([0, 100])('take a volume of %i', (volume) => {
    expect(userPreferences.safeParse({ ...DEFAULT_USER_PREFERENCES, volume }).success).toBe(true);
  });

  it.each([-1, 101])('refuse a volume of %i in Turkish', (volume) => {
    expect(messagesOf(userPreferences.safeParse({ ...DEFAULT_USER_PREFERENCES, volume }))).toEqual(['Ses düzeyi 0 ile 100 arasında olmalı']);
  });

  it.each([12, 32])('take a ticket text size of %i px', (fontSize) => {
    expect(userPreferences.safeParse({ ...DEFAULT_USER_PREFERENCES, fontSize }).success).toBe(true);
  });

  it.each([11, 33])('refuse a ticket text size of %i px in Turkish', (fontSize) => {
    expect(messagesOf(userPreferences.safeParse({ ...DEFAULT_USER_PREFERENCES, fontSize }))).toEqual(['Yazı boyutu 12 ile 32 arasında olmalı']);
  });

  it('refuse a table view other than list or floor', () => {
    expect(messagesOf(userPreferences.safeParse({ ...DEFAULT_USER_PREFERENCES, tableView: 'grid' }))).toEqual(["Görünüm 'list' ya da 'floor' olmalı"]);
  });

  it('start with sound on at 70, 16 px text and the floor view', () => {
    expect(DEFAULT_USER_PREFERENCES).toMatchObject({ soundEnabled: true, volume: 70, fontSize: 16, tableView: 'floor', station: '', defaultSectionId: '' });
    expect(userPreferences.parse(DEFAULT_USER_PREFERENCES)).toEqual(DEFAULT_USER_PREFERENCES);
  });
});
