import 'fake-indexeddb/auto';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { offlineQueue } from '../api/offline-queue';
import { openOfflineStore, OFFLINE_DB_NAME } from '../api/offline-store';
import { markReachable, markUnreachable } from '../api/reachability';
import { setUserSession } from '../api/session';
import { setUpdateReady } from './app-update';
import { OFFLINE_BANNER, OfflineBanner } from './offline-banner';

const show = () =>
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <OfflineBanner />
      </QueryClientProvider>
    </MantineProvider>,
  );

beforeEach(() => {
  setUserSession({ uid: 'u1', email: 'garson@example.com', role: 'waiter', restaurantId: 'r1' });
  // no server in these tests: every request fails as if the Wi-Fi had dropped
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
});

describe('the offline banner', () => {
  it('counts the waiting actions, keeps a refused one until Tamam, and offers a new version only when nothing waits', async () => {
    markUnreachable();
    const apply = vi.fn(async () => undefined);
    setUpdateReady(apply);
    const store = await openOfflineStore(OFFLINE_DB_NAME);
    const base = { restaurantId: 'r1', userId: 'u1', ticketId: 't1', where: 'Masa 5', tableId: 'x', createdAt: 1 };
    for (const key of ['a-12345678', 'b-12345678', 'c-12345678']) await store.add({ ...base, key, payload: { kind: 'send', holdCourses: [] } });
    await store.fail({ ...base, key: 'd-12345678', payload: { kind: 'send', holdCourses: [] } }, 'Masa 5: adisyon siz çevrimdışıyken kapatıldı.', 'Masayı yeniden açın.');
    show();
    expect(await screen.findByText(OFFLINE_BANNER.waiting(3))).toBeInTheDocument();
    expect(screen.getByText(`⚠ ${OFFLINE_BANNER.offline}`)).toBeInTheDocument();
    expect(screen.getByText(OFFLINE_BANNER.updateLater)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: OFFLINE_BANNER.update })).toBeNull();
    expect(screen.getByText('Masa 5: adisyon siz çevrimdışıyken kapatıldı.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^Tamam/ }));
    await waitFor(() => expect(screen.queryByTestId('offline-failed')).toBeNull());
    // the queue sent (emptied): the new version may be taken now
    for (const a of await store.all()) await store.remove(a.seq!);
    await act(async () => void (await offlineQueue().reload()));
    expect(screen.queryByTestId('offline-queue-count')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: OFFLINE_BANNER.update }));
    expect(apply).toHaveBeenCalledTimes(1);
    act(() => markReachable());
  });
});
