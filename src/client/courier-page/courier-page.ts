import { COURIER_PAYMENT_LABELS, ASSIGNMENT_STATUS_LABELS, type CourierPaymentMethod } from '../../shared/courier-labels';
import type { AssignmentInfo, CourierPositionRequest, CourierStepRequest, CourierViewResponse } from '../../shared/couriers-contract';
import { CLOSING_GRACE_MS, graceSecondsLeft } from '../../shared/closing-grace';
import { formatTL } from '../../shared/domain/money';

/** The phone shares its position about this often while on a trip and the page is visible. */
export const SHARE_EVERY_MS = 10_000;
/** New orders given to the courier show up at most this late. */
const REFRESH_EVERY_MS = 30_000;

/**
 * "+905321234567" as people read it, "0 532 123 45 67". Not shared/phone.ts: that file carries the
 * schema library, which this page leaves out to stay small.
 */
export const phoneText = (e164: string) => {
  const n = e164.startsWith('+90') ? e164.slice(3) : '';
  return n.length === 10 ? `0 ${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6, 8)} ${n.slice(8)}` : e164;
};

export const tokenFromPath = (path: string) => decodeURIComponent(path.split('/').filter(Boolean)[1] ?? '');

/** Where the phone's map app finds an address: Apple Maps on iPhones, a geo: link elsewhere. */
export function navigationLink(address: string, userAgent: string) {
  const q = encodeURIComponent(address);
  return /iPhone|iPad|iPod|Macintosh/.test(userAgent) ? `https://maps.apple.com/?q=${q}` : `geo:0,0?q=${q}`;
}

/**
 * What the door needs, in the courier's words: how the customer pays, what to take and what to bring
 * (change for cash, the card reader for a card), and the delivery fee inside that amount when our
 * courier carries an order with one (the fee is a line of the bill). Paid ones say there is nothing
 * to take.
 */
export function doorLines(order: Pick<AssignmentInfo, 'remaining' | 'collectedMethod' | 'collectedKurus' | 'doorPayment' | 'deliveryFee'>): string[] {
  if (order.collectedMethod) return [`Alındı: ${COURIER_PAYMENT_LABELS[order.collectedMethod]} ${formatTL(order.collectedKurus)}`];
  if (order.remaining <= 0) return [order.doorPayment?.method === 'online' ? 'Online ödendi: kapıda tahsilat yok' : 'Ödenmiş: tahsilat yok'];
  const fee = order.deliveryFee > 0 ? [`Teslimat ücreti ${formatTL(order.deliveryFee)} bu tutarın içinde`] : [];
  const amount = formatTL(order.remaining);
  switch (order.doorPayment?.method) {
    case 'cash':
      return [`Kapıda nakit: ${amount}`, 'Para üstü götürün', ...fee];
    case 'card':
      return [`Kapıda kart: ${amount}`, 'Kart okuyucuyu (POS) götürün', ...fee];
    case 'meal_card':
      return [`Kapıda yemek kartı${order.doorPayment.brand ? ` (${order.doorPayment.brand})` : ''}: ${amount}`, 'Kart okuyucuyu (POS) götürün', ...fee];
    default:
      return [`Tahsil edilecek: ${amount} (nakit, kart ya da yemek kartı)`, ...fee];
  }
}

/** A closing tap confirmed and waiting its minute (src/shared/closing-grace.ts): Geri Al drops it. */
export interface PendingStep {
  orderId: string;
  body: Omit<CourierStepRequest, 'position'>;
  done: string;
  dueAt: number;
}

/** Whether a step closes the order (Ödeme Alındı; Teslim Ettim of an order with nothing to take). */
export const closesOrder = (order: Pick<AssignmentInfo, 'remaining' | 'isTicketOpen'>, body: Omit<CourierStepRequest, 'position'>) =>
  body.step === 'paid' || (body.step === 'delivered' && order.isTicketOpen && order.remaining === 0);

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
};

const newKey = () => (crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

class CourierApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(url: string, init: { method?: string; body?: unknown; key?: string; keepalive?: boolean } = {}): Promise<T | undefined> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method ?? 'GET',
      headers: { ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...(init.key ? { 'idempotency-key': init.key } : {}) },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
      cache: 'no-store',
      // a confirmed tap sent as the page goes away must still arrive
      ...(init.keepalive ? { keepalive: true } : {}),
    });
  } catch {
    throw new CourierApiError(0, 'İnternet bağlantısı yok. Bağlantı gelince tekrar deneyin.');
  }
  const text = await res.text();
  const body = text ? (JSON.parse(text) as { error?: string }) : undefined;
  if (!res.ok) throw new CourierApiError(res.status, body?.error ?? 'İşlem yapılamadı. Lütfen tekrar deneyin.');
  return body as T | undefined;
}

/**
 * The courier's page: their orders with address (tap to navigate), the customer's phone (tap to
 * call), what to collect and how; Aldım, Teslim Ettim, Ödeme Alındı. While an order is on its way
 * and the page is visible it shares the phone's position; every tap carries the last one known.
 */
export function startCourierPage(root: HTMLElement, token: string) {
  const base = `/api/courier/${encodeURIComponent(token)}`;
  let view: CourierViewResponse | null = null;
  let last: CourierPositionRequest | null = null;
  let lastSentAt = 0;
  let watchId: number | null = null;
  let note: { text: string; isError: boolean } | null = null;
  let isBusy = false;
  let isEnded = false;
  /** the meal-card brand choice open under one order */
  let choosingBrandFor: string | null = null;
  /** a closing tap waiting for Evet, and one confirmed and waiting its minute */
  let asking: Omit<PendingStep, 'dueAt'> | null = null;
  let pending: PendingStep | null = null;
  let pendingTimer: ReturnType<typeof setInterval> | null = null;

  /** A closing tap asks once, then waits its minute with Geri Al; any other tap goes at once. */
  function tap(order: AssignmentInfo, body: Omit<CourierStepRequest, 'position'>, done: string) {
    if (!closesOrder(order, body)) return void step(order, body, done);
    choosingBrandFor = null;
    asking = { orderId: order.id, body, done };
    render();
  }

  function confirmPending() {
    if (!asking) return;
    pending = { ...asking, dueAt: Date.now() + CLOSING_GRACE_MS };
    asking = null;
    pendingTimer ??= setInterval(() => {
      if (pending && Date.now() >= pending.dueAt) void flushPending();
      else render();
    }, 1000);
    render();
  }

  function dropPending() {
    pending = null;
    if (pendingTimer !== null) clearInterval(pendingTimer);
    pendingTimer = null;
    render();
  }

  /** Sends the waiting tap now (its minute is over, or the page is going away). */
  async function flushPending(keepalive = false) {
    const p = pending;
    if (!p) return;
    dropPending();
    const order = view?.orders.find((o) => o.id === p.orderId);
    if (order) await step(order, p.body, p.done, keepalive);
  }

  const end = (message: string) => {
    isEnded = true;
    stopSharing();
    root.replaceChildren(el('div', { class: 'courier-error', role: 'alert' }, message));
    root.setAttribute('aria-busy', 'false');
  };

  const onTrip = () => (view?.orders ?? []).some((o) => o.status !== 'delivered');

  function sendPosition() {
    if (!last || isEnded || Date.now() - lastSentAt < SHARE_EVERY_MS - 500) return;
    lastSentAt = Date.now();
    call(`${base}/positions`, { method: 'POST', body: last }).catch((err: CourierApiError) => {
      if (err.status === 401) end(err.message);
    });
  }

  function startSharing() {
    if (watchId !== null || !('geolocation' in navigator) || document.visibilityState !== 'visible' || !onTrip()) return;
    watchId = navigator.geolocation.watchPosition(
      (p) => {
        // a fix worse than 10 km says nothing about where the courier is
        if (p.coords.accuracy > 10_000) return;
        last = { lat: p.coords.latitude, lng: p.coords.longitude, accuracy: p.coords.accuracy, recordedAt: new Date(p.timestamp || Date.now()).toISOString() };
        sendPosition();
      },
      () => {
        note = { text: 'Konum alınamıyor: telefonun konum iznini açın. Siparişler konumsuz da işaretlenebilir.', isError: true };
        render();
      },
      { enableHighAccuracy: true, maximumAge: 5_000, timeout: 20_000 },
    );
  }

  function stopSharing() {
    if (watchId !== null) navigator.geolocation.clearWatch(watchId);
    watchId = null;
  }

  const syncSharing = () => (onTrip() && document.visibilityState === 'visible' ? startSharing() : stopSharing());

  async function load() {
    try {
      view = (await call<CourierViewResponse>(base)) ?? null;
      render();
      syncSharing();
    } catch (err) {
      const e = err as CourierApiError;
      if (e.status === 401) end(e.message);
      else if (!view) end(e.message);
    }
  }

  async function step(order: AssignmentInfo, body: Omit<CourierStepRequest, 'position'>, done: string, keepalive = false) {
    if (isBusy) return;
    isBusy = true;
    choosingBrandFor = null;
    render();
    const key = newKey();
    const request = { ...body, ...(last ? { position: last } : {}) };
    try {
      let answer: CourierViewResponse | undefined;
      try {
        answer = await call<CourierViewResponse>(`${base}/orders/${order.id}/steps`, { method: 'POST', body: request, key, keepalive });
      } catch (err) {
        // lost on the way: the same key again is answered once, never done twice
        if ((err as CourierApiError).status !== 0) throw err;
        answer = await call<CourierViewResponse>(`${base}/orders/${order.id}/steps`, { method: 'POST', body: request, key });
      }
      view = answer ?? view;
      note = { text: `#${order.ticketNumber}: ${done}`, isError: false };
    } catch (err) {
      const e = err as CourierApiError;
      if (e.status === 401) return end(e.message);
      note = { text: e.message, isError: true };
    } finally {
      isBusy = false;
    }
    render();
    syncSharing();
  }

  function button(label: string, onClick: () => void, secondary = false) {
    const b = el('button', { type: 'button', class: secondary ? 'secondary' : '' }, label);
    b.disabled = isBusy;
    b.addEventListener('click', onClick);
    return b;
  }

  function payButtons(order: AssignmentInfo, methods: CourierPaymentMethod[]) {
    if (choosingBrandFor === order.id) {
      return [
        el('p', {}, 'Yemek kartı markası:'),
        ...(view?.mealCardBrands ?? []).map((brand) => button(brand, () => tap(order, { step: 'paid', method: 'meal_card', brand }, `Ödeme alındı (Yemek Kartı, ${brand})`))),
        button('Vazgeç', () => ((choosingBrandFor = null), render()), true),
      ];
    }
    return [
      el('p', {}, `Ödeme Alındı (${formatTL(order.remaining)}):`),
      ...methods.map((m) =>
        button(COURIER_PAYMENT_LABELS[m], () =>
          m === 'meal_card' ? ((choosingBrandFor = order.id), render()) : tap(order, { step: 'paid', method: m }, `Ödeme alındı (${COURIER_PAYMENT_LABELS[m]})`),
        ),
      ),
    ];
  }

  function orderCard(order: AssignmentInfo) {
    const card = el('article', { class: 'order', 'aria-label': `Sipariş ${order.ticketNumber}` });
    card.append(el('h2', {}, `#${order.ticketNumber} ${order.customerName ?? ''}`));
    card.append(el('span', { class: 'order-state' }, ASSIGNMENT_STATUS_LABELS[order.status]));
    if (order.customerAddress) {
      const p = el('p', { class: 'order-line' });
      p.append(el('a', { class: 'order-link', href: navigationLink(order.customerAddress, navigator.userAgent) }, `Adres: ${order.customerAddress} (haritada aç)`));
      card.append(p);
    }
    if (order.customerPhone) {
      const p = el('p', { class: 'order-line' });
      p.append(el('a', { class: 'order-link', href: `tel:${order.customerPhone}` }, `Ara: ${phoneText(order.customerPhone)}`));
      card.append(p);
    }
    if (order.expectedAt) card.append(el('p', { class: 'order-line' }, `Söz verilen saat: ${new Date(order.expectedAt).toLocaleTimeString('tr-TR', { hour: '2-digit', minute: '2-digit' })}`));
    if (order.orderNote) card.append(el('p', { class: 'order-line order-note' }, `Not: ${order.orderNote}`));
    doorLines(order).forEach((line, i) => card.append(el('p', { class: `order-line${i === 0 ? ' order-money' : ''}` }, line)));
    const actions = el('div', { class: 'order-actions' });
    if (pending?.orderId === order.id) {
      actions.append(
        el('p', { role: 'status' }, `${pending.done}: ${graceSecondsLeft(pending.dueAt, Date.now())} sn içinde kaydedilecek`),
        button('Geri Al', dropPending),
        // the courier who is sure need not wait the minute
        button('Şimdi Kaydet', () => void flushPending(), true),
      );
    } else if (asking?.orderId === order.id) {
      actions.append(
        el('p', {}, `Emin misiniz? ${asking.done}`),
        button('Evet', confirmPending),
        button('Vazgeç', () => ((asking = null), render()), true),
      );
    } else {
      if (order.status === 'assigned') actions.append(button('Aldım', () => void step(order, { step: 'picked_up' }, 'Aldım')));
      if (order.status === 'picked_up') actions.append(button('Teslim Ettim', () => tap(order, { step: 'delivered' }, 'Teslim edildi')));
      if (order.status !== 'assigned' && order.remaining > 0 && order.isTicketOpen && !order.collectedMethod) actions.append(...payButtons(order, view?.paymentMethods ?? []));
    }
    card.append(actions);
    return card;
  }

  function render() {
    if (isEnded || !view) return;
    root.setAttribute('aria-busy', 'false');
    const header = el('header', { class: 'courier-header' });
    header.append(el('p', {}, view.restaurantName), el('h1', {}, `Merhaba ${view.courierName}`));
    const parts: Node[] = [header];
    parts.push(
      el(
        'p',
        { class: 'courier-share' },
        onTrip()
          ? watchId !== null
            ? 'Konumunuz bu sayfa açıkken işletmeyle paylaşılıyor.'
            : 'Konum paylaşılmıyor: sayfayı açık tutun ve konum iznini verin.'
          : 'Yolda siparişiniz yok: konum paylaşılmıyor.',
      ),
    );
    if (note) parts.push(el('p', { class: `courier-note${note.isError ? ' is-error' : ''}`, role: note.isError ? 'alert' : 'status' }, note.text));
    if (view.orders.length === 0) parts.push(el('p', { class: 'courier-status' }, 'Size verilmiş sipariş yok. Yeni sipariş verilince burada görünür.'));
    parts.push(...view.orders.map(orderCard));
    root.replaceChildren(...parts);
  }

  document.addEventListener('visibilitychange', () => {
    if (isEnded) return;
    if (document.visibilityState === 'visible') void load();
    else {
      stopSharing();
      // the phone locks or the page goes away: a confirmed tap is sent now, never lost
      void flushPending(true);
    }
  });
  window.addEventListener('pagehide', () => void flushPending(true));
  setInterval(() => {
    if (!isEnded && document.visibilityState === 'visible' && !isBusy && !pending && !asking) void load();
  }, REFRESH_EVERY_MS);
  // positions also go out on a timer: a phone standing still may fire no new fix
  setInterval(() => {
    if (watchId !== null) sendPosition();
  }, SHARE_EVERY_MS);
  void load();
}
