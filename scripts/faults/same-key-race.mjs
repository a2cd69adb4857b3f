// Two requests with one Idempotency-Key on a live server (a double tap, or a retry after a dropped
// connection), no kill anywhere: the second must get the first's answer, or "still in progress"
// and then the answer — never "applied, but the server stopped before answering", which sends the
// waiter to refresh the screen for an answer the server was about to store.
//   node scripts/faults/same-key-race.mjs [postgres://… an empty database]   (after `npm run build`)
// Exit code 1 when the wrong answer appears.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { client, removeDir, sleep, startServer, tempDataDir } from '../../bench/lib.mjs';

const ROUNDS = Number(process.env.RACE_ROUNDS ?? 200);
const databaseUrl = process.argv[2];
const dataDir = databaseUrl ? undefined : tempDataDir();
const server = await startServer({ dataDir, databaseUrl });
const tally = {};
try {
  const waiter = await client(server.url, 'waiter@demo.local');
  const menu = await waiter.call('GET', '/menu');
  const itemId = menu.items.find((i) => i.isAvailable && i.optionGroupIds.length === 0).id;
  const base = `${server.url}/api/restaurants/${waiter.restaurantId}`;
  let ticket = null;
  for (let i = 0; i < ROUNDS; i++) {
    if (i % 40 === 0) ticket = await waiter.call('POST', '/tickets', { type: 'takeaway', customer: { name: 'Aynı Anahtar' } });
    const headers = { cookie: waiter.cookie, 'content-type': 'application/json', 'idempotency-key': `same-key-${Date.now()}-${i}` };
    const body = JSON.stringify({ version: ticket.version, lines: [{ menuItemId: itemId, quantity: 1 }] });
    const post = () => fetch(`${base}/tickets/${ticket.id}/lines`, { method: 'POST', headers, body }).then(async (r) => ({ status: r.status, body: await r.json() }));
    const first = post();
    await sleep(i % 12); // the second arrives somewhere inside the first's handling
    const second = await post();
    const answer = second.status === 409 ? `409 ${second.body.error}` : String(second.status);
    tally[answer] = (tally[answer] ?? 0) + 1;
    const done = await first;
    ticket = done.status === 200 ? done.body : await waiter.call('GET', `/tickets/${ticket.id}`);
  }
} finally {
  await server.stop();
  if (dataDir) {
    // as root the embedded cluster may live under /var/lib/sofra/<hash of DATA_DIR>: it goes too
    removeDir(path.join('/var/lib/sofra', createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16)));
    removeDir(dataDir);
  }
}
console.log(`${ROUNDS} çift istek, ikincisinin yanıtları:`);
for (const [answer, n] of Object.entries(tally)) console.log(`  ${String(n).padStart(4)} × ${answer}`);
const wrong = Object.entries(tally).filter(([a]) => a.includes('sunucu durdu')).reduce((s, [, n]) => s + n, 0);
console.log(wrong ? `HATA: çalışan sunucu ${wrong} kez "sunucu durdu" dedi.` : 'Tamam: çalışan sunucu hiç "sunucu durdu" demedi.');
process.exit(wrong ? 1 : 0);
