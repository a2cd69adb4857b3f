import { formatLira } from '../../shared/domain/money';
import type { PublicMenu, PublicMenuItem, PublicMenuOptionGroup } from '../../shared/public-menu';
import {
  TABLE_REQUEST_PROGRESS_LABELS,
  TABLE_REQUEST_STATUS_LABELS,
  type TableRequestKind,
  type TableRequestProgress,
  type TableRequestStatus,
} from '../../shared/table-request-view';
import { basketStoreKey, browserStorage, droppedNote, loadBasket, reconcileBasket, saveBasket } from './basket-store';
import { el } from './render-menu';

/**
 * QR Sipariş on the guest's phone (docs/features.md): the table's menu becomes an order pad. Plain
 * DOM like the rest of the page (ADR 0004: no UI kit, a few KB). The server checks every rule
 * again (prices, options, sold out), so the page only helps the guest get it right the first time.
 */

/** A request this phone sent, followed until it is settled. */
export interface TrackedRequest {
  id: string;
  kind: TableRequestKind;
  count: number;
  status: TableRequestStatus;
  progress?: TableRequestProgress;
  reason?: string;
}

export const POLL_MS = 3000;
const NOTE_MAX = 200;
const CALL_LABELS = { waiter: 'Garson çağrınız', bill: 'Hesap isteğiniz' } as const;
const CALL_ANSWERED = { waiter: 'Garson geliyor', bill: 'Hesabınız geliyor' } as const;
const NO_ANSWER = 'Bağlantı kurulamadı. İnternetinizi kontrol edip tekrar deneyin.';

/** A key per basket (or call): kept while no answer came, so a retry or a second tap is one request. */
export function newKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Whether the guest still waits for news of it. */
export const isSettled = (r: TrackedRequest) =>
  r.status === 'rejected' || r.status === 'expired' || (r.status === 'accepted' && (r.kind !== 'order' || r.progress === 'served'));

/** What the guest reads about a request, in Turkish. */
export function describeRequest(r: TrackedRequest): string {
  const what = r.kind === 'order' ? `Siparişiniz (${r.count} ürün)` : CALL_LABELS[r.kind];
  let state: string = TABLE_REQUEST_STATUS_LABELS[r.status];
  if (r.status === 'accepted') state = r.kind === 'order' ? TABLE_REQUEST_PROGRESS_LABELS[r.progress ?? 'sent'] : CALL_ANSWERED[r.kind];
  if (r.status === 'rejected' && r.reason) state += `. Neden: ${r.reason}`;
  return `${what}: ${state}`;
}

/** How many of a group a guest picks, in words. */
export function groupHint(g: PublicMenuOptionGroup): string {
  if (g.min === 0) return `İsteğe bağlı · en fazla ${g.max}`;
  return g.min === g.max ? `Zorunlu · ${g.min} seçin` : `Zorunlu · ${g.min}–${g.max} seçin`;
}

/** The group's problem with `picked` options chosen, or null. */
export function groupProblem(g: PublicMenuOptionGroup, picked: number): string | null {
  if (picked < g.min) return g.min === 1 ? `${g.name} seçin` : `${g.name}: en az ${g.min} seçin`;
  if (picked > g.max) return `${g.name}: en fazla ${g.max} seçebilirsiniz`;
  return null;
}

class NoAnswer extends Error {}

async function send<T>(fetchFn: typeof fetch, url: string, init?: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetchFn(url, { cache: 'no-store', ...init });
  } catch {
    throw new NoAnswer(NO_ANSWER);
  }
  const body = (await res.json().catch(() => null)) as { error?: string } | null;
  if (res.ok) return body as T;
  const message = body?.error ?? `İstek tamamlanamadı (HTTP ${res.status}). Lütfen tekrar deneyin.`;
  // a 5xx did not apply the request: the retry may keep its key
  throw res.status >= 500 ? new NoAnswer(message) : new Error(message);
}

export interface OrderPad {
  /** after every render of the menu: the dishes, the switch and the table may have changed */
  update(menu: PublicMenu | null): void;
  /** asks for news of the requests still open now (the page polls every POLL_MS) */
  poll(): Promise<void>;
}

export function createOrderPad(root: HTMLElement, restaurantId: string, token: string, fetchFn: typeof fetch = fetch): OrderPad {
  const doc = root.ownerDocument;
  const api = `/api/public/menus/${encodeURIComponent(restaurantId)}/tables/${encodeURIComponent(token)}`;
  const storeKey = `sofra-masa:${token}`;
  let menu: PublicMenu | null = null;
  // the basket of this table's last visit on this phone, checked against the menu when it shows (update)
  const storage = browserStorage();
  const basketStore = basketStoreKey(restaurantId, token);
  let { lines: basket, key: basketKey } = loadBasket(storage, basketStore);
  let isBasketShown = false;
  let isSending = false;
  const callKeys: Partial<Record<'waiter' | 'bill', string>> = {};
  let tracked: TrackedRequest[] = [];
  try {
    tracked = JSON.parse(sessionStorage.getItem(storeKey) ?? '[]') as TrackedRequest[];
  } catch {
    // a private tab without storage: the page still works, it forgets on reload
  }

  // ---- the bar at the bottom: what was sent, the basket, the calls
  const bar = el(doc, 'div', 'pad-bar');
  bar.hidden = true;
  const status = el(doc, 'ul', 'pad-status');
  status.setAttribute('aria-live', 'polite');
  status.setAttribute('aria-label', 'İstekleriniz');
  const basketButton = button('pad-primary pad-basket', '');
  const calls = el(doc, 'div', 'pad-calls');
  const waiterButton = button('pad-secondary', 'Garson Çağır');
  const billButton = button('pad-secondary', 'Hesap İste');
  const callError = el(doc, 'p', 'pad-error');
  callError.setAttribute('role', 'alert');
  const off = el(doc, 'p', 'pad-off');
  const basketNotice = el(doc, 'p', 'pad-notice');
  basketNotice.setAttribute('role', 'status');
  calls.append(waiterButton, billButton);
  bar.append(status, basketNotice, basketButton, calls, callError, off);
  const dialog = el(doc, 'dialog', 'pad-dialog');
  doc.body.append(bar, dialog);
  if (typeof ResizeObserver === 'function') new ResizeObserver(() => (doc.body.style.paddingBottom = `${bar.offsetHeight + 8}px`)).observe(bar);

  function button(className: string, text: string, label?: string): HTMLButtonElement {
    const b = el(doc, 'button', className, text);
    b.type = 'button';
    if (label) b.setAttribute('aria-label', label);
    return b;
  }

  // ---- the dialog (a dish's options, then the basket)
  let opener: HTMLElement | null = null;
  function openDialog(title: string, ...content: Node[]) {
    if (!dialog.open) opener = doc.activeElement as HTMLElement | null;
    isBasketShown = false;
    const h2 = el(doc, 'h2', 'pad-title', title);
    h2.id = 'pad-title';
    dialog.setAttribute('aria-labelledby', 'pad-title');
    dialog.replaceChildren(h2, ...content);
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
  }
  function closeDialog() {
    if (typeof dialog.close === 'function') dialog.close();
    else dialog.removeAttribute('open');
  }
  // back to the dish's Ekle button, even when a live update of the menu drew it anew meanwhile
  dialog.addEventListener('close', () => {
    isBasketShown = false;
    const id = opener?.dataset.add;
    (opener?.isConnected ? opener : id ? root.querySelector<HTMLElement>(`[data-add="${CSS.escape(id)}"]`) : null)?.focus();
  });

  function stepper(value: () => number, change: (delta: number) => void, name: string): HTMLElement {
    const box = el(doc, 'div', 'pad-stepper');
    const shown = el(doc, 'output', 'pad-qty', String(value()));
    shown.setAttribute('aria-label', `${name} adedi`);
    const less = button('pad-step', '−', `${name} adedini azalt`);
    const more = button('pad-step', '+', `${name} adedini artır`);
    less.onclick = () => change(-1);
    more.onclick = () => change(1);
    box.append(less, shown, more);
    return box;
  }

  function openDish(item: PublicMenuItem) {
    const groups = item.optionGroups ?? [];
    let quantity = 1;
    const form = el(doc, 'form', 'pad-form');
    form.noValidate = true;
    const sets = groups.map((g) => {
      const set = el(doc, 'fieldset', 'pad-group');
      const legend = el(doc, 'legend', '', g.name);
      legend.append(el(doc, 'span', 'pad-hint', groupHint(g)));
      const error = el(doc, 'p', 'pad-error');
      error.id = `pad-err-${g.id}`;
      set.setAttribute('aria-describedby', error.id);
      set.append(legend);
      const isRadio = g.min === 1 && g.max === 1;
      for (const o of g.options) {
        const label = el(doc, 'label', 'pad-option');
        const input = el(doc, 'input', '');
        input.type = isRadio ? 'radio' : 'checkbox';
        input.name = `g-${g.id}`;
        input.value = o.id;
        input.onchange = () => {
          const picked = set.querySelectorAll('input:checked').length;
          if (input.checked && picked > g.max) {
            input.checked = false;
            error.textContent = groupProblem(g, picked);
          } else error.textContent = '';
          total();
        };
        label.append(input, el(doc, 'span', '', o.name));
        if (o.price > 0) label.append(el(doc, 'span', 'pad-extra', `+${formatLira(o.price)}`));
        set.append(label);
      }
      set.append(error);
      return { g, set, error };
    });
    const noteLabel = el(doc, 'label', 'pad-note-label', 'Not (isteğe bağlı)');
    const note = el(doc, 'textarea', 'pad-note');
    note.id = 'pad-note';
    noteLabel.htmlFor = note.id;
    note.maxLength = NOTE_MAX;
    note.rows = 2;
    note.placeholder = 'ör. soğansız, az acılı';
    const qtyRow = el(doc, 'div', 'pad-row');
    const qty = stepper(
      () => quantity,
      (d) => {
        quantity = Math.min(50, Math.max(1, quantity + d));
        qty.querySelector('output')!.textContent = String(quantity);
        total();
      },
      item.name,
    );
    qtyRow.append(el(doc, 'span', '', 'Adet'), qty);
    const add = button('pad-primary', '');
    add.type = 'submit';
    const cancel = button('pad-secondary', 'Vazgeç');
    cancel.onclick = closeDialog;
    const actions = el(doc, 'div', 'pad-actions');
    actions.append(cancel, add);
    const chosen = () => [...form.querySelectorAll<HTMLInputElement>('input:checked')].map((i) => i.value);
    const options = () => groups.flatMap((g) => g.options).filter((o) => chosen().includes(o.id));
    function total() {
      const unit = item.price + options().reduce((sum, o) => sum + o.price, 0);
      // the amount never breaks from its ₺: on a narrow phone the line wraps before it
      add.replaceChildren('Sepete Ekle · ', el(doc, 'span', 'pad-amount', formatLira(unit * quantity)));
      return unit;
    }
    total();
    form.onsubmit = (event) => {
      event.preventDefault();
      let first: HTMLElement | null = null;
      for (const { g, set, error } of sets) {
        error.textContent = groupProblem(g, set.querySelectorAll('input:checked').length) ?? '';
        if (error.textContent) first ??= set.querySelector('input');
      }
      if (first) return first.focus();
      const text = note.value.trim();
      const ids = chosen();
      const same = basket.find((l) => l.itemId === item.id && l.note === text && l.optionIds.join() === ids.join());
      if (same) same.quantity = Math.min(50, same.quantity + quantity);
      else basket.push({ itemId: item.id, name: item.name, optionIds: ids, optionText: options().map((o) => o.name).join(', '), unit: total(), quantity, note: text });
      basketChanged();
      closeDialog();
    };
    form.append(el(doc, 'p', 'pad-price', formatLira(item.price)), ...sets.map((s) => s.set), noteLabel, note, qtyRow, actions);
    openDialog(item.name, form);
  }

  /** The guest changed the basket: a new send is a new request, and the change is kept for a reload. */
  function basketChanged() {
    basketKey = null;
    basketNotice.textContent = '';
    keepBasket();
    showBasket();
  }
  function keepBasket() {
    saveBasket(storage, basketStore, { lines: basket, key: basketKey });
  }
  function showBasket() {
    const count = basket.reduce((n, l) => n + l.quantity, 0);
    basketButton.hidden = count === 0;
    basketButton.textContent = `Sepet · ${count} ürün · ${formatLira(basket.reduce((s, l) => s + l.unit * l.quantity, 0))}`;
  }

  function openBasket(message = '') {
    if (basket.length === 0) return closeDialog();
    const list = el(doc, 'ul', 'pad-lines');
    basket.forEach((line, i) => {
      const li = el(doc, 'li', 'pad-line');
      const text = el(doc, 'div', 'pad-line-text');
      text.append(el(doc, 'strong', '', line.name));
      if (line.optionText) text.append(el(doc, 'span', 'pad-hint', line.optionText));
      if (line.note) text.append(el(doc, 'span', 'pad-hint', `Not: ${line.note}`));
      text.append(el(doc, 'span', 'pad-line-price', formatLira(line.unit * line.quantity)));
      const remove = button('pad-link', 'Çıkar', `${line.name} sepetten çıkar`);
      remove.onclick = () => {
        basket.splice(i, 1);
        basketChanged();
        openBasket();
      };
      const change = (d: number) => {
        line.quantity = Math.min(50, Math.max(1, line.quantity + d));
        basketChanged();
        openBasket();
      };
      li.append(text, stepper(() => line.quantity, change, line.name), remove);
      list.append(li);
    });
    const sum = el(doc, 'p', 'pad-total', `Toplam: ${formatLira(basket.reduce((s, l) => s + l.unit * l.quantity, 0))}`);
    const error = el(doc, 'p', 'pad-error', message);
    error.setAttribute('role', 'alert');
    const back = button('pad-secondary', 'Menüye Dön');
    back.onclick = closeDialog;
    const go = button('pad-primary', 'Siparişi Gönder');
    go.onclick = () => void sendBasket(go, error);
    const actions = el(doc, 'div', 'pad-actions');
    actions.append(back, go);
    // a change redraws the basket: the control that was used keeps the focus
    const used = dialog.open ? doc.activeElement?.getAttribute('aria-label') : null;
    openDialog('Sepetiniz', list, sum, error, actions);
    isBasketShown = true;
    if (used) [...dialog.querySelectorAll<HTMLElement>('[aria-label]')].find((b) => b.getAttribute('aria-label') === used)?.focus();
  }

  async function sendBasket(go: HTMLButtonElement, error: HTMLElement) {
    if (go.disabled) return;
    go.disabled = true;
    go.textContent = 'Gönderiliyor…';
    error.textContent = '';
    // kept with the basket before it goes: a reload while the answer is lost sends the same request
    basketKey ??= newKey();
    keepBasket();
    isSending = true;
    const count = basket.reduce((n, l) => n + l.quantity, 0);
    try {
      const items = basket.map((l) => ({ menuItemId: l.itemId, quantity: l.quantity, optionIds: l.optionIds, note: l.note || null }));
      const created = await send<{ requestId: string; status: TableRequestStatus }>(fetchFn, `${api}/requests`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': basketKey },
        body: JSON.stringify({ items }),
      });
      basket = [];
      basketChanged();
      closeDialog();
      track({ id: created.requestId, kind: 'order', count, status: created.status });
    } catch (err) {
      // an answer (a refusal) ends this basket's key; no answer keeps it for the retry
      if (!(err instanceof NoAnswer)) basketKey = null;
      keepBasket();
      error.textContent = (err as Error).message;
      go.disabled = false;
      go.textContent = 'Siparişi Gönder';
    } finally {
      isSending = false;
    }
  }

  async function sendCall(kind: 'waiter' | 'bill', b: HTMLButtonElement) {
    if (b.disabled) return;
    b.disabled = true;
    callError.textContent = '';
    const key = (callKeys[kind] ??= newKey());
    try {
      const created = await send<{ requestId: string; status: TableRequestStatus }>(fetchFn, `${api}/calls`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ kind }),
      });
      delete callKeys[kind];
      track({ id: created.requestId, kind, count: 0, status: created.status });
    } catch (err) {
      if (!(err instanceof NoAnswer)) delete callKeys[kind];
      callError.textContent = (err as Error).message;
    } finally {
      b.disabled = false;
    }
  }

  function track(request: TrackedRequest) {
    tracked = [request, ...tracked.filter((r) => r.id !== request.id)].slice(0, 10);
    showTracked();
  }

  function showTracked() {
    try {
      sessionStorage.setItem(storeKey, JSON.stringify(tracked));
    } catch {
      // no storage: nothing to keep
    }
    // the latest order and the latest call: older ones are settled or superseded
    const order = tracked.find((r) => r.kind === 'order');
    const call = tracked.find((r) => r.kind !== 'order');
    status.replaceChildren(
      ...[order, call]
        .filter((r): r is TrackedRequest => r !== undefined)
        .map((r) => {
          const li = el(doc, 'li', `pad-request is-${r.status}`, describeRequest(r));
          li.dataset.requestId = r.id;
          return li;
        }),
    );
  }

  let isPolling = false;
  async function poll() {
    if (isPolling) return;
    isPolling = true;
    const open = tracked.filter((r) => !isSettled(r));
    for (const r of open) {
      try {
        const res = await fetchFn(`${api}/requests/${encodeURIComponent(r.id)}`, { cache: 'no-store' });
        if (res.status === 404) tracked = tracked.filter((t) => t !== r);
        if (!res.ok) continue;
        const next = (await res.json()) as { status: TableRequestStatus; progress?: TableRequestProgress; reason?: string };
        Object.assign(r, { status: next.status, progress: next.progress, reason: next.reason });
      } catch {
        // offline for a moment: ask again next time
      }
    }
    isPolling = false;
    if (open.length > 0) showTracked();
  }

  root.addEventListener('click', (event) => {
    const id = (event.target as Element).closest<HTMLElement>('[data-add]')?.dataset.add;
    const item = menu?.menuItems.find((i) => i.id === id);
    if (item) openDish(item);
  });
  basketButton.onclick = () => openBasket();
  waiterButton.onclick = () => void sendCall('waiter', waiterButton);
  billButton.onclick = () => void sendCall('bill', billButton);
  showBasket();
  showTracked();

  /** The basket against the menu now shown: what sold out or left the menu goes, with a note. */
  function checkBasket(shown: PublicMenu) {
    // not under a send on its way: its key must stay the key of what went (the next update checks)
    if (isSending) return;
    const checked = reconcileBasket(basket, shown);
    if (!checked.isChanged) return;
    basket = checked.lines;
    if (checked.dropped.length > 0) {
      // another body: the old key must not stand for it
      basketKey = null;
      basketNotice.textContent = droppedNote(checked.dropped);
    }
    keepBasket();
    showBasket();
    if (isBasketShown) openBasket();
  }

  return {
    update(next) {
      menu = next;
      const ordering = next?.table ? next.ordering : undefined;
      if (next && ordering) checkBasket(next);
      bar.hidden = !ordering;
      const isOpen = ordering?.enabled === true;
      calls.hidden = !isOpen;
      basketButton.hidden = !isOpen || basket.length === 0;
      basketNotice.hidden = !isOpen;
      const hours = ordering?.hours ? ` Sipariş saatleri: ${ordering.hours.from}–${ordering.hours.to}.` : '';
      off.textContent = ordering && !isOpen ? `Şu anda QR kodla sipariş alınmıyor.${hours}` : '';
      off.hidden = !off.textContent;
    },
    poll,
  };
}
