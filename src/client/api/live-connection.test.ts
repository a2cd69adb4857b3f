import { parseConnectionSettings } from '../../shared/connection-settings';
import { openLiveConnection } from './live-connection';
import { getLiveStatus } from './live-status';

/** A stand-in for the browser's EventSource that the test drives by hand. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static all: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, ((e: { data: string }) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, fn: (e: { data: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  emit(type: string, data: unknown = {}) {
    for (const fn of this.listeners.get(type) ?? []) fn({ data: JSON.stringify(data) });
  }
  fail(isFatal = false) {
    this.readyState = isFatal ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.onerror?.();
  }
}

describe('the live connection', () => {
  const settings = parseConnectionSettings({ autoDetectLongPolling: false });
  let close: () => void;
  const onChange = vi.fn();
  const onResync = vi.fn();

  beforeEach(() => {
    vi.useFakeTimers();
    FakeEventSource.all = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    onChange.mockReset();
    onResync.mockReset();
    close = openLiveConnection(settings, { onChange, onResync });
  });
  afterEach(() => {
    close();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
  const current = () => FakeEventSource.all.at(-1)!;

  it('passes changes on and counts as connected while messages arrive', () => {
    current().open();
    current().emit('change', { seq: 3, type: 'kitchen', id: 't1' });
    expect(onChange).toHaveBeenCalledWith({ seq: 3, type: 'kitchen', id: 't1' });
    expect(getLiveStatus().isConnected).toBe(true);
  });

  it('resyncs once when the stream first opens: a change made while the screen read its data and the stream connected is not missed', () => {
    expect(onResync).not.toHaveBeenCalled(); // connecting
    current().open();
    expect(onResync).toHaveBeenCalledTimes(1);
    current().emit('change', { seq: 4, type: 'tickets', id: 't2' });
    current().emit('ping');
    expect(onResync).toHaveBeenCalledTimes(1);
  });

  it('shows the drop at once and resyncs when the browser reconnects by itself', () => {
    current().open();
    onResync.mockClear(); // the first open's
    current().fail();
    expect(getLiveStatus().isConnected).toBe(false);
    current().open();
    expect(getLiveStatus().isConnected).toBe(true);
    expect(onResync).toHaveBeenCalledTimes(1);
  });

  it('reopens a stream the browser gave up on (an HTTP error during a restart), then resyncs', () => {
    current().open();
    onResync.mockClear(); // the first open's
    current().fail(true);
    expect(FakeEventSource.all).toHaveLength(1);
    vi.advanceTimersByTime(3000);
    expect(FakeEventSource.all).toHaveLength(2);
    current().open();
    expect(onResync).toHaveBeenCalledTimes(1);
  });

  it('treats a silent stream as dead: no heartbeat for 40 s reopens it', () => {
    current().open();
    vi.advanceTimersByTime(30_000);
    current().emit('ping');
    vi.advanceTimersByTime(39_000);
    expect(FakeEventSource.all).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    expect(getLiveStatus().isConnected).toBe(false);
    vi.advanceTimersByTime(3_000);
    expect(FakeEventSource.all).toHaveLength(2);
  });

  it('closes the stream when the device goes offline and reopens it with a resync when back online', () => {
    current().open();
    onResync.mockClear(); // the first open's
    window.dispatchEvent(new Event('offline'));
    expect(getLiveStatus().isConnected).toBe(false);
    expect(FakeEventSource.all[0].readyState).toBe(FakeEventSource.CLOSED);
    window.dispatchEvent(new Event('online'));
    expect(FakeEventSource.all).toHaveLength(2);
    current().open();
    expect(onResync).toHaveBeenCalledTimes(1);
  });
});
