import { and, eq } from 'drizzle-orm';
import { PIN_MESSAGES } from '../../../shared/pin-contract';
import type { Ticket } from '../../../shared/ticket-contract';
import { auditEvents } from '../../db/schema';
import { signedIn, staffedRestaurant, type TestContext } from '../../test-support/test-app';
import { billsTestApp, type BillsFixture } from '../bills/bills-test-kit';
import { pinKit } from './pin-test-kit';

/* The owner approves İndirim / İkram / İptal with their PIN, on a registered shared device only. */
let ctx: TestContext;
let f: BillsFixture;
let kit: ReturnType<typeof pinKit>;
let device: Record<string, string>;

beforeAll(async () => {
  ({ ctx, f } = await billsTestApp());
  kit = pinKit(ctx);
  device = (await kit.registerDevice(f.restaurant.id, f.restaurant.owner)).cookies;
  expect((await kit.setPin(f.restaurant.owner, '3907')).statusCode).toBe(200);
});
afterAll(() => ctx.close());
// default Ayarlar: a waiter needs the owner's approval for İndirim, İkram and İptal
beforeEach(() => f.setSettings({}));

const rakiLine = (t: Ticket) => t.lines.find((l) => l.name === 'Rakı')!;
const auditOf = (ticketId: string, action: string) =>
  ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.entityId, ticketId), eq(auditEvents.action, action))).orderBy(auditEvents.id);
/** The waiter's own session, on `deviceCookies`' browser. */
const waiterAt = (deviceCookies: Record<string, string>) => ({ ...f.restaurant.waiter, cookies: { ...f.restaurant.waiter.cookies, ...deviceCookies } });
const ownerPin = (pin = '3907', approverId = f.restaurant.owner.user.id) => ({ approval: { approverId, pin } });

describe('approval by PIN', () => {
  it('lets the owner’s PIN approve on a registered device, recorded with the approver', async () => {
    const t = await f.sentTicket();
    const res = await f.bills(waiterAt(device)).comp(t, rakiLine(t).id, { reason: 'Müdavim', ...ownerPin() });
    expect(res.statusCode).toBe(200);
    const [audit] = await auditOf(t.id, 'ticket.line.comp');
    expect(audit).toMatchObject({ actorUserId: f.restaurant.waiter.user.id, actorRole: 'waiter', approverUserId: f.restaurant.owner.user.id });
  });

  it('is refused on a browser that is not a registered device; email and password still work there', async () => {
    const t = await f.sentTicket();
    const res = await f.bills(f.restaurant.waiter).discount(t, { type: 'percent', value: 10, label: '' }, ownerPin());
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(PIN_MESSAGES.notSharedDeviceApproval);
    const owner = f.restaurant.owner.user;
    const byPassword = await f.bills(f.restaurant.waiter).discount(t, { type: 'percent', value: 10, label: '' }, { approval: { email: owner.email, password: owner.password } });
    expect(byPassword.statusCode).toBe(200);
  });

  it('refuses a waiter’s PIN, a wrong PIN and another restaurant’s device, changing nothing', async () => {
    const t = await f.sentTicket();
    const waiter2 = await signedIn(ctx, f.restaurant.id, 'waiter');
    expect((await kit.setPin(waiter2, '6158')).statusCode).toBe(200);
    const notOwner = await f.bills(waiterAt(device)).comp(t, rakiLine(t).id, { reason: 'x', ...ownerPin('6158', waiter2.user.id) });
    expect(notOwner.statusCode).toBe(403);
    expect(notOwner.json().error).toBe(PIN_MESSAGES.wrongApprovalPin);
    const wrong = await f.bills(waiterAt(device)).comp(t, rakiLine(t).id, { reason: 'x', ...ownerPin('3908') });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toBe(PIN_MESSAGES.wrongApprovalPin);
    const elsewhere = await staffedRestaurant(ctx, 'Başka Lokanta');
    const foreignDevice = (await kit.registerDevice(elsewhere.id, elsewhere.owner)).cookies;
    const foreign = await f.bills(waiterAt(foreignDevice)).comp(t, rakiLine(t).id, { reason: 'x', ...ownerPin() });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error).toBe(PIN_MESSAGES.notSharedDeviceApproval);
    expect((await f.api().ticket(t.id)).totals.comps).toBe(0);
    // the one wrong PIN is forgotten again by a right one
    expect((await f.bills(waiterAt(device)).comp(t, rakiLine(t).id, { reason: 'x', ...ownerPin() })).statusCode).toBe(200);
  });

  it('counts wrong approval PINs and wrong sign-in PINs together: the fifth locks the owner’s PIN', async () => {
    const owner = await signedIn(ctx, f.restaurant.id, 'owner');
    expect((await kit.setPin(owner, '2618')).statusCode).toBe(200);
    const tablet = (await kit.registerDevice(f.restaurant.id, owner, 'Kilit Tableti')).cookies;
    const t = await f.sentTicket();
    for (let i = 0; i < 3; i++) {
      const res = await f.bills(waiterAt(tablet)).comp(t, rakiLine(t).id, { reason: 'x', ...ownerPin(`90${i}1`, owner.user.id) });
      expect(res.statusCode).toBe(403);
    }
    expect((await kit.pinLogin(tablet, owner.user.id, '9041')).statusCode).toBe(401);
    expect((await kit.pinLogin(tablet, owner.user.id, '9051')).json().error).toBe(PIN_MESSAGES.locked);
    const locked = await f.bills(waiterAt(tablet)).comp(t, rakiLine(t).id, { reason: 'x', ...ownerPin('2618', owner.user.id) });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error).toBe(PIN_MESSAGES.locked);
    // the fifth try was at the pad: the lock is audited as the device's, naming it
    const [lock] = await ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'pin.lock'), eq(auditEvents.entityId, owner.user.id)));
    expect(lock).toMatchObject({ actorUserId: null, actorRole: 'shared-device', after: { failures: 5, deviceName: 'Kilit Tableti' } });
  });
});
