import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUserSession } from '../../api/session';
import { groupReadyLines } from './ready-groups';
import WaiterScreen from './waiter-screen';
import { renderWithProviders } from '../../test-support/render';
import { readyLine } from '../../test-support/fixtures';

const line = (id: string, ticketId: string, tableName: string, name: string, readyAt: string) => readyLine({ id, ticketId, tableName, name, readyAt });

// As the server lists them: oldest ready first.
const READY = [
  line('a1', 'ta', 'Salon 1', 'Adana', '2026-11-25T18:00:00Z'),
  line('b1', 'tb', 'Bahçe 2', 'Mercimek', '2026-11-25T18:01:00Z'),
  line('a2', 'ta', 'Salon 1', 'Ayran', '2026-11-25T18:05:00Z'),
  line('c1', 'tc', 'Teras 3', 'Künefe', '2026-11-25T18:03:00Z'),
];

describe('Garson Ekranı order', () => {
  it('puts the table with the newest ready dish first, and the newest dish on top in each table', () => {
    const groups = groupReadyLines(READY);
    expect(groups.map((g) => g.where)).toEqual(['Salon 1', 'Teras 3', 'Bahçe 2']);
    expect(groups[0].lines.map((l) => l.name)).toEqual(['Ayran', 'Adana']);
  });
});

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const posts = () =>
  vi.mocked(fetch).mock.calls.flatMap(([url, init]) => (init?.method === 'POST' ? [{ url: String(url).replace(/^.*\/restaurants\/r1/, ''), body: JSON.parse(String(init.body ?? 'null')) }] : []));

beforeEach(() => {
  setUserSession({ uid: 'w', email: 'garson@example.com', role: 'waiter', restaurantId: 'r1' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = String(url);
      if (path.endsWith('/kitchen/ready')) return json(READY);
      if (path.endsWith('/kitchen/alerts')) return json([]);
      if (path.endsWith('/serve') || path.endsWith('/serve/undo')) return json({ ticketId: 'ta', lineIds: JSON.parse(String(init?.body)).lineIds });
      return json({});
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('Garson Ekranı', () => {
  it('shows the newest table first and serves a whole table with Tümünü Servis Et', async () => {
    renderWithProviders(<WaiterScreen />);
    await screen.findByText('Künefe');
    const tables = screen.getAllByTestId('ready-group');
    expect(tables.map((t) => t.getAttribute('aria-label'))).toEqual(['Salon 1', 'Teras 3', 'Bahçe 2']);
    // A table of one dish needs no second button.
    expect(within(tables[1]).queryByRole('button', { name: /Tümünü Servis Et/ })).toBeNull();

    await userEvent.click(within(tables[0]).getByRole('button', { name: 'Salon 1: Tümünü Servis Et' }));
    await waitFor(() => expect(posts()).toEqual([{ url: '/tickets/ta/serve', body: { lineIds: ['a2', 'a1'] } }]));
    expect(await screen.findByTestId('serve-undo')).toHaveTextContent('Servis edildi: Salon 1: 1 × Ayran, 1 × Adana');
  });

  it('takes a mistaken Servis Edildi back with Geri Al', async () => {
    renderWithProviders(<WaiterScreen />);
    await userEvent.click(await screen.findByRole('button', { name: '1 × Künefe: Servis Edildi' }));
    const notice = await screen.findByTestId('serve-undo');
    await userEvent.click(within(notice).getByRole('button', { name: /Geri Al/ }));
    await waitFor(() => expect(posts()).toEqual([
      { url: '/tickets/tc/lines/c1/served', body: null },
      { url: '/tickets/tc/serve/undo', body: { lineIds: ['c1'] } },
    ]));
    await waitFor(() => expect(screen.queryByTestId('serve-undo')).toBeNull());
  });
});
