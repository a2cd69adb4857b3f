import { periodRange } from './period';

describe('Reçete Raporu periods', () => {
  it('name the business days of each preset, the week starting on Monday', () => {
    // 2026-11-25 is a Wednesday
    expect(periodRange('today', '2026-11-25')).toEqual({ from: '2026-11-25', to: '2026-11-25' });
    expect(periodRange('yesterday', '2026-03-01')).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(periodRange('week', '2026-11-25')).toEqual({ from: '2026-11-23', to: '2026-11-25' });
    expect(periodRange('week', '2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(periodRange('month', '2026-11-25')).toEqual({ from: '2026-11-01', to: '2026-11-25' });
    expect(periodRange('last-month', '2026-03-15')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodRange('last-month', '2026-01-10')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });
});
