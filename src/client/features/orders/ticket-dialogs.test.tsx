import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { floorQuery } from '../tables/api';
import { describe, expect, it, vi } from 'vitest';
import { ticket, ticketLine } from '../../test-support/fixtures';
import { MoveLinesDialog } from './ticket-dialogs';
import type { TicketActions } from './api/ticket-actions';

const line = (id: string, name: string, quantity: number) => ticketLine({ id, menuItemId: id, name, quantity, unitPrice: 1000 });
const t = ticket({
  state: 'waiting',
  version: 3,
  lines: [line('l1', 'Mercimek Çorbası', 2), line('l2', 'Adana Kebap', 1), line('l3', 'Ayran', 3)],
});

function draw() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const actions = { moveLines: vi.fn() } as unknown as TicketActions;
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider>
        <MemoryRouter>
          <MoveLinesDialog opened ticket={t} actions={actions} onClose={() => {}} />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('Satırları Taşı', () => {
  it('takes a second and a third ticked line (the screen used to go white on the second one) and unticks them again', async () => {
    const user = draw();
    const box = (name: RegExp) => screen.getByRole('checkbox', { name });
    await user.click(box(/Mercimek Çorbası/));
    await user.click(box(/Adana Kebap/));
    await user.click(box(/Ayran/));
    for (const name of [/Mercimek Çorbası/, /Adana Kebap/, /Ayran/]) expect(box(name)).toBeChecked();
    // a ticked line of more than one can move part of its quantity
    expect(screen.getByText('2 / 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ayran: taşınacak adedi azalt' }));
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
    await user.click(box(/Adana Kebap/));
    expect(box(/Adana Kebap/)).not.toBeChecked();
    expect(box(/Ayran/)).toBeChecked();
    expect(screen.getByRole('button', { name: 'Masa Seç (2)' })).toBeEnabled();
  });
});

describe('Satırları Taşı, done', () => {
  it('Hedef adisyonu aç closes the dialog as it opens the target adisyon (the dialog used to stay open over it)', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    queryClient.setQueryData(floorQuery().queryKey, {
      sections: [{ id: 's1', name: 'Salon', tables: [{ id: 'tb7', name: 'Salon 7', state: 'free' }] }],
    } as never);
    const actions = { moveLines: vi.fn().mockResolvedValue({ target: { id: 'target-ticket' } }) } as unknown as TicketActions;
    const onClose = vi.fn();
    function Where() {
      return <output data-testid="where">{useLocation().pathname}</output>;
    }
    render(
      <QueryClientProvider client={queryClient}>
        <MantineProvider>
          <MemoryRouter>
            <MoveLinesDialog opened ticket={t} actions={actions} onClose={onClose} />
            <Routes>
              <Route path="*" element={<Where />} />
            </Routes>
          </MemoryRouter>
        </MantineProvider>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: /Ayran/ }));
    await user.click(screen.getByRole('button', { name: 'Masa Seç (1)' }));
    await user.click(await screen.findByRole('button', { name: /^Salon 7,/ }));
    await user.click(await screen.findByRole('button', { name: 'Hedef adisyonu aç' }));
    expect(onClose).toHaveBeenCalled();
    expect(screen.getByTestId('where').textContent).toMatch(/\/orders\/target-ticket$/);
  });
});
