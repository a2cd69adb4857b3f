import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicMenu } from '../../shared/public-menu';
import { tableMenu } from './menu-test-kit';
import { createOrderPad, describeRequest, groupProblem } from './order-pad';
import { renderMenu } from './render-menu';

const menu = tableMenu;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setUp(fetchFn: typeof fetch, shown: PublicMenu = menu) {
  const root = document.createElement('main');
  document.body.append(root);
  const pad = createOrderPad(root, 'r1', 'tok', fetchFn);
  renderMenu(root, shown);
  pad.update(shown);
  return { root, pad };
}

const dialog = () => document.querySelector('dialog')!;
const click = (el: Element | null) => (el as HTMLElement).click();
const button = (text: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.startsWith(text))!;
/** One Adana of one portion into the basket, the basket opened (and, with `send`, Siparişi Gönder). */
const basketOneAdana = (root: Element, { send = false } = {}) => {
  click(root.querySelector('[data-add="adana"]'));
  click(dialog().querySelector('input[value="p1"]'));
  click(button('Sepete Ekle'));
  click(document.querySelector('.pad-basket'));
  if (send) click(button('Siparişi Gönder'));
};
/** A fetch that records each Idempotency-Key it is sent and answers with `answer` (the nth call, from 1). */
const recordingKeys = (answer: (n: number) => Response) => {
  const keys: string[] = [];
  const fetchFn = vi.fn(async (_url: string, init?: RequestInit) => {
    keys.push((init!.headers as Record<string, string>)['idempotency-key']);
    return answer(keys.length);
  }) as unknown as typeof fetch;
  return { keys, fetchFn };
};

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe('the order pad of a table’s menu', () => {
  it('shows no Ekle button and no pad without a table or with ordering off', () => {
    const root = document.createElement('main');
    renderMenu(root, { ...menu, ordering: { enabled: false, confirmBy: 'waiter' } });
    expect(root.querySelector('[data-add]')).toBeNull();
    const { root: withPad } = setUp(vi.fn(), { ...menu, ordering: { enabled: false, confirmBy: 'waiter', hours: { from: '11:00', to: '22:00' } } });
    expect(withPad.querySelector('[data-add]')).toBeNull();
    expect(document.querySelector('.pad-off')!.textContent).toBe('Şu anda QR kodla sipariş alınmıyor. Sipariş saatleri: 11:00–22:00.');
    expect(document.querySelector<HTMLElement>('.pad-calls')!.hidden).toBe(true);
  });

  it('enforces a required group and a group’s maximum on the group itself, and prices the add-ons', () => {
    const { root } = setUp(vi.fn());
    click(root.querySelector('[data-add="adana"]'));
    expect(dialog().querySelector('h2')!.textContent).toBe('Adana Kebap');
    expect(dialog().textContent).toContain('+150,00 ₺');
    click(button('Sepete Ekle'));
    expect(dialog().querySelector('#pad-err-g1')!.textContent).toBe('Porsiyon seçin');
    expect(document.activeElement).toBe(dialog().querySelector('input[value="p1"]'));

    const extras = [...dialog().querySelectorAll<HTMLInputElement>('input[name="g-g2"]')];
    for (const box of extras) {
      box.checked = true;
      box.dispatchEvent(new Event('change'));
    }
    expect(extras.filter((b) => b.checked)).toHaveLength(2);
    expect(dialog().querySelector('#pad-err-g2')!.textContent).toBe('Ekstralar: en fazla 2 seçebilirsiniz');

    const big = dialog().querySelector<HTMLInputElement>('input[value="p15"]')!;
    big.checked = true;
    big.dispatchEvent(new Event('change'));
    click(dialog().querySelector('[aria-label="Adana Kebap adedini artır"]'));
    // (380 + 150 + 15 + 0) × 2
    expect(button('Sepete Ekle').textContent).toBe('Sepete Ekle · 1.090,00 ₺');
    click(button('Sepete Ekle'));
    expect(document.querySelector('.pad-basket')!.textContent).toBe('Sepet · 2 ürün · 1.090,00 ₺');
  });

  it('adds the same dish again to its line, but one with another note as a line of its own', () => {
    const { root } = setUp(vi.fn());
    const add = (note: string) => {
      click(root.querySelector('[data-add="adana"]'));
      click(dialog().querySelector('input[value="p1"]'));
      dialog().querySelector('textarea')!.value = note;
      click(button('Sepete Ekle'));
    };
    add('soğansız');
    add('soğansız');
    add('az acılı');
    expect(document.querySelector('.pad-basket')!.textContent).toBe('Sepet · 3 ürün · 1.140,00 ₺');
    click(document.querySelector('.pad-basket'));
    const lines = [...dialog().querySelectorAll('.pad-line')].map((l) => l.textContent);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('soğansız');
    expect(lines[1]).toContain('az acılı');
  });

  it('sends one basket with one Idempotency-Key across a lost answer, then follows the request', async () => {
    const calls: { url: string; init?: RequestInit }[] = [];
    const fetchFn = vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      if (calls.length === 1) throw new TypeError('offline');
      if (init?.method === 'POST') return json(201, { requestId: 'q1', status: 'pending' });
      return json(200, { status: 'accepted', kind: 'order', progress: 'preparing' });
    }) as unknown as typeof fetch;
    const { root } = setUp(fetchFn);
    click(root.querySelector('[data-add="adana"]'));
    click(dialog().querySelector('input[value="p1"]'));
    dialog().querySelector('textarea')!.value = ' soğansız ';
    click(button('Sepete Ekle'));
    click(document.querySelector('.pad-basket'));
    click(button('Siparişi Gönder'));
    await vi.waitFor(() => expect(dialog().querySelector('[role="alert"]')!.textContent).toContain('Bağlantı kurulamadı'));
    click(button('Siparişi Gönder'));
    await vi.waitFor(() => expect(document.querySelector('.pad-request')?.textContent).toBe('Siparişiniz (1 ürün): Garsona iletildi'));

    const [first, second] = calls;
    expect(first.url).toBe('/api/public/menus/r1/tables/tok/requests');
    const key = (first.init!.headers as Record<string, string>)['idempotency-key'];
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect((second.init!.headers as Record<string, string>)['idempotency-key']).toBe(key);
    expect(JSON.parse(second.init!.body as string)).toEqual({ items: [{ menuItemId: 'adana', quantity: 1, optionIds: ['p1'], note: 'soğansız' }] });
    expect(document.querySelector<HTMLElement>('.pad-basket')!.hidden).toBe(true);
  });

  it('shows the server’s Turkish refusal and takes a new key for the next try', async () => {
    const { keys, fetchFn } = recordingKeys(() => json(409, { error: 'Adana Kebap tükendi' }));
    const { root } = setUp(fetchFn);
    basketOneAdana(root, { send: true });
    await vi.waitFor(() => expect(dialog().querySelector('[role="alert"]')!.textContent).toBe('Adana Kebap tükendi'));
    click(button('Siparişi Gönder'));
    await vi.waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('keeps the basket across a reload, drops a dish that sold out meanwhile with a note, and empties it after the send', async () => {
    const fetchFn = vi.fn(async () => json(201, { requestId: 'q1', status: 'pending' })) as unknown as typeof fetch;
    const { root } = setUp(fetchFn);
    click(root.querySelector('[data-add="adana"]'));
    click(dialog().querySelector('input[value="p15"]'));
    click(button('Sepete Ekle'));
    const reload = (shown: PublicMenu = menu) => {
      document.body.replaceChildren();
      return setUp(fetchFn, shown);
    };

    reload();
    expect(document.querySelector('.pad-basket')!.textContent).toBe('Sepet · 1 ürün · 530,00 ₺');
    expect(document.querySelector('.pad-notice')!.textContent).toBe('');
    // another table's code on the same phone starts with its own, empty basket
    document.body.replaceChildren();
    const other = createOrderPad(document.body.appendChild(document.createElement('main')), 'r1', 'other-table', fetchFn);
    other.update(menu);
    expect(document.querySelector<HTMLElement>('.pad-basket')!.hidden).toBe(true);

    // the price went up and the dish is still there: the basket shows today's price
    const dearer: PublicMenu = { ...menu, menuItems: [{ ...menu.menuItems[0], price: 40000 }] };
    reload(dearer);
    expect(document.querySelector('.pad-basket')!.textContent).toBe('Sepet · 1 ürün · 550,00 ₺');
    click(document.querySelector('.pad-basket'));
    click(button('Siparişi Gönder'));
    await vi.waitFor(() => expect(document.querySelector('.pad-request')?.textContent).toBe('Siparişiniz (1 ürün): Garsona iletildi'));
    expect(localStorage.length).toBe(0);
    reload();
    expect(document.querySelector<HTMLElement>('.pad-basket')!.hidden).toBe(true);

    // a basket whose dish sold out before the reload
    const again = reload();
    click(again.root.querySelector('[data-add="adana"]'));
    click(dialog().querySelector('input[value="p1"]'));
    click(button('Sepete Ekle'));
    reload({ ...menu, menuItems: [] });
    expect(document.querySelector<HTMLElement>('.pad-basket')!.hidden).toBe(true);
    expect(document.querySelector('.pad-notice')!.textContent).toBe('Tükenen ya da menüden kalkan ürünler sepetinizden çıkarıldı: Adana Kebap.');
    expect(localStorage.length).toBe(0);
  });

  it('sends again with the same Idempotency-Key after a reload, when the first send got no answer', async () => {
    const { keys, fetchFn } = recordingKeys((n) => {
      if (n === 1) throw new TypeError('offline');
      return json(201, { requestId: 'q1', status: 'pending' });
    });
    const { root } = setUp(fetchFn);
    basketOneAdana(root, { send: true });
    await vi.waitFor(() => expect(dialog().querySelector('[role="alert"]')!.textContent).toContain('Bağlantı kurulamadı'));

    document.body.replaceChildren();
    setUp(fetchFn);
    click(document.querySelector('.pad-basket'));
    click(button('Siparişi Gönder'));
    await vi.waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).toBe(keys[0]);
  });

  it('drops a dish from an open basket when it sells out while the guest looks at it', () => {
    const { pad, root } = setUp(vi.fn());
    basketOneAdana(root);
    expect(dialog().textContent).toContain('Adana Kebap');
    pad.update({ ...menu, menuItems: [] });
    expect(dialog().open).toBe(false);
    expect(document.querySelector('.pad-notice')!.textContent).toContain('Adana Kebap');
  });

  it('says where a request is in Turkish', () => {
    expect(describeRequest({ id: 'a', kind: 'order', count: 3, status: 'pending' })).toBe('Siparişiniz (3 ürün): Garsona iletildi');
    expect(describeRequest({ id: 'a', kind: 'order', count: 3, status: 'accepted', progress: 'sent' })).toBe('Siparişiniz (3 ürün): Onaylandı, mutfakta');
    expect(describeRequest({ id: 'a', kind: 'order', count: 3, status: 'accepted', progress: 'served' })).toBe('Siparişiniz (3 ürün): Servis edildi');
    expect(describeRequest({ id: 'a', kind: 'order', count: 1, status: 'rejected', reason: 'Kebap kalmadı' })).toBe('Siparişiniz (1 ürün): Reddedildi. Neden: Kebap kalmadı');
    expect(describeRequest({ id: 'a', kind: 'bill', count: 0, status: 'accepted' })).toBe('Hesap isteğiniz: Hesabınız geliyor');
    expect(groupProblem({ id: 'g', name: 'Sos', min: 2, max: 3, options: [] }, 1)).toBe('Sos: en az 2 seçin');
  });
});
