import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultRestaurantSettings } from '../../../shared/restaurant-settings';
import { setUserSession } from '../../api/session';
import KitchenHistoryPage from './kitchen-history-page';
import { renderWithProviders } from '../../test-support/render';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

let dayStartHour = 5;
let historyBatches: unknown[] = [];
const historyUrls = () => vi.mocked(fetch).mock.calls.map(([url]) => String(url)).filter((u) => u.includes('/kitchen/history'));
const previousTz = process.env.TZ;

beforeEach(() => {
  // The device's own clock and zone: 01:30 on 25 November in Istanbul, so its calendar says the 25th.
  process.env.TZ = 'Europe/Istanbul';
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T22:30:00Z'));
  setUserSession({ uid: 'k', email: 'mutfak@example.com', role: 'kitchen', restaurantId: 'r1' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = String(url);
      if (path.endsWith('/settings/general')) return json({ ...defaultRestaurantSettings('Lokanta'), timeZone: 'Europe/Istanbul', businessDayStartHour: dayStartHour });
      if (path.includes('/kitchen/history')) return json({ batches: historyBatches, stats: [], isTruncated: false });
      return json({});
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  if (previousTz === undefined) delete process.env.TZ;
  else process.env.TZ = previousTz;
  dayStartHour = 5;
  historyBatches = [];
});

describe('Sipariş Geçmişi default period', () => {
  it('at 01:30 with the day starting at 05:00 is the previous business day, not the calendar date', async () => {
    renderWithProviders(<KitchenHistoryPage />);
    await waitFor(() => expect(historyUrls().some((u) => u.includes('from=2026-11-24&to=2026-11-24'))).toBe(true));
    expect(screen.getByLabelText('Başlangıç')).toHaveValue('24.11.2026');
    expect(screen.getByLabelText('Bitiş')).toHaveValue('24.11.2026');
    expect(historyUrls().some((u) => u.includes('2026-11-25'))).toBe(false);
  });

  it('follows the day start hour of Ayarlar: with the day starting at midnight, 01:30 is already the new day', async () => {
    dayStartHour = 0;
    renderWithProviders(<KitchenHistoryPage />);
    await waitFor(() => expect(screen.getByLabelText('Başlangıç')).toHaveValue('25.11.2026'));
    await waitFor(() => expect(historyUrls().at(-1)).toContain('from=2026-11-25&to=2026-11-25'));
  });
});

describe('Sipariş Geçmişi: Geri Al', () => {
  const readyLine = { id: 'l1', name: 'Lahmacun', quantity: 2, options: [], note: null, status: 'ready', station: 'Mutfak', preparingAt: null, readyAt: '2026-11-24T22:10:00Z', servedAt: null, course: null, isHeld: false, firedAt: null };
  const batch = (over: object) => ({
    batchId: 'b1', ticketId: 't1', ticketNumber: 7, tableName: null, type: 'takeaway', customerName: 'Ali', waiterName: null, sentAt: '2026-11-24T22:00:00Z',
    isAddition: false, isTicketClosed: false, sequence: 1, lines: [readyLine], readyAt: '2026-11-24T22:10:00Z', servedAt: null, prepSeconds: 600, totalSeconds: null, canRecall: true, ...over,
  });

  it('offers Geri Al on an open Gel-Al’s bumped card', async () => {
    historyBatches = [batch({})];
    renderWithProviders(<KitchenHistoryPage />);
    expect(await screen.findByRole('button', { name: /Geri Al/ })).toBeInTheDocument();
  });

  it('offers no Geri Al on a closed Gel-Al’s card and says why, in words', async () => {
    historyBatches = [batch({ isTicketClosed: true, canRecall: false })];
    renderWithProviders(<KitchenHistoryPage />);
    expect(await screen.findByTestId('history-closed')).toHaveTextContent('Hesap kapandı; geri alınamaz');
    expect(screen.queryByRole('button', { name: /Geri Al/ })).toBeNull();
  });
});
