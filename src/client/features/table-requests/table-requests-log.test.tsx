import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../../shared/domain/roles';
import type { TableRequestInfo } from '../../../shared/table-requests-contract';

let requests: TableRequestInfo[] | undefined;
let role: Role = 'owner';
vi.mock('./api/table-requests-queries', () => ({ useTableRequests: () => ({ data: requests && { requests }, isPending: requests === undefined, error: null }) }));
vi.mock('../../api/session', () => ({ getUserSession: () => ({ role }) }));

const { TableRequestsLog } = await import('./table-requests-log');
const { clock, logLine, logState } = await import('./table-requests-text');
const { tableRequest } = await import('../../test-support/fixtures');

const request = (id: string, patch: Partial<TableRequestInfo> = {}) =>
  tableRequest(id, { lines: [], createdAt: '2026-11-28T18:04:00Z', expiresAt: '2026-11-28T18:19:00Z', ...patch });

const ui = () => (
  <MantineProvider>
    <TableRequestsLog />
  </MantineProvider>
);
const rows = () => screen.queryAllByTestId('table-request-row').map((r) => r.textContent);

describe('Masa İstekleri · son bir saat', () => {
  beforeEach(() => {
    requests = undefined;
    role = 'owner';
    // Mantine's SegmentedControl measures its labels
    vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
  });

  it('says for each request of the hour what it was, when, where it stands and who answered when', () => {
    const at = '2026-11-28T18:05:00Z';
    requests = [
      request('wait'),
      request('bill', { kind: 'bill', itemCount: 0, status: 'accepted', answeredAt: at, answeredByName: 'Ayşe' }),
      request('served', { status: 'accepted', answeredAt: at, answeredByName: 'Ayşe', progress: 'served', tableName: 'Bahçe 2' }),
      request('no', { status: 'rejected', answeredAt: at, answeredByName: 'Mehmet', reason: 'Adana kalmadı' }),
      request('late', { kind: 'waiter', itemCount: 0, status: 'expired' }),
      request('auto', { status: 'accepted', answeredAt: at, answeredByName: null }),
    ];
    render(ui());
    expect(screen.getByRole('heading', { name: /Masa İstekleri · son bir saat/ })).toBeVisible();
    const t = clock('2026-11-28T18:04:00Z');
    const a = clock(at);
    expect(rows()).toEqual([
      `Salon 7 · Sipariş (3 ürün) · ${t}Yanıt bekliyor`,
      `Salon 7 · Hesap İste · ${t}Ayşe yanıtladı · ${a}`,
      `Bahçe 2 · Sipariş (3 ürün) · ${t}Ayşe onayladı · ${a} · Servis edildi`,
      `Salon 7 · Sipariş (3 ürün) · ${t}Mehmet reddetti · ${a} · Neden: Adana kalmadı`,
      `Salon 7 · Garson Çağır · ${t}Yanıtlanmadı, süresi doldu · ${clock('2026-11-28T18:19:00Z')}`,
      `Salon 7 · Sipariş (3 ürün) · ${t}Doğrudan mutfağa gitti · ${a}`,
    ]);
    // the owner sees every table: no choice to make
    expect(screen.queryByRole('radio', { name: 'Masalarım' })).toBeNull();
  });

  it('shows a waiter their own tables first, and every table on Tümü', async () => {
    role = 'waiter';
    requests = [request('mine'), request('theirs', { isMine: false, tableName: 'Teras 1' })];
    render(ui());
    expect(rows()).toHaveLength(1);
    expect(rows()[0]).toContain('Salon 7');
    await userEvent.click(screen.getByRole('radio', { name: 'Tümü' }));
    expect(rows()).toHaveLength(2);
    expect(rows()[1]).toContain('Teras 1');
  });

  it('says when the hour was quiet, and opens a long hour in two steps', async () => {
    requests = [];
    const view = render(ui());
    expect(screen.getByText('Son bir saatte masalardan istek gelmedi.')).toBeVisible();
    requests = Array.from({ length: 12 }, (_, i) => request(`r${i}`, { tableName: `Salon ${i + 1}` }));
    view.rerender(ui());
    expect(rows()).toHaveLength(8);
    await userEvent.click(screen.getByRole('button', { name: 'Tümünü göster (12)' }));
    expect(rows()).toHaveLength(12);
    expect(within(screen.getByTestId('table-requests-log')).queryByRole('button')).toBeNull();
  });

  it('reads as the issue asks: "Salon 7 · Hesap İste · 21:04 · Ayşe yanıtladı"', () => {
    const call = request('b', { kind: 'bill', status: 'accepted', answeredByName: 'Ayşe', answeredAt: '2026-11-28T18:05:00Z' });
    expect(`${logLine(call)} · ${logState(call)}`).toMatch(/^Salon 7 · Hesap İste · \d\d:\d\d · Ayşe yanıtladı · \d\d:\d\d$/);
  });
});
