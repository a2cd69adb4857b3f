import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, isDataDirLocked } from './lock';

let dataDir: string;
const children: ChildProcess[] = [];
const lockModule = fileURLToPath(new URL('./lock.ts', import.meta.url));

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sofra-lock-'));
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Node code that takes the lock, says "held" and then stays alive. */
const holderScript = (dir: string) =>
  `import(${JSON.stringify(lockModule)}).then(async ({ acquireDataDirLock }) => { await acquireDataDirLock(${JSON.stringify(dir)}); console.log('held'); setInterval(() => {}, 1000); })`;

/** Another process holding the lock until it is killed. */
async function holderProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', holderScript(dataDir)], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d) => String(d).includes('held') && resolve());
    child.on('exit', (code) => reject(new Error(`holder exited (${code})`)));
  });
  return child;
}

describe('acquireDataDirLock', () => {
  it('creates the directory if needed and is taken again after its release', async () => {
    dataDir = path.join(dataDir, 'nested', 'data');
    const release = await acquireDataDirLock(dataDir);
    expect(fs.existsSync(dataDir)).toBe(true);
    await expect(acquireDataDirLock(dataDir)).rejects.toBeInstanceOf(DataDirLockedError);
    await release();
    const again = await acquireDataDirLock(dataDir);
    await again();
  });

  it('is one lock for one directory however it is named: through a symlink, a symlinked parent or a relative path', async () => {
    const real = path.join(dataDir, 'real', 'data');
    fs.mkdirSync(real, { recursive: true });
    fs.symlinkSync(real, path.join(dataDir, 'link-to-data'));
    fs.symlinkSync(path.join(dataDir, 'real'), path.join(dataDir, 'link-to-parent'));
    const release = await acquireDataDirLock(real);
    for (const alias of [path.join(dataDir, 'link-to-data'), path.join(dataDir, 'link-to-parent', 'data'), path.relative(process.cwd(), real), `${real}/`, path.join(real, '..', 'data')]) {
      await expect(acquireDataDirLock(alias), alias).rejects.toBeInstanceOf(DataDirLockedError);
      expect(await isDataDirLocked(alias), alias).toBe(true);
    }
    await release();
    const viaLink = await acquireDataDirLock(path.join(dataDir, 'link-to-parent', 'data'));
    await expect(acquireDataDirLock(real)).rejects.toBeInstanceOf(DataDirLockedError);
    await viaLink();
  });

  it('keeps a second Sofra process out while the first runs, with a Turkish message', async () => {
    const holder = await holderProcess();
    await expect(acquireDataDirLock(dataDir)).rejects.toThrow(/başka bir Sofra süreci tarafından kullanılıyor/);
    expect(await isDataDirLocked(dataDir)).toBe(true);
    holder.kill('SIGTERM');
  });

  it('is free the moment its holder is killed with SIGKILL (no stale lock to clear)', async () => {
    const holder = await holderProcess();
    await new Promise((resolve) => {
      holder.once('exit', resolve);
      holder.kill('SIGKILL');
    });
    const release = await acquireDataDirLock(dataDir);
    await release();
  });

  it('does not take a killed holder that lingers as a zombie for a live one', async () => {
    // A parent that never reaps: its killed child stays a zombie, alive to kill(pid, 0).
    const parent = spawn(
      'python3',
      ['-c', `import os, sys, time\npid = os.fork()\nif pid == 0:\n    os.execv(sys.argv[1], [sys.argv[1], '--import', 'tsx', '-e', sys.argv[2]])\nprint(pid, flush=True)\ntime.sleep(60)`, process.execPath, holderScript(dataDir)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    children.push(parent);
    const pid = Number(await new Promise<string>((resolve) => parent.stdout!.once('data', (d) => resolve(String(d)))));
    while (!(await isDataDirLocked(dataDir))) await new Promise((resolve) => setTimeout(resolve, 50));
    process.kill(pid, 'SIGKILL');
    while (!fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].startsWith('Z')) await new Promise((resolve) => setTimeout(resolve, 20));
    // The leader turns Z before its other threads have closed the shared files: allow that moment.
    for (let tries = 0; tries < 100 && (await isDataDirLocked(dataDir)); tries++) await new Promise((resolve) => setTimeout(resolve, 50));
    const release = await acquireDataDirLock(dataDir);
    await release();
    // …while the dead holder is still a zombie, "alive" to the pid check a pid file relies on.
    expect(() => process.kill(pid, 0)).not.toThrow();
  });

  it('answers "not locked" for a directory that does not exist, without creating it', async () => {
    const missing = path.join(dataDir, 'yok');
    expect(await isDataDirLocked(missing)).toBe(false);
    expect(fs.existsSync(missing)).toBe(false);
  });
});

