// Simulated waiters: each owns a few tables and works them like a busy evening (open, add lines,
// Mutfağa Gönder, part payments, Hesabı Kapat), one request at a time, every write with its own
// Idempotency-Key. A request is repeated with the same key and body until the server gives a
// definitive answer, whatever happens to the server in between.

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The idempotency plugin's Turkish answers (src/server/plugins/idempotency.ts) that are not a verdict. */
const IN_PROGRESS = 'Aynı istek hâlâ işleniyor';
const APPLIED_WITHOUT_ANSWER = 'Bu istek daha önce işlendi ama yanıtı kaydedilemeden';

/** Open while the server answers; closed from the kill until the restarted server is healthy. */
export class Gate {
  constructor() {
    this.isUp = false;
    this.waiters = [];
  }
  setUp() {
    this.isUp = true;
    for (const w of this.waiters.splice(0)) w();
  }
  setDown() {
    this.isUp = false;
  }
  wait() {
    return this.isUp ? Promise.resolve() : new Promise((r) => this.waiters.push(r));
  }
}

/** Sign-in and plain calls (reads, set-up) for one session; every helper survives a kill. */
export class Session {
  constructor(ctx, email, password) {
    Object.assign(this, { ctx, email, password });
    this.cookie = '';
    this.restaurantId = '';
  }

  async login() {
    const res = await this.raw('POST', '/api/auth/login', { email: this.email, password: this.password, remember: false }, null, { noCookie: true });
    if (res.status !== 200) throw new Error(`${this.email} girişi başarısız: HTTP ${res.status} ${res.text}`);
    this.cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    this.restaurantId = JSON.parse(res.text).restaurantId;
  }

  /** One HTTP exchange; connection errors and 5xx are retried (after the server is back) until an answer < 500. */
  async raw(method, urlPath, body, key, { noCookie = false, abortAfterMs = null } = {}) {
    const { ctx } = this;
    const bodyText = body === undefined || body === null ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    const headers = {};
    if (!noCookie) headers.cookie = this.cookie;
    if (bodyText !== undefined) headers['content-type'] = 'application/json';
    if (key) headers['idempotency-key'] = key;
    for (let attempt = 0; ; attempt++) {
      if (attempt > 0) ctx.stats.retries++;
      await ctx.gate.wait();
      if (ctx.aborted) throw new Error('çalışma durduruldu');
      ctx.inFlight++;
      try {
        const controller = new AbortController();
        // A safety net only: a healthy server answers in milliseconds.
        const timer = setTimeout(() => controller.abort(), abortAfterMs ?? 60_000);
        let res;
        try {
          res = await fetch(`${ctx.url()}${urlPath}`, { method, headers, body: bodyText, signal: controller.signal });
          const text = await res.text();
          if (res.status >= 500) {
            ctx.stats.serverErrors++;
            ctx.noteServerError(method, urlPath, res.status, text);
            throw Object.assign(new Error(`HTTP ${res.status}`), { retryable: true });
          }
          return { status: res.status, text, headers: res.headers, replay: res.headers.get('idempotent-replay') === 'true' };
        } finally {
          clearTimeout(timer);
        }
      } catch (err) {
        if (abortAfterMs !== null) return null; // a deliberately dropped answer: the caller retries
        ctx.stats.connectionErrors += err.retryable ? 0 : 1;
        await sleep(25);
      } finally {
        ctx.inFlight--;
      }
    }
  }

  /** A read under the restaurant; 2xx expected. */
  async get(urlPath) {
    const res = await this.raw('GET', `/api/restaurants/${this.restaurantId}${urlPath}`);
    if (res.status !== 200) throw new Error(`GET ${urlPath}: HTTP ${res.status} ${res.text}`);
    return JSON.parse(res.text);
  }
}

const pick = (random, list) => list[Math.floor(random() * list.length)];
const between = (random, lo, hi) => lo + Math.floor(random() * (hi - lo + 1));

/**
 * One waiter. Tables are worked in turn; a table whose request is "still in progress" (a claim of
 * a killed server that a retry may not take over yet) is parked and retried later, so the waiter
 * keeps serving the other tables meanwhile.
 */
export class Waiter {
  constructor(ctx, index, session, tables, random) {
    Object.assign(this, { ctx, index, session, random });
    this.tables = tables.map((t) => ({ id: t.id, name: t.name, ticket: null, phase: 'order', pending: null, parkedUntil: 0 }));
    this.seq = 0;
  }

  key() {
    return `${this.ctx.keyPrefix}c${this.index}n${String(++this.seq).padStart(5, '0')}`;
  }

  async run() {
    for (;;) {
      const draining = this.ctx.stopNew;
      const candidates = this.tables.filter((t) => (draining ? t.pending : true));
      if (draining && candidates.length === 0) return;
      const now = performance.now();
      const ready = candidates.filter((t) => t.parkedUntil <= now);
      if (ready.length === 0) {
        await sleep(100);
        continue;
      }
      const table = pick(this.random, ready);
      if (!table.pending) table.pending = this.plan(table);
      await this.work(table);
    }
  }

  /** The next request for a table, from what the last answer said about its ticket. */
  plan(table) {
    const { random, ctx } = this;
    const key = this.key();
    const t = table.ticket;
    const base = `/api/restaurants/${this.session.restaurantId}`;
    const make = (kind, path, body, extra = {}) => {
      const action = { key, client: this.index, table: table.name, tableId: table.id, ticketId: t?.id ?? null, kind, path, body, outcome: 'pending', attempts: 0, replays: 0, ...extra };
      ctx.actions.push(action);
      return action;
    };
    if (!t) return make('open', `${base}/tickets`, { type: 'table', tableId: table.id, guests: between(random, 1, 6) });

    const pendingLines = t.lines.filter((l) => l.status === 'pending');
    const addLines = () => {
      const n = between(random, 1, 3);
      const lines = Array.from({ length: n }, (_, i) => ({
        menuItemId: pick(random, ctx.itemIds),
        quantity: between(random, 1, 3),
        // the key in the note ties every line in the database to the request that made it
        note: `fk ${key} ${i}`,
      }));
      return make('lines', `${base}/tickets/${t.id}/lines`, { version: t.version, lines }, { lineCount: n });
    };
    if (table.phase === 'order') {
      if (t.lines.length === 0) return addLines();
      if (pendingLines.length > 0 && random() < 0.6) return make('send', `${base}/tickets/${t.id}/send`, { version: t.version });
      if (pendingLines.length === 0 && random() < 0.4) table.phase = 'pay';
      else if (t.lines.length < 14) return addLines();
      else if (pendingLines.length > 0) return make('send', `${base}/tickets/${t.id}/send`, { version: t.version });
      else table.phase = 'pay';
    }
    // paying: whatever is still pending goes to the kitchen first (a real waiter sends before the bill)
    if (pendingLines.length > 0) return make('send', `${base}/tickets/${t.id}/send`, { version: t.version });
    const remaining = t.totals.remaining;
    if (remaining === 0) return make('close', `${base}/tickets/${t.id}/close`, { version: t.version });
    const body = {};
    // A payment may carry the version or not: without it, only the key stands between a retry and a second payment.
    if (random() < 0.5) body.version = t.version;
    const method = pick(random, ctx.methods);
    body.method = method;
    if (method === 'meal_card') body.brand = pick(random, ctx.brands);
    const whole = remaining < 2000 || random() < 0.4;
    body.amount = whole ? remaining : Math.max(100, Math.floor(remaining * (0.2 + random() * 0.5)));
    if (method === 'cash' && whole && random() < 0.7) body.given = Math.ceil(remaining / 5000) * 5000 + (random() < 0.3 ? 5000 : 0);
    if (method === 'card' && random() < 0.2) body.tip = between(random, 1, 20) * 500;
    return make('payment', `${base}/tickets/${t.id}/payments`, body);
  }

  async work(table) {
    const { ctx, random } = this;
    const action = table.pending;
    const bodyText = JSON.stringify(action.body);
    action.attempts++;
    action.firstGeneration ??= ctx.generation;
    let result;
    if (action.attempts === 1 && random() < ctx.dropRate) {
      // a dropped answer (Wi-Fi gone mid-request): the same request again, same key
      ctx.stats.droppedAnswers++;
      await this.session.raw('POST', action.path, bodyText, action.key, { abortAfterMs: between(random, 0, 15) });
    }
    if (action.attempts === 1 && random() < ctx.doubleTapRate) {
      ctx.stats.doubleTaps++;
      const both = await Promise.all([this.session.raw('POST', action.path, bodyText, action.key), this.session.raw('POST', action.path, bodyText, action.key)]);
      const verdicts = both.map((r) => this.verdictOf(r));
      for (const v of verdicts) if (v.kind === 'appliedNoAnswer') this.noteLiveNoAnswer(action);
      const ok = verdicts.filter((v) => v.kind === 'ok');
      if (ok.length === 2 && fingerprint(action.kind, ok[0].body) !== fingerprint(action.kind, ok[1].body)) {
        ctx.problems.push(`çift dokunuş iki farklı yanıt aldı: ${action.key} ${action.kind} → ${fingerprint(action.kind, ok[0].body)} / ${fingerprint(action.kind, ok[1].body)}`);
      }
      const refused = verdicts.find((v) => v.kind === 'rejected');
      if (ok.length > 0 && refused) ctx.problems.push(`çift dokunuş: aynı istek hem kabul hem ret aldı: ${action.key} ${action.kind} → HTTP ${refused.status} ${refused.text.slice(0, 120)}`);
      const order = ['ok', 'appliedNoAnswer', 'rejected', 'inProgress'];
      result = verdicts.sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind))[0];
    } else {
      result = this.verdictOf(await this.session.raw('POST', action.path, bodyText, action.key));
      if (result.kind === 'appliedNoAnswer') this.noteLiveNoAnswer(action);
    }
    if (result.replay) action.replays++;

    switch (result.kind) {
      case 'ok':
        action.outcome = 'applied';
        action.status = result.status;
        this.absorb(table, action, result.body);
        break;
      case 'appliedNoAnswer':
        ctx.stats.appliedWithoutAnswer++;
        action.outcome = 'applied-no-answer';
        action.status = result.status;
        await this.refresh(table, action);
        break;
      case 'inProgress':
        ctx.stats.inProgress++;
        action.inProgress = (action.inProgress ?? 0) + 1;
        action.firstInProgressAt ??= performance.now();
        table.parkedUntil = performance.now() + 300;
        return; // same key later
      default:
        action.outcome = 'rejected';
        action.status = result.status;
        action.error = result.body?.error ?? result.text;
        ctx.unexpected.push(`${action.key} ${action.kind} ${action.table}: HTTP ${result.status} ${action.error}`);
        await this.refresh(table, action);
    }
    table.pending = null;
    if (action.outcome !== 'rejected') ctx.stats.acknowledged++;
  }

  /**
   * "Applied, but the server stopped before answering" is true only if a server stopped since the
   * request was first sent. Said by a server that never went down, it is wrong: the first attempt
   * is still finishing (committed, answer not yet stored) and the client loses an answer it could
   * have had by waiting.
   */
  noteLiveNoAnswer(action) {
    if (action.firstGeneration !== this.ctx.generation) return;
    this.ctx.stats.liveNoAnswer++;
    if (this.ctx.liveNoAnswerKeys.length < 10) this.ctx.liveNoAnswerKeys.push(`${action.key} ${action.kind}`);
  }

  verdictOf(res) {
    let body = null;
    try {
      body = JSON.parse(res.text);
    } catch {
      // not JSON: kept as text
    }
    const base = { status: res.status, body, text: res.text, replay: res.replay };
    if (res.status >= 200 && res.status < 300) return { kind: 'ok', ...base };
    const error = String(body?.error ?? '');
    if (res.status === 409 && error.startsWith(IN_PROGRESS)) return { kind: 'inProgress', ...base };
    if (res.status === 409 && error.startsWith(APPLIED_WITHOUT_ANSWER)) return { kind: 'appliedNoAnswer', ...base };
    return { kind: 'rejected', ...base };
  }

  /** What an answer says: the ids to verify later, and the ticket as it now is. */
  absorb(table, action, body) {
    const ticket = action.kind === 'send' || action.kind === 'close' ? body.ticket : body;
    action.ticketId = ticket.id;
    switch (action.kind) {
      case 'open':
        action.ticketNumber = ticket.number;
        break;
      case 'lines':
        action.lineIds = ticket.lines.filter((l) => l.note?.startsWith(`fk ${action.key} `)).map((l) => l.id);
        break;
      case 'send':
        action.batchId = body.batch.id;
        action.batchLineIds = body.batch.lineIds;
        break;
      case 'payment':
        action.paymentId = body.paymentId;
        action.change = body.change;
        action.settled = body.payments.find((p) => p.id === body.paymentId)?.amount ?? null;
        break;
      case 'close':
        action.billNumber = body.billNumber;
        action.total = body.total;
        this.ctx.stats.billsClosed++;
        break;
    }
    this.setTicket(table, ticket);
  }

  setTicket(table, ticket) {
    if (!ticket || ticket.status === 'closed') {
      table.ticket = null;
      table.phase = 'order';
    } else {
      table.ticket = ticket;
    }
  }

  /** After an answer that carries no ticket: read the table's ticket as it now is. */
  async refresh(table, action) {
    let ticketId = table.ticket?.id ?? null;
    if (action.kind === 'open' || !ticketId) {
      const open = await this.session.get('/tickets');
      ticketId = open.find((s) => s.tableId === table.id)?.id ?? null;
      if (action.kind === 'open') action.ticketId = ticketId;
    }
    this.setTicket(table, ticketId ? await this.session.get(`/tickets/${ticketId}`) : null);
    if (action.kind === 'close' && action.outcome === 'applied-no-answer') this.ctx.stats.billsClosed++;
  }
}

/** What must be equal between two answers to the same request. */
function fingerprint(kind, body) {
  switch (kind) {
    case 'send':
      return body.batch?.id;
    case 'payment':
      return body.paymentId;
    case 'close':
      return String(body.billNumber);
    default:
      return `${body.id}@${body.version}`;
  }
}
