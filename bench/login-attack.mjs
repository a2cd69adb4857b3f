// Login under attack (issue 12, items 1–3), against the built server on its default database (the
// embedded PostgreSQL in a DATA_DIR) with the demo seed
// and TRUST_PROXY=1, so X-Forwarded-For stands in for the client's address:
//  1. 60 simultaneous POST /api/auth/login for one account, 59 wrong and the right one last: how
//     many passwords the server evaluated (every 401 or 200 is one hash) and how many got in.
//     Once from one address, once from 60 addresses (only the account limit applies then).
//  2. 200 connections sending wrong passwords for the owner's account from one address for 15 s,
//     while the owner (on a browser that signed in before: device cookie) and a waiter (a new
//     browser) sign in from other addresses about once a second: their answer times and statuses.
//  3. 5 s of wrong passwords for made-up emails, each request from a new address (a botnet): the
//     server's whole hash line fills; everything beyond it must be answered at once (503).
//  4. 100 connections of made-up emails from one address for 10 s, while a waiter signs in from
//     another address (a new browser) about once a second: every one of those answers 200, within
//     3 s (the fair line: one hash per active client ahead of it), and the flood gets 429.
// Short on purpose (20 s of flood in all): the machine is shared.
import autocannon from 'autocannon';
import { assertBuilt, median, printResult, removeDir, sleep, startServer, tempDataDir } from './lib.mjs';

const OWNER = 'owner@demo.local';
const WAITER = 'waiter@demo.local';
const PASSWORD = 'demo1234';
const FLOOD_CONNECTIONS = 200;
const FLOOD_S = 15;
const BOTNET_S = 5;

async function attempt(url, { email, password, from, device }) {
  const t0 = performance.now();
  try {
    const res = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': from,
        ...(device ? { cookie: `sofra_device=${device}` } : {}),
      },
      body: JSON.stringify({ email, password, remember: false }),
      signal: AbortSignal.timeout(60_000),
    });
    const body = await res.json().catch(() => ({}));
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('sofra_device='));
    return {
      status: res.status,
      ms: Math.round(performance.now() - t0),
      error: body.error,
      retryAfter: res.headers.get('retry-after'),
      device: setCookie?.split(';')[0].slice('sofra_device='.length),
    };
  } catch (err) {
    return { status: 'timeout', ms: Math.round(performance.now() - t0), error: String(err) };
  }
}

const countBy = (items, key) => items.reduce((acc, it) => ({ ...acc, [key(it)]: (acc[key(it)] ?? 0) + 1 }), {});

async function concurrentGuesses(url, email, addressOf) {
  const passwords = [...Array.from({ length: 59 }, (_, i) => `yanlis-${i}`), PASSWORD];
  const answers = await Promise.all(passwords.map((password, i) => attempt(url, { email, password, from: addressOf(i) })));
  const statuses = countBy(answers, (a) => a.status);
  return {
    evaluated: (statuses[401] ?? 0) + (statuses[200] ?? 0),
    signedIn: statuses[200] ?? 0,
    rightPasswordStatus: answers.at(-1).status,
    statuses,
    messages: countBy(answers.filter((a) => a.status === 429 || a.status === 503), (a) => a.error),
    allRefusalsHaveRetryAfter: answers.filter((a) => a.status === 429 || a.status === 503).every((a) => Number(a.retryAfter) >= 1),
  };
}

function flood(url, { connections, seconds, body, from, madeUpEmails = false }) {
  return new Promise((resolve, reject) => {
    const opts = {
      url: `${url}/api/auth/login`,
      method: 'POST',
      connections,
      duration: seconds,
      timeout: 60,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': from ?? '203.0.113.66' },
      body,
    };
    if (!from || madeUpEmails) {
      // A made-up email for every request, and a new address too unless `from` is given.
      let n = 0;
      opts.requests = [
        {
          setupRequest: (req) => {
            n++;
            return {
              ...req,
              headers: { ...req.headers, 'x-forwarded-for': from ?? `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
              body: JSON.stringify({ email: `kimse${n}@yok.test`, password: 'yanlis-sifre' }),
            };
          },
        },
      ];
    }
    autocannon(opts, (err, res) => (err ? reject(err) : resolve(res)));
  });
}

/** Signs the legitimate users in about once a second while `running` is pending. */
async function timeLegitimateLogins(url, running, ownerDevice) {
  const samples = [];
  let done = false;
  running.then(
    () => (done = true),
    () => (done = true),
  );
  let i = 0;
  while (!done) {
    const who = ownerDevice && i++ % 2 === 0
      ? { label: 'owner, known device', email: OWNER, from: '198.51.100.10', device: ownerDevice }
      : { label: 'waiter, new browser', email: WAITER, from: '198.51.100.11' };
    const a = await attempt(url, { ...who, password: PASSWORD });
    samples.push({ who: who.label, status: a.status, ms: a.ms });
    await sleep(1000);
  }
  return samples;
}

const describeSamples = (samples) =>
  Object.fromEntries(
    [...new Set(samples.map((s) => s.who))].map((who) => {
      const mine = samples.filter((s) => s.who === who);
      return [who, { count: mine.length, statuses: countBy(mine, (s) => s.status), medianMs: median(mine.map((s) => s.ms)), maxMs: Math.max(...mine.map((s) => s.ms)) }];
    }),
  );

const floodSummary = (res) => ({
  requests: res.requests.total,
  reqPerSec: Math.round(res.requests.average),
  statuses: Object.fromEntries(Object.entries(res.statusCodeStats ?? {}).map(([code, s]) => [code, s.count])),
  errors: res.errors,
  timeouts: res.timeouts,
  p99Ms: res.latency.p99,
});

assertBuilt();
const dataDir = tempDataDir();
const server = await startServer({ dataDir, env: { TRUST_PROXY: '1' } });
const result = {};
try {
  const url = server.url;
  // The owner's browser signs in once before the attack: it now holds a device cookie.
  const first = await attempt(url, { email: OWNER, password: PASSWORD, from: '198.51.100.10' });
  if (first.status !== 200 || !first.device) throw new Error(`owner sign-in failed: ${JSON.stringify(first)}`);

  // The same two sign-ins with nobody attacking, on this machine as it is now.
  const quiet = [];
  for (let i = 0; i < 3; i++) {
    quiet.push({ who: 'owner, known device', ...(await attempt(url, { email: OWNER, password: PASSWORD, from: '198.51.100.10', device: first.device })) });
    quiet.push({ who: 'waiter, new browser', ...(await attempt(url, { email: WAITER, password: PASSWORD, from: '198.51.100.11' })) });
  }
  result.quiet = describeSamples(quiet);
  console.log('0. sign-ins with nobody attacking:', JSON.stringify(result.quiet));

  console.log('1. 60 simultaneous guesses for one account (59 wrong, the right one last)');
  result.guessesOneAddress = await concurrentGuesses(url, 'kitchen@demo.local', () => '203.0.113.5');
  console.log('   one address:   ', JSON.stringify(result.guessesOneAddress));
  result.guessesManyAddresses = await concurrentGuesses(url, 'owner2@demo.local', (i) => `203.0.114.${i + 1}`);
  console.log('   60 addresses:  ', JSON.stringify(result.guessesManyAddresses));

  console.log(`2. ${FLOOD_CONNECTIONS} connections of wrong passwords for ${OWNER} from one address for ${FLOOD_S} s`);
  const running = flood(url, { connections: FLOOD_CONNECTIONS, seconds: FLOOD_S, body: JSON.stringify({ email: OWNER, password: 'yanlis-sifre' }), from: '203.0.113.66' });
  const samples = await timeLegitimateLogins(url, running, first.device);
  result.flood = floodSummary(await running);
  result.duringFlood = describeSamples(samples);
  // After the flood the owner's account is locked for browsers that never signed in, not for theirs.
  result.afterFlood = {
    ownerNewBrowser: (await attempt(url, { email: OWNER, password: PASSWORD, from: '198.51.100.12' })).status,
    ownerKnownDevice: (await attempt(url, { email: OWNER, password: PASSWORD, from: '198.51.100.12', device: first.device })).status,
  };
  console.log('   flood:         ', JSON.stringify(result.flood));
  console.log('   during flood:  ', JSON.stringify(result.duringFlood));
  console.log('   after flood:   ', JSON.stringify(result.afterFlood));

  console.log(`3. ${BOTNET_S} s of wrong passwords for made-up emails, every request from a new address`);
  await sleep(1000);
  const botnet = flood(url, { connections: FLOOD_CONNECTIONS, seconds: BOTNET_S });
  const botnetSamples = await timeLegitimateLogins(url, botnet, first.device);
  result.botnet = floodSummary(await botnet);
  result.duringBotnet = describeSamples(botnetSamples);
  console.log('   flood:         ', JSON.stringify(result.botnet));
  console.log('   during flood:  ', JSON.stringify(result.duringBotnet));

  console.log('4. 100 connections of made-up emails from one address for 10 s; a waiter signs in from another');
  await sleep(1000);
  const oneAddress = flood(url, { connections: 100, seconds: 10, from: '203.0.113.77', madeUpEmails: true });
  const fairSamples = await timeLegitimateLogins(url, oneAddress, null);
  result.madeUpFlood = floodSummary(await oneAddress);
  result.duringMadeUpFlood = describeSamples(fairSamples);
  const fair = fairSamples.every((s) => s.status === 200 && s.ms <= 3000) && (result.madeUpFlood.statuses['429'] ?? 0) > 0;
  console.log('   flood:         ', JSON.stringify(result.madeUpFlood));
  console.log('   during flood:  ', JSON.stringify(result.duringMadeUpFlood));
  console.log(`   ${fair ? 'PASS' : 'FAIL'}: every sign-in from the other address 200 within 3 s, the flood refused with 429`);
} finally {
  await server.stop({ graceMs: 5000 });
  removeDir(dataDir);
}
printResult(result);
