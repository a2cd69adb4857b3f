import { describe, expect, it } from 'vitest';
import { describeRequest, groupHint, groupProblem, isSettled, type TrackedRequest } from './order-pad';

/*
 * What the guest's page decides without the server (order-pad.ts): which requests it still asks
 * news of, what it says of each, and how many options of a group it takes.
 */
const request = (over: Partial<TrackedRequest>): TrackedRequest => ({ id: 'r', kind: 'order', count: 2, status: 'pending', ...over });
const group = (min: number, max: number) => ({ id: 'g', name: 'Sos', min, max, options: [] });

describe('which requests the page still follows', () => {
  it('follows an order until the kitchen has served it, even once it is accepted', () => {
    expect(isSettled(request({ status: 'pending' }))).toBe(false);
    expect(isSettled(request({ status: 'accepted' }))).toBe(false);
    expect(isSettled(request({ status: 'accepted', progress: 'ready' }))).toBe(false);
    expect(isSettled(request({ status: 'accepted', progress: 'served' }))).toBe(true);
  });

  it('stops following a call once it is answered, and any request rejected or expired', () => {
    expect(isSettled(request({ kind: 'waiter', count: 0, status: 'pending' }))).toBe(false);
    expect(isSettled(request({ kind: 'waiter', count: 0, status: 'accepted' }))).toBe(true);
    expect(isSettled(request({ kind: 'bill', count: 0, status: 'accepted' }))).toBe(true);
    expect(isSettled(request({ status: 'rejected' }))).toBe(true);
    expect(isSettled(request({ status: 'expired' }))).toBe(true);
  });
});

describe('what the page says of a request', () => {
  it('says an accepted order without progress yet is in the kitchen, and names each call', () => {
    expect(describeRequest(request({ status: 'accepted' }))).toBe('Siparişiniz (2 ürün): Onaylandı, mutfakta');
    expect(describeRequest(request({ kind: 'waiter', count: 0, status: 'pending' }))).toBe('Garson çağrınız: Garsona iletildi');
    expect(describeRequest(request({ kind: 'waiter', count: 0, status: 'accepted' }))).toBe('Garson çağrınız: Garson geliyor');
    expect(describeRequest(request({ kind: 'bill', count: 0, status: 'expired' }))).toBe('Hesap isteğiniz: Yanıt alınamadı; garsonu çağırın');
  });

  it('adds no reason to a rejection that gave none', () => {
    expect(describeRequest(request({ status: 'rejected' }))).toBe('Siparişiniz (2 ürün): Reddedildi');
  });
});

describe('an option group', () => {
  it('hints optional, exact and ranged groups in words', () => {
    expect(groupHint(group(0, 3))).toBe('İsteğe bağlı · en fazla 3');
    expect(groupHint(group(1, 1))).toBe('Zorunlu · 1 seçin');
    expect(groupHint(group(2, 4))).toBe('Zorunlu · 2–4 seçin');
  });

  it('takes exactly its minimum and exactly its maximum, and refuses one fewer or one more', () => {
    expect(groupProblem(group(2, 4), 2)).toBeNull();
    expect(groupProblem(group(2, 4), 4)).toBeNull();
    expect(groupProblem(group(2, 4), 1)).toBe('Sos: en az 2 seçin');
    expect(groupProblem(group(2, 4), 5)).toBe('Sos: en fazla 4 seçebilirsiniz');
  });

  it('asks for the one choice of a required group by name, and takes none in an optional group', () => {
    expect(groupProblem(group(1, 1), 0)).toBe('Sos seçin');
    expect(groupProblem(group(0, 2), 0)).toBeNull();
  });
});
