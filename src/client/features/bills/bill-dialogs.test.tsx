import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { defaultRestaurantSettings } from '../../../shared/restaurant-settings';
import type { TicketLine } from '../../../shared/ticket-contract';
import { ReasonDialog } from './bill-dialogs';
import { reasonsFor } from './bill-logic';

const line: TicketLine = {
  id: 'l', menuItemId: 'm', name: 'Künefe', quantity: 1, unitPrice: 22000, options: [], note: null, status: 'served', station: 'Tatlı', vatRate: 10,
  batchId: 'b', isComp: false, discount: null, total: 22000, addedAt: '', due: 22000, compReason: null, cancelReason: null, paymentId: null, course: null, isHeld: false, firedAt: null,
};

describe('the İkram dialog', () => {
  it("offers Ayarlar's İkram reasons, not the cancellation reasons, and sends the one chosen", async () => {
    const settings = { ...defaultRestaurantSettings('Demo Lokanta'), compReasons: ['Müdavim', 'Doğum günü'] };
    const onSubmit = vi.fn(async () => null);
    render(
      <MantineProvider>
        <ReasonDialog opened onClose={() => {}} kind="comp" line={line} reasons={reasonsFor('comp', settings)} onSubmit={onSubmit} />
      </MantineProvider>,
    );
    const offered = screen.getByRole('group', { name: 'Hazır nedenler' });
    expect([...offered.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Müdavim', 'Doğum günü']);
    expect(screen.queryByRole('button', { name: 'Müşteri vazgeçti' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Doğum günü' }));
    await userEvent.click(screen.getByRole('button', { name: 'İkram Et' }));
    expect(onSubmit).toHaveBeenCalledWith('Doğum günü', undefined);
  });
});
