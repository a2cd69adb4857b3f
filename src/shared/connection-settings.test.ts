import { describe, expect, it } from 'vitest';
import { DEFAULT_CACHE_SIZE_BYTES, parseConnectionSettings } from './connection-settings';

const accepts = (input: object) => expect(() => parseConnectionSettings(input)).not.toThrow();
const rejects = (input: object, message: RegExp) => expect(() => parseConnectionSettings(input)).toThrow(message);

describe('client data-connection settings', () => {
  it('defaults: 41943040-byte cache, streaming with long-polling auto-detect, 30 s timeout', () => {
    expect(parseConnectionSettings({})).toEqual({
      cacheSizeBytes: DEFAULT_CACHE_SIZE_BYTES,
      forceLongPolling: false,
      autoDetectLongPolling: true,
      longPollingTimeoutSeconds: 30,
    });
    expect(DEFAULT_CACHE_SIZE_BYTES).toBe(41943040);
    expect(parseConnectionSettings(undefined).cacheSizeBytes).toBe(41943040);
  });

  it('cache size: at least 1048576 bytes, or -1 for unlimited', () => {
    rejects({ cacheSizeBytes: 1048575 }, /en az 1048576 bayt/);
    accepts({ cacheSizeBytes: 1048576 });
    accepts({ cacheSizeBytes: -1 });
    accepts({ cacheSizeBytes: 41943040 });
    rejects({ cacheSizeBytes: 0 }, /Önbellek boyutu/);
    rejects({ cacheSizeBytes: -2 }, /Önbellek boyutu/);
    rejects({ cacheSizeBytes: 1048576.5 }, /Önbellek boyutu/);
    rejects({ cacheSizeBytes: '41943040' }, /Önbellek boyutu bir sayı olmalı/);
  });

  it('forcing long polling together with auto-detecting it is rejected', () => {
    rejects({ forceLongPolling: true, autoDetectLongPolling: true }, /birlikte açılamaz/);
    expect(parseConnectionSettings({ forceLongPolling: true })).toMatchObject({ forceLongPolling: true, autoDetectLongPolling: false });
    accepts({ forceLongPolling: true, autoDetectLongPolling: false });
    accepts({ forceLongPolling: false, autoDetectLongPolling: true });
    accepts({ forceLongPolling: false, autoDetectLongPolling: false });
  });

  it('long-polling timeout is a number from 5 to 30 seconds', () => {
    rejects({ longPollingTimeoutSeconds: 4 }, /5 ile 30 saniye/);
    accepts({ longPollingTimeoutSeconds: 5 });
    accepts({ longPollingTimeoutSeconds: 17.5 });
    accepts({ longPollingTimeoutSeconds: 30 });
    rejects({ longPollingTimeoutSeconds: 31 }, /5 ile 30 saniye/);
    rejects({ longPollingTimeoutSeconds: 30.01 }, /5 ile 30 saniye/);
    rejects({ longPollingTimeoutSeconds: '10' }, /5 ile 30 saniye/);
  });

  it('an ssl setting requires a host', () => {
    rejects({ ssl: true }, /'host' da verilmeli/);
    rejects({ ssl: false }, /'host' da verilmeli/);
    accepts({ ssl: true, host: 'sofra.lokanta.com.tr' });
    accepts({ host: 'sofra.lokanta.com.tr' });
    rejects({ host: '' }, /'host' boş olamaz/);
  });

  it('lists every problem at once', () => {
    rejects({ cacheSizeBytes: 5, longPollingTimeoutSeconds: 99 }, /Önbellek boyutu.*; Uzun yoklama/);
  });
});
