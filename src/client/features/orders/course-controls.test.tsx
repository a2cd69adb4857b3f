import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TicketLine } from '../../../shared/ticket-contract';
import { ticket, ticketLine } from '../../test-support/fixtures';
import { CourseBar, heldCourses, holdableCourses } from './course-controls';
import { LineRow } from './ticket-lines';
import type { TicketActions } from './api/ticket-actions';
import { stubTouchScreen } from '../../test-support/browser-stubs';

const COURSES = ['Ara sıcak', 'Ana yemek', 'Tatlı'];

// A touch screen: single choices are the phone's own <select> (ChoiceSelect).
beforeEach(() => {
  stubTouchScreen();
});
afterEach(() => vi.unstubAllGlobals());

function drawLine(line: TicketLine) {
  const updateLine = vi.fn(async () => ticket({ lines: [line] }));
  render(
    <MantineProvider>
      <MemoryRouter>
        <ul>
          <LineRow line={line} actions={{ updateLine } as unknown as TicketActions} editable billPath="/hesap" courses={COURSES} />
        </ul>
      </MemoryRouter>
    </MantineProvider>,
  );
  return { updateLine, user: userEvent.setup() };
}

describe('servis sırası on the adisyon', () => {
  it("puts an unsent line in a course with the phone's own picker, and takes it out again", async () => {
    const { updateLine, user } = drawLine(ticketLine({ status: 'pending', batchId: null }));
    const select = screen.getByRole('combobox', { name: 'Servis sırası' });
    expect(select.tagName).toBe('SELECT');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Sırasız (ilk gönderimle)', ...COURSES]);
    await user.selectOptions(select, 'Ana yemek');
    expect(updateLine).toHaveBeenLastCalledWith('l1', { course: 'Ana yemek' });
  });

  it('says a held line\'s course and that it waits, in words; a sent line has no picker', () => {
    drawLine(ticketLine({ course: 'Ana yemek', isHeld: true }));
    expect(screen.getByTestId('line-course')).toHaveTextContent('Ana yemek · bekletiliyor, başlatılmadı');
    expect(screen.getByText(/Bekliyor/)).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Servis sırası' })).toBeNull();
  });

  it('offers "<Course> beklet" for the courses of unsent lines and "<Course> başlat" for held ones', async () => {
    const t = ticket({
      lines: [
        ticketLine({ id: 'a', status: 'pending', batchId: null, course: 'Tatlı' }),
        ticketLine({ id: 'b', status: 'pending', batchId: null, course: 'Ana yemek' }),
        ticketLine({ id: 'c', status: 'pending', batchId: null }),
        ticketLine({ id: 'd', course: 'Ara sıcak', isHeld: true }),
        ticketLine({ id: 'e', course: 'Tatlı', isHeld: true, status: 'cancelled' }),
      ],
    });
    expect(holdableCourses(t, COURSES)).toEqual(['Ana yemek', 'Tatlı']);
    expect(heldCourses(t, COURSES)).toEqual(['Ara sıcak']);
    const onHoldChange = vi.fn();
    const onFire = vi.fn();
    render(
      <MantineProvider>
        <CourseBar holdable={holdableCourses(t, COURSES)} held={heldCourses(t, COURSES)} hold={['Tatlı']} onHoldChange={onHoldChange} onFire={onFire} busy={false} />
      </MantineProvider>,
    );
    const user = userEvent.setup();
    expect(screen.getByRole('checkbox', { name: 'Tatlı beklet' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Ana yemek beklet' }));
    expect(onHoldChange).toHaveBeenCalledWith(['Tatlı', 'Ana yemek']);
    await user.click(screen.getByRole('button', { name: 'Ara sıcak başlat' }));
    expect(onFire).toHaveBeenCalledWith('Ara sıcak');
  });

  it('shows nothing on a ticket without courses', () => {
    const { container } = render(
      <MantineProvider>
        <CourseBar holdable={[]} held={[]} hold={[]} onHoldChange={vi.fn()} onFire={vi.fn()} busy={false} />
      </MantineProvider>,
    );
    expect(container.querySelector('[data-testid="course-bar"]')).toBeNull();
  });
});
