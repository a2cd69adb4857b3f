import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { TicketLine } from '../../../shared/ticket-contract';
import { ticketLine } from '../../test-support/fixtures';
import { LineRow } from './ticket-lines';
import type { TicketActions } from './api/ticket-actions';

function draw(line: TicketLine) {
  render(
    <MantineProvider>
      <MemoryRouter>
        <ul>
          <LineRow line={line} actions={{} as unknown as TicketActions} editable billPath="/hesap" />
        </ul>
      </MemoryRouter>
    </MantineProvider>,
  );
  return screen.getByTestId('ticket-line');
}

describe('the waiter’s adisyon line: İkram and İndirim in words, as on the owner’s Hesap', () => {
  it('marks an İkram line with its reason', () => {
    const row = draw(ticketLine({ status: 'served', isComp: true, compReason: 'Müdavim', due: 0 }));
    expect(within(row).getAllByTestId('line-mark').map((m) => m.textContent)).toEqual(['İkram: Müdavim']);
  });

  it('marks a discounted line with the discount’s name and size', () => {
    const row = draw(ticketLine({ status: 'sent', discount: { type: 'percent', value: 10, label: 'Öğrenci' } }));
    expect(within(row).getByTestId('line-mark')).toHaveTextContent('İndirim: Öğrenci (%10)');
  });

  it('marks an amount discount in TL, and a line with nothing on it carries no mark', () => {
    draw(ticketLine({ status: 'sent', discount: { type: 'amount', value: 1_250, label: '' } }));
    expect(screen.getByTestId('line-mark')).toHaveTextContent('İndirim: İndirim (12,50 TL)');
  });

  it('shows no mark on a plain line', () => {
    const row = draw(ticketLine({ status: 'sent' }));
    expect(within(row).queryByTestId('line-mark')).toBeNull();
  });
});
