import { describe, expect, it } from 'vitest';
import { baseUrl, readConnectionConfig } from './connection-config';

const storage = (value: string | null) => ({ getItem: () => value });

describe('readConnectionConfig', () => {
  it('uses the defaults when nothing is saved', () => {
    const config = readConnectionConfig(storage(null));
    expect(config).toMatchObject({ ok: true, settings: { cacheSizeBytes: 41943040, forceLongPolling: false } });
  });

  it('refuses an invalid saved override with its message instead of falling back silently', () => {
    const config = readConnectionConfig(storage(JSON.stringify({ longPollingTimeoutSeconds: 31 })));
    expect(config).toEqual({ ok: false, error: expect.stringContaining('5 ile 30 saniye') });
    expect(readConnectionConfig(storage('{bozuk')).ok).toBe(false);
  });

  it('builds the base URL from host and ssl', () => {
    const parse = (s: object) => {
      const c = readConnectionConfig(storage(JSON.stringify(s)));
      if (!c.ok) throw new Error(c.error);
      return baseUrl(c.settings);
    };
    expect(parse({})).toBe('');
    expect(parse({ host: 'pos.lokanta.tr' })).toBe('https://pos.lokanta.tr');
    expect(parse({ host: '192.168.1.5:3000', ssl: false })).toBe('http://192.168.1.5:3000');
  });
});
