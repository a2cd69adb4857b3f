// Online orders arriving (issue 24), after `npm run build`: `node bench/online-intake.mjs`
// The restaurant's own signed channel (POST /api/integrations/sofra/:rid/orders) receives RATE orders
// a second for DURATION_S seconds, paced open-loop (a new order every 1000/RATE ms whatever the answers
// take), on the embedded PostgreSQL (the default: a DATA_DIR) and on a throw-away database of the
// PostgreSQL server. One order in ten is sent a second time with the same externalId (a platform's
// retry): it must answer 200 with the same orderId. Afterwards the inbox must hold exactly one order
// per externalId: none lost, none doubled. Each order is signed (HMAC-SHA256 over "<timestamp>.<body>")
// and validated, priced from the menu and stored under the restaurant lock, as in production.
// The load generator runs on the same two cores as the server, so these figures are floors.
import { createHmac } from 'node:crypto';
import { assertBuilt, client, onEachDatabase, printResult, startServer } from './lib.mjs';

const RATE = Number(process.env.INTAKE_RATE ?? 200);
const DURATION_S = Number(process.env.INTAKE_DURATION_S ?? 60);
const TARGET_P99_MS = 50;

const pct = (values, p) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] : NaN;
};
const round = (n) => Math.round(n * 10) / 10;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function bench(label, serverOptions) {
  console.log(`\n[${label}] ${RATE} orders/s for ${DURATION_S} s`);
  const server = await startServer(serverOptions);
  try {
    const owner = await client(server.url, 'owner@demo.local');
    const { secret } = await owner.call('POST', '/integrations/sofra/secret');
    const menu = await owner.call('GET', '/menu');
    const dishes = menu.items.filter((i) => i.isAvailable && i.optionGroupIds.length === 0).map((i) => i.id);
    const url = `${server.url}/api/integrations/sofra/${owner.restaurantId}/orders`;

    const times = [];
    const statuses = {};
    const orderIds = new Map(); // externalId → orderId
    const created = new Map(); // externalId → how many 201 answers (more than 1 = a doubled order)
    let mismatched = 0;
    let errors = 0;
    const send = async (externalId, n) => {
      const body = JSON.stringify({
        externalId,
        type: n % 3 === 0 ? 'takeaway' : 'delivery',
        customer: { name: 'Yük Testi', phone: '05321234567', address: n % 3 === 0 ? undefined : `Moda Cad. No ${n % 90 + 1}, Kadıköy` },
        items: [{ menuItemId: dishes[n % dishes.length], quantity: 1 + (n % 3) }, { menuItemId: dishes[(n * 7) % dishes.length], quantity: 1 }],
        payment: { method: n % 2 ? 'cash' : 'card' },
      });
      const ts = String(Math.floor(Date.now() / 1000));
      const signature = createHmac('sha256', secret).update(`${ts}.${body}`).digest('hex');
      const t0 = performance.now();
      try {
        const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-sofra-timestamp': ts, 'x-sofra-signature': `sha256=${signature}` }, body });
        const answer = await res.json();
        times.push(performance.now() - t0);
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        if (res.status !== 200 && res.status !== 201) return void errors++;
        if (res.status === 201) created.set(externalId, (created.get(externalId) ?? 0) + 1);
        const first = orderIds.get(externalId);
        if (first && first !== answer.orderId) mismatched++;
        if (!first) orderIds.set(externalId, answer.orderId);
      } catch {
        errors++;
      }
    };

    const inFlight = [];
    const start = performance.now();
    const total = RATE * DURATION_S;
    for (let n = 0; n < total; n++) {
      const due = start + (n * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      const externalId = `B-${n}`;
      inFlight.push(send(externalId, n));
      // a platform's retry of an earlier order, a moment later
      if (n % 10 === 5) inFlight.push(sleep(50).then(() => send(`B-${n - 5}`, n - 5)));
    }
    await Promise.all(inFlight);
    const elapsedS = (performance.now() - start) / 1000;

    // the inbox lists the newest 300: they must be 300 different orders
    const inbox = await owner.call('GET', '/online-orders');
    const stored = inbox.filter((o) => o.externalId.startsWith('B-'));
    const unique = new Set(stored.map((o) => o.externalId));
    const createdTwice = [...created.values()].filter((n) => n > 1).length;
    const result = {
      database: label,
      sent: times.length + errors,
      distinctOrders: total,
      ratePerS: round((times.length + errors) / elapsedS),
      p50Ms: round(pct(times, 50)),
      p95Ms: round(pct(times, 95)),
      p99Ms: round(pct(times, 99)),
      maxMs: round(Math.max(...times)),
      statuses,
      errors,
      retriesAnsweredWithAnotherOrder: mismatched,
      // every order answered (201 once, then 200 with the same orderId), and no second 201
      lost: total - orderIds.size,
      doubled: createdTwice + (stored.length - unique.size),
      inboxNewest: stored.length,
      targetP99Ms: TARGET_P99_MS,
    };
    console.log(
      `[${label}] ${result.sent} requests in ${round(elapsedS)} s: p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms (target ≤ ${TARGET_P99_MS}), max ${result.maxMs} ms; statuses ${JSON.stringify(statuses)}; lost ${result.lost}, doubled ${result.doubled}`,
    );
    return result;
  } finally {
    await server.stop();
  }
}

assertBuilt();
const out = await onEachDatabase(bench);
printResult({ bench: 'online-intake', rate: RATE, durationS: DURATION_S, ...out });
