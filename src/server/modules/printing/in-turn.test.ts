import { describe, expect, it } from 'vitest';
import { inTurn } from './printing.service';

/** A job that starts when its turn comes and ends when the test says so. */
function job(name: string, log: string[]) {
  let finish!: () => void;
  const ended = new Promise<void>((resolve) => (finish = resolve));
  return { finish, work: () => (log.push(`${name} başladı`), ended.then(() => void log.push(`${name} bitti`))) };
}
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('one printer, one job at a time', () => {
  it('a job queued while the second runs waits for the second, not only for the first', async () => {
    const turns = new Map<string, Promise<unknown>>();
    const log: string[] = [];
    const [a, b, c] = ['A', 'B', 'C'].map((n) => job(n, log));
    void inTurn(turns, 'yazici:9100', a.work);
    void inTurn(turns, 'yazici:9100', b.work);
    a.finish();
    await settle();
    void inTurn(turns, 'yazici:9100', c.work);
    await settle();
    expect(log).toEqual(['A başladı', 'A bitti', 'B başladı']);
    b.finish();
    await settle();
    c.finish();
    await settle();
    expect(log).toEqual(['A başladı', 'A bitti', 'B başladı', 'B bitti', 'C başladı', 'C bitti']);
    // the last one out leaves nothing behind
    expect(turns.size).toBe(0);
  });

  it('keeps printers apart: a job on another printer does not wait', async () => {
    const turns = new Map<string, Promise<unknown>>();
    const log: string[] = [];
    const [a, b] = ['A', 'B'].map((n) => job(n, log));
    void inTurn(turns, 'mutfak:9100', a.work);
    void inTurn(turns, 'bar:9100', b.work);
    await settle();
    expect(log).toEqual(['A başladı', 'B başladı']);
    a.finish();
    b.finish();
    await settle();
    expect(turns.size).toBe(0);
  });
});
