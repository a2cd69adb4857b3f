import type { PrintFailure } from '../../../shared/printing-contract';
import { describeFailure } from './print-failures-watcher';

const failure = (retry: PrintFailure['retry']): PrintFailure => ({
  id: 'f1',
  at: '2026-11-22T12:00:00Z',
  station: 'Bar',
  host: '192.168.1.50',
  port: 9100,
  ticketId: 't1',
  ticketNumber: 12,
  where: 'Salon 3',
  error: 'Yazıcıya ulaşılamadı: 192.168.1.50:9100',
  retry,
});

describe('a kitchen slip that did not print', () => {
  it('says which printer, which order, and what became of the retry, in Turkish', () => {
    expect(describeFailure(failure('scheduled'))).toBe('Bar yazıcısı (192.168.1.50:9100) — Salon 3 #12: birazdan yeniden denenecek');
    expect(describeFailure(failure('failed'))).toContain('fişi mutfağa elle iletin');
    expect(describeFailure(failure('printed'))).toContain('yazdırıldı');
  });
});
