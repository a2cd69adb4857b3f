import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TableRequestInfo } from '../../../shared/table-requests-contract';

// What the list answers now; a test changes it and re-renders, as the live event would.
let requests: TableRequestInfo[] | undefined;
const accept = vi.fn(async (_id: string) => ({ ticketId: 't1' }));
const reject = vi.fn(async (_input: { id: string; body: { reason: string } }) => undefined);
const acknowledge = vi.fn(async (_id: string) => undefined);
const mutation = (fn: (input: never) => Promise<unknown>) => ({ mutateAsync: fn, reset: () => {}, isPending: false, error: null });
vi.mock('./api/table-requests-queries', () => ({
  useTableRequests: () => ({ data: requests && { requests } }),
}));
vi.mock('./api/table-requests-mutations', () => ({
  useAcceptTableRequest: () => mutation(accept),
  useRejectTableRequest: () => mutation(reject),
  useAcknowledgeTableCall: () => mutation(acknowledge),
}));
vi.mock('../settings/api', () => ({ usePreferences: () => ({ soundEnabled: true, volume: 50, vibrationEnabled: true }) }));
const chime = vi.fn();
vi.mock('../../components/chime', () => ({ playChime: (volume: number) => chime(volume) }));

const { TableRequestsWatcher } = await import('./table-requests-watcher');
const { tableRequest } = await import('../../test-support/fixtures');

const request = tableRequest;

const ui = () => (
  <MantineProvider>
    <TableRequestsWatcher />
  </MantineProvider>
);

describe('the floor’s notice of a guest’s request', () => {
  beforeEach(() => {
    requests = undefined;
    vi.clearAllMocks();
    Object.defineProperty(navigator, 'vibrate', { value: vi.fn(() => true), configurable: true });
  });

  it('rings and vibrates for a new request of theirs only, not for what was waiting when the screen opened nor for another waiter’s table', () => {
    const view = render(ui());
    requests = [request('old')];
    view.rerender(ui()); // the first answer: shown, not rung
    expect(screen.getByTestId('table-request-notice')).toHaveTextContent('Salon 7: yeni sipariş isteği (3 ürün)');
    expect(chime).not.toHaveBeenCalled();

    requests = [request('old'), request('theirs', { isMine: false, tableName: 'Bahçe 1' })];
    view.rerender(ui());
    expect(chime).not.toHaveBeenCalled();
    expect(screen.getAllByTestId('table-request-notice')).toHaveLength(1);

    requests = [...requests, request('call', { kind: 'bill', lines: [], itemCount: 0, tableName: 'Salon 2' })];
    view.rerender(ui());
    expect(chime).toHaveBeenCalledTimes(1);
    expect(navigator.vibrate).toHaveBeenCalledTimes(1);
    expect(screen.getAllByTestId('table-request-notice')[1]).toHaveTextContent('Salon 2: hesap istiyor');
  });

  it('shows two orders of one table as one notice that counts them and opens the oldest; a call of that table stands apart', async () => {
    requests = [
      request('first', { itemCount: 1, tableName: 'Bahçe 2', tableId: 'tb2' }),
      request('second', { itemCount: 2, tableName: 'Bahçe 2', tableId: 'tb2', createdAt: '2026-11-25T18:02:00Z' }),
      request('call', { kind: 'waiter', lines: [], itemCount: 0, tableName: 'Bahçe 2', tableId: 'tb2' }),
    ];
    render(ui());
    const notices = screen.getAllByTestId('table-request-notice');
    expect(notices).toHaveLength(2);
    expect(notices[0]).toHaveTextContent('Bahçe 2: 2 sipariş isteği (3 ürün)');
    expect(notices[1]).toHaveTextContent('Bahçe 2: garson çağırıyor');
    await userEvent.click(notices[0]);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Onayla' }));
    expect(accept).toHaveBeenCalledWith('first');
  });

  it('opens with one tap: the lines, then Onayla', async () => {
    requests = [request('q1')];
    render(ui());
    await userEvent.click(screen.getByTestId('table-request-notice'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('2 × Adana Kebap');
    expect(dialog).toHaveTextContent('Porsiyon: 1,5');
    expect(dialog).toHaveTextContent('Not: soğansız');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Onayla' }));
    expect(accept).toHaveBeenCalledWith('q1');
  });

  it('Reddet asks for the reason the guest will read, in Turkish on the field', async () => {
    requests = [request('q1')];
    render(ui());
    await userEvent.click(screen.getByTestId('table-request-notice'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reddet' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reddet ve Bildir' }));
    expect(reject).not.toHaveBeenCalled();
    expect(within(dialog).getByLabelText('Neden')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(within(dialog).getByLabelText('Neden'), 'Adana kalmadı');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reddet ve Bildir' }));
    expect(reject).toHaveBeenCalledWith({ id: 'q1', body: { reason: 'Adana kalmadı' } });
  });

  it('a call is answered with Gördüm', async () => {
    requests = [request('c1', { kind: 'waiter', lines: [], itemCount: 0 })];
    render(ui());
    expect(screen.getByTestId('table-request-notice')).toHaveTextContent('Salon 7: garson çağırıyor');
    await userEvent.click(screen.getByTestId('table-request-notice'));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Gördüm' }));
    expect(acknowledge).toHaveBeenCalledWith('c1');
  });
});
