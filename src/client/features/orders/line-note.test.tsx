import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { TICKET_LIMITS, type TicketLine, type UpdateLineRequest } from '../../../shared/ticket-contract';
import { ticket, ticketLine } from '../../test-support/fixtures';
import { LineRow } from './ticket-lines';
import type { TicketActions } from './api/ticket-actions';

type Change = Omit<UpdateLineRequest, 'version'>;

// jsdom has no document.fonts; Mantine's autosize Textarea listens to it for font loads.
if (!document.fonts) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() }, configurable: true });
}

/** A pending line whose writes are recorded: what would go to the server (null: nothing). */
function draw(line: TicketLine) {
  const sent: (Change | null)[] = [];
  const updateLine = vi.fn(async (_id: string, change: Change | ((l: TicketLine) => Change | null)) => {
    sent.push(typeof change === 'function' ? change(line) : change);
    return ticket({ lines: [line] });
  });
  render(
    <MantineProvider>
      <MemoryRouter>
        <ul>
          <LineRow line={line} actions={{ updateLine } as unknown as TicketActions} editable billPath="/hesap" />
        </ul>
      </MemoryRouter>
    </MantineProvider>,
  );
  return { sent, user: userEvent.setup() };
}

const pending = (note: string | null = null) => ticketLine({ status: 'pending', batchId: null, note });
const LIMIT = TICKET_LIMITS.note;

describe('a line’s note', () => {
  it('counts what will be saved against the limit while it is typed', async () => {
    const { user } = draw(pending());
    await user.click(screen.getByRole('button', { name: 'Mercimek Çorbası: not' }));
    const field = screen.getByRole('textbox', { name: 'Not' });
    expect(screen.getByText(`0/${LIMIT}`)).toBeInTheDocument();
    await user.type(field, 'az tuzlu, ');
    expect(screen.getByText(`9/${LIMIT}`)).toBeInTheDocument(); // the space at the end is not saved
    expect(field).toHaveAccessibleDescription(`9/${LIMIT}`);
  });

  it('refuses a note past the limit on the field, in Turkish, and sends nothing — it is never cut to fit', async () => {
    const { sent, user } = draw(pending());
    await user.click(screen.getByRole('button', { name: 'Mercimek Çorbası: not' }));
    const field = screen.getByRole('textbox', { name: 'Not' });
    await user.click(field);
    await user.paste('a'.repeat(LIMIT + 1));
    // every character typed stays in the field
    expect(field).toHaveValue('a'.repeat(LIMIT + 1));
    expect(screen.getByText(`${LIMIT + 1}/${LIMIT}`)).toBeInTheDocument();
    expect(screen.getByText(`Not en fazla ${LIMIT} karakter olabilir`)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(sent).toEqual([]);

    await user.type(field, '{Backspace}');
    expect(screen.queryByText(`Not en fazla ${LIMIT} karakter olabilir`)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(sent).toEqual([{ note: 'a'.repeat(LIMIT) }]);
  });

  it('refuses a quick note that would take the saved note past the limit instead of cutting it', async () => {
    const long = 'b'.repeat(LIMIT - 5);
    const { sent, user } = draw(pending(long));
    await user.click(screen.getByRole('button', { name: 'Mercimek Çorbası: not' }));
    await user.click(screen.getByRole('button', { name: '+ acısız' }));
    expect(sent).toEqual([null]);
    expect(await screen.findByText(`Not en fazla ${LIMIT} karakter olabilir`)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '+ paket' })); // ", paket" is 7 characters: still too long
    expect(sent).toEqual([null, null]);
  });

  it('adds a quick note that fits to the saved one', async () => {
    const { sent, user } = draw(pending('soğansız'));
    await user.click(screen.getByRole('button', { name: 'Mercimek Çorbası: not' }));
    await user.click(screen.getByRole('button', { name: '+ acısız' }));
    expect(sent).toEqual([{ note: 'soğansız, acısız' }]);
  });
});
