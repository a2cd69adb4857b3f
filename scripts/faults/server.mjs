// The server under test as a power cut sees it: the built server in its own process group, so
// one SIGKILL to the group takes down the server and every child it started (a database server
// process, a PGlite initdb helper) at the same instant, with no chance to flush or unlock.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

export const HOST = '127.0.0.1';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The Node flags of `npm run serve` (package.json is the one place they are written). */
export function serveNodeArgs(root) {
  const serve = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.serve;
  return serve.split(/\s+/).filter((a) => a.startsWith('--'));
}

function portIsFree(port) {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', () => resolve(false));
    srv.listen(port, HOST, () => srv.close(() => resolve(true)));
  });
}

/** A free port in 4800–4899 (this test's range), tried from a random start so two runs rarely meet. */
export async function freePortInRange(random, from = 4800, to = 4899) {
  const span = to - from + 1;
  const start = Math.floor(random() * span);
  for (let i = 0; i < span; i++) {
    const port = from + ((start + i) % span);
    if (await portIsFree(port)) return port;
  }
  throw new Error(`${from}–${to} aralığında boş port yok`);
}

// Whatever happens to this script (an exception, Ctrl-C), no server group outlives it.
const liveGroups = new Set();
process.on('exit', () => {
  for (const pid of liveGroups) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(130));

/**
 * One server incarnation. `start()` resolves when /api/health answers 200, or rejects with the
 * output tail when the process exits first or the safety timeout passes.
 */
export class ServerProcess {
  constructor({ root, serverJs, port, env, nodeArgs, readyTimeoutMs = 60_000 }) {
    Object.assign(this, { root, serverJs, port, env, nodeArgs, readyTimeoutMs });
    this.url = `http://${HOST}:${port}`;
    this.child = null;
    this.output = '';
    this.exited = null;
    this.exitInfo = null;
  }

  async start() {
    this.output = '';
    this.exitInfo = null;
    const child = spawn(process.execPath, [...this.nodeArgs, this.serverJs], {
      cwd: this.root,
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // its own process group: kill(-pid) reaches its children too
    });
    this.child = child;
    liveGroups.add(child.pid);
    const keep = (chunk) => (this.output = (this.output + chunk).slice(-6000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        this.exitInfo = { code, signal };
        resolve(this.exitInfo);
      }),
    );
    const t0 = performance.now();
    for (;;) {
      if (this.exitInfo) {
        liveGroups.delete(child.pid);
        const err = new Error(`sunucu hazır olmadan kapandı (${JSON.stringify(this.exitInfo)})`);
        err.output = this.output;
        err.exitInfo = this.exitInfo;
        throw err;
      }
      if (performance.now() - t0 > this.readyTimeoutMs) {
        this.killGroup();
        await this.exited;
        const err = new Error(`sunucu ${this.readyTimeoutMs / 1000} s içinde hazır olmadı`);
        err.output = this.output;
        throw err;
      }
      try {
        const res = await fetch(`${this.url}/api/health`, { signal: AbortSignal.timeout(1000) });
        if (res.status === 200) {
          this.health = await res.json().catch(() => null);
          // the server's own start-up figure ("Sofra hazır: … (N ms)"): where a slow restart spends its time
          const own = /Sofra hazır:.*?(\d+) ms\)/.exec(this.output);
          this.ownReadyMs = own ? Number(own[1]) : null;
          return performance.now() - t0;
        }
      } catch {
        // not listening yet
      }
      await sleep(20);
    }
  }

  /** The power cut: SIGKILL to the whole group, then wait for the leader's exit. */
  async killGroup() {
    if (!this.child || this.exitInfo) return 0;
    const pid = this.child.pid;
    const t0 = performance.now();
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // group already gone
    }
    await this.exited;
    liveGroups.delete(pid);
    // Children that outlived the leader by a moment (being reaped) must be gone before a restart.
    for (let i = 0; i < 100 && groupAlive(pid); i++) await sleep(10);
    return performance.now() - t0;
  }

  /** A normal shutdown (SIGTERM: closes the database and releases its lock), SIGKILL after graceMs. */
  async stop(graceMs = 20_000) {
    if (!this.child || this.exitInfo) return this.exitInfo;
    const pid = this.child.pid;
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // gone
    }
    const timer = setTimeout(() => this.killGroup(), graceMs);
    const info = await this.exited;
    clearTimeout(timer);
    liveGroups.delete(pid);
    return info;
  }

  tail(lines = 25) {
    return this.output.trim().split('\n').slice(-lines).join('\n');
  }
}

function groupAlive(pgid) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/**
 * A SIGTERM this script never sends (it kills with SIGKILL and stops with SIGTERM only at the end):
 * another program on the machine stopped the server. Not a crash of the server: noted, not failed.
 */
export const isExternalStop = (exit) => exit?.signal === 'SIGTERM' || exit?.signal === 'SIGINT' || exit?.code === 143 || exit?.code === 130;
