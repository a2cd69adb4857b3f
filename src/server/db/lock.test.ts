import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './lock';

let dataDir: string;
const lockFile = () => path.join(dataDir, 'sofra.lock');
const children: ChildProcess[] = [];

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sofra-lock-'));
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A process that stays alive until the test ends. */
function sleepingChild() {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
  children.push(child);
  return child.pid!;
}

/** The pid of a process that has already exited. */
async function deadPid() {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

describe('lockDataDir', () => {
  it('writes its own pid into the lock file, creating the directory if needed', () => {
    dataDir = path.join(dataDir, 'nested', 'data');
    const unlock = lockDataDir(dataDir);
    expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(process.pid));
    unlock();
  });

  it('refuses the directory while another live process holds it', () => {
    const holder = sleepingChild();
    fs.writeFileSync(lockFile(), String(holder));
    expect(() => lockDataDir(dataDir)).toThrow(new RegExp(`başka bir Sofra süreci \\(pid ${holder}\\)`));
    // The holder's lock is left alone.
    expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(holder));
  });

  it('refuses the directory while the parent process holds it', () => {
    fs.writeFileSync(lockFile(), String(process.ppid));
    expect(() => lockDataDir(dataDir)).toThrow(/başka bir Sofra süreci/);
  });

  it('takes over a stale lock left by a process that is gone', async () => {
    fs.writeFileSync(lockFile(), String(await deadPid()));
    const unlock = lockDataDir(dataDir);
    expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(process.pid));
    unlock();
  });

  it.each(['', 'not-a-pid', '-5'])('takes over a lock file with the unreadable content %j', (content) => {
    fs.writeFileSync(lockFile(), content);
    const unlock = lockDataDir(dataDir);
    expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(process.pid));
    unlock();
  });

  it('removes the lock file on unlock, so the next start gets it', () => {
    const unlock = lockDataDir(dataDir);
    unlock();
    expect(fs.existsSync(lockFile())).toBe(false);
    const again = lockDataDir(dataDir);
    expect(fs.existsSync(lockFile())).toBe(true);
    again();
  });

  it('keeps a second server process out while the first runs', async () => {
    const unlock = lockDataDir(dataDir);
    try {
      // A real second process trying the same directory.
      const script = `import(${JSON.stringify(fileURLToPath(new URL('./lock.ts', import.meta.url)))}).then(({ lockDataDir }) => lockDataDir(${JSON.stringify(dataDir)}))`;
      const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], { stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr!.on('data', (d) => (stderr += d));
      const code = await new Promise((resolve) => child.on('exit', resolve));
      expect(code).not.toBe(0);
      expect(stderr).toContain(`pid ${process.pid}`);
    } finally {
      unlock();
    }
  });
});
