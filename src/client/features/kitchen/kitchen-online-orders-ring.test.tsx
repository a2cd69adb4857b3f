import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OnlineOrdersWaitingInfo } from '../../../shared/online-orders-contract';

// What the owner's setting and the count answer now; a test changes them and re-renders, as a live event would.
let settingOn = false;
let waiting: OnlineOrdersWaitingInfo | undefined;
const askedWith: boolean[] = [];
vi.mock('../online-orders/api', () => ({
  useOnlineOrdersWaiting: (enabled: boolean) => {
    askedWith.push(enabled);
    return { data: enabled ? waiting : undefined };
  },
}));
let prefs = { soundEnabled: true, volume: 70, vibrationEnabled: false };
vi.mock('../settings/api', () => ({
  useGeneralSettings: <T,>(select: (s: { kitchenRingsForOnlineOrders: boolean }) => T) => ({ data: select({ kitchenRingsForOnlineOrders: settingOn }) }),
  usePreferences: () => prefs,
}));
const playChime = vi.fn();
vi.mock('../../components/chime', () => ({ playChime: (volume: number) => playChime(volume) }));

const { KitchenOnlineOrdersRing, RING_EVERY_MS } = await import('./kitchen-online-orders-ring');

const ui = () => (
  <MantineProvider>
    <KitchenOnlineOrdersRing />
  </MantineProvider>
);
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

describe('the kitchen screen’s online-order ring', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    settingOn = false;
    waiting = undefined;
    askedWith.length = 0;
    prefs = { soundEnabled: true, volume: 70, vibrationEnabled: false };
    playChime.mockClear();
  });
  afterEach(() => vi.useRealTimers());

  it('with the setting on and orders waiting: a banner that says how many and who answers, and a chime at once and again every few seconds', () => {
    settingOn = true;
    waiting = { count: 2, oldestAt: minutesAgo(3) };
    render(ui());
    const banner = screen.getByRole('alert');
    expect(banner).toHaveTextContent('2 yeni online sipariş yanıt bekliyor — işletme sahibi onaylayacak');
    expect(banner).toHaveTextContent('En eskisi 3 dakikadır bekliyor.');
    // the bell and the words carry it, not only the colour
    expect(banner).toHaveTextContent('🔔');
    expect(document.body.dataset.kitchenOnlineAlert).toBe('');
    expect(playChime).toHaveBeenCalledTimes(1);
    expect(playChime).toHaveBeenCalledWith(70);
    act(() => vi.advanceTimersByTime(RING_EVERY_MS));
    expect(playChime).toHaveBeenCalledTimes(2);
    act(() => vi.advanceTimersByTime(RING_EVERY_MS * 2));
    expect(playChime).toHaveBeenCalledTimes(4);
    expect(RING_EVERY_MS).toBeLessThanOrEqual(15_000);
  });

  it('another order rings at once; when none waits any more the banner goes and the ringing stops', () => {
    settingOn = true;
    waiting = { count: 1, oldestAt: minutesAgo(0) };
    const view = render(ui());
    expect(screen.getByRole('alert')).toHaveTextContent('1 yeni online sipariş');
    expect(playChime).toHaveBeenCalledTimes(1);

    waiting = { count: 2, oldestAt: minutesAgo(0) };
    view.rerender(ui());
    expect(screen.getByRole('alert')).toHaveTextContent('2 yeni online sipariş');
    expect(playChime).toHaveBeenCalledTimes(2);

    // one answered: no new ring for that, the reminder goes on
    waiting = { count: 1, oldestAt: minutesAgo(0) };
    view.rerender(ui());
    expect(playChime).toHaveBeenCalledTimes(2);

    waiting = { count: 0, oldestAt: null };
    view.rerender(ui());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.body.dataset.kitchenOnlineAlert).toBeUndefined();
    act(() => vi.advanceTimersByTime(RING_EVERY_MS * 3));
    expect(playChime).toHaveBeenCalledTimes(2);
  });

  it('with the setting off: nothing shows or rings, and the count is not even asked', () => {
    waiting = { count: 3, oldestAt: minutesAgo(5) };
    render(ui());
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => vi.advanceTimersByTime(RING_EVERY_MS * 2));
    expect(playChime).not.toHaveBeenCalled();
    expect(askedWith.every((enabled) => enabled === false)).toBe(true);
  });

  it('turning the setting off silences it', () => {
    settingOn = true;
    waiting = { count: 1, oldestAt: minutesAgo(1) };
    const view = render(ui());
    expect(screen.getByRole('alert')).toBeInTheDocument();
    settingOn = false;
    view.rerender(ui());
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => vi.advanceTimersByTime(RING_EVERY_MS * 2));
    expect(playChime).toHaveBeenCalledTimes(1);
  });

  it('with the person’s sound off the banner still shows, silently', () => {
    settingOn = true;
    prefs = { soundEnabled: false, volume: 70, vibrationEnabled: false };
    waiting = { count: 1, oldestAt: minutesAgo(1) };
    render(ui());
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(RING_EVERY_MS));
    expect(playChime).not.toHaveBeenCalled();
  });
});
