import { describe, expect, it } from 'vitest';
import { createWriteQueue } from './write-queue';

describe('a ticket write queue', () => {
  it('starts each write only after the one before it has settled', async () => {
    const queue = createWriteQueue();
    const log: string[] = [];
    let release!: () => void;
    const first = queue.run(() => new Promise<void>((r) => (release = r)).then(() => void log.push('first done')));
    const second = queue.run(async () => void log.push('second started'));
    await Promise.resolve();
    expect(log).toEqual([]);
    expect(queue.size).toBe(2);
    release();
    await Promise.all([first, second]);
    expect(log).toEqual(['first done', 'second started']);
    expect(queue.size).toBe(0);
  });

  it('a refused write does not stop the next one', async () => {
    const queue = createWriteQueue();
    const failed = queue.run(() => Promise.reject(new Error('409')));
    const next = queue.run(async () => 'ok');
    await expect(failed).rejects.toThrow('409');
    await expect(next).resolves.toBe('ok');
  });
});
