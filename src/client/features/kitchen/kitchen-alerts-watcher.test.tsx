import { MantineProvider } from '@mantine/core';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { KitchenAlert, ReadyLine } from '../../../shared/kitchen-contract';

// What the two lists answer now; a test changes them and re-renders, as a live event would.
let ready: ReadyLine[] = [];
let alerts: KitchenAlert[] = [];
vi.mock('./api/kitchen-hooks', () => ({
  useReadyLines: () => ({ data: ready }),
  useKitchenAlerts: () => ({ data: alerts }),
}));
vi.mock('../settings/api', () => ({ usePreferences: () => ({ soundEnabled: false, volume: 0, vibrationEnabled: false }) }));

const { KitchenAlertsWatcher } = await import('./kitchen-alerts-watcher');
const { readyLine: readyLineOf } = await import('../../test-support/fixtures');

const readyLine = (id: string, name: string, tableName = 'Salon 1', quantity = 1) => readyLineOf({ id, name, tableName, quantity });
const alert = (batchId: string): KitchenAlert => ({ batchId, ticketId: 't2', ticketNumber: 2, tableName: 'Bahçe 2', type: 'table', sentAt: '2026-11-25T18:00:00Z', sentByName: 'Mehmet', stations: ['kitchen'] });

const ui = () => (
  <MantineProvider>
    <MemoryRouter initialEntries={['/waiter/settings']}>
      <KitchenAlertsWatcher role="waiter" />
    </MemoryRouter>
  </MantineProvider>
);

describe('the in-app kitchen alerts', () => {
  beforeEach(() => {
    ready = [];
    alerts = [];
  });

  it('keeps a ready notice when a warning arrives after it, and each closes on its own', async () => {
    const view = render(ui()); // the first answer: nothing rings
    ready = [readyLine('l1', 'Şalgam')];
    view.rerender(ui());
    alerts = [alert('b1')];
    view.rerender(ui());

    const toasts = screen.getAllByTestId('kitchen-toast');
    expect(toasts).toHaveLength(2);
    // newest on top
    expect(toasts[0]).toHaveTextContent('Bahçe 2');
    expect(toasts[1]).toHaveTextContent('Şalgam');

    await userEvent.click(within(toasts[0]).getByRole('button', { name: 'Kapat' }));
    expect(screen.getAllByTestId('kitchen-toast')).toHaveLength(1);
    expect(screen.getByTestId('kitchen-toast')).toHaveTextContent('Şalgam');
  });

  it('gathers one table’s ready dishes in one notice, which one Kapat closes', async () => {
    const view = render(ui());
    for (const [i, name] of ['Ayran', 'Şalgam', 'Künefe'].entries()) {
      ready = [...ready, readyLine(`l${i}`, name, 'Bahçe 1', i === 0 ? 2 : 1)];
      act(() => view.rerender(ui()));
    }
    const [toast] = screen.getAllByTestId('kitchen-toast');
    expect(screen.getAllByTestId('kitchen-toast')).toHaveLength(1);
    expect(toast).toHaveTextContent('Bahçe 1: 4 ürün hazır');
    expect(toast).toHaveTextContent('2× Ayran, 1× Şalgam, 1× Künefe');
    await userEvent.click(within(toast).getByRole('button', { name: 'Kapat' }));
    expect(screen.queryByTestId('kitchen-toast')).toBeNull();
  });

  it('shows at most three at once, dropping the oldest', () => {
    const view = render(ui());
    for (const [i, name] of ['Ayran', 'Şalgam', 'Künefe', 'Baklava'].entries()) {
      ready = [...ready, readyLine(`l${i}`, name, `Salon ${i + 1}`)];
      act(() => view.rerender(ui()));
    }
    const toasts = screen.getAllByTestId('kitchen-toast');
    expect(toasts).toHaveLength(3);
    expect(toasts[0]).toHaveTextContent('Baklava');
    expect(screen.queryByText(/Ayran/)).toBeNull();
  });
});
