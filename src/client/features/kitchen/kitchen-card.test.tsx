import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { KitchenLine, KitchenOrder } from '../../../shared/kitchen-contract';
import { firedCourses, heldCourses, pendingSummary } from './kitchen-board';
import { KitchenCard } from './kitchen-card';
import { kitchenCard, kitchenLine } from '../../test-support/fixtures';

const line = (id: string, name: string, over: Partial<KitchenLine> = {}) => kitchenLine({ id, name, ...over });

const card = (lines: KitchenLine[]) => kitchenCard(lines);

const FIRED_AT = '2026-11-25T18:20:00Z';
const starter = line('s', 'Sigara Böreği');
const heldMain = line('m', 'Adana Kebap', { quantity: 2, course: 'Ana yemek', isHeld: true, note: 'acısız' });
const firedMain = line('m', 'Adana Kebap', { quantity: 2, course: 'Ana yemek', firedAt: FIRED_AT });

function renderCard(lines: KitchenLine[], onStep = vi.fn(), over: Partial<KitchenOrder> = {}) {
  render(
    <MantineProvider>
      <KitchenCard card={{ ...card(lines), ...over }} minutes={3} level="fresh" isNew={false} busyLineIds={new Set()} onStep={onStep} onBump={vi.fn()} isBumping={false} />
    </MantineProvider>,
  );
  return { onStep, article: screen.getByTestId('kitchen-card') };
}

describe('kitchen card: courses (servis sırası)', () => {
  it('shows a held course apart under "Bekleyen: Ana yemek", in words, and the cook cannot start it', async () => {
    const { onStep, article } = renderCard([starter, heldMain]);
    const held = screen.getByRole('region', { name: 'Bekleyen: Ana yemek' });
    expect(within(held).getByRole('heading', { name: /Bekleyen: Ana yemek/ })).toBeInTheDocument();
    expect(within(held).getByText('Adana Kebap')).toBeInTheDocument();
    expect(within(held).getByText(/Bekliyor/)).toBeInTheDocument();
    expect(within(held).getByText('Garson başlatınca hazırlayın')).toBeInTheDocument();
    expect(within(held).getByText('Not: acısız')).toBeInTheDocument();
    // no button: a held dish is not tapped forward
    expect(within(held).queryByRole('button')).toBeNull();
    // the starter stays a line to make, outside the held part
    const starterButton = within(article).getByRole('button', { name: /Sigara Böreği: Bekliyor, dokununca Hazırlanıyor/ });
    expect(held).not.toContainElement(starterButton);
    await userEvent.click(starterButton);
    expect(onStep).toHaveBeenCalledWith(expect.objectContaining({ id: 's' }), 'preparing');
    expect(screen.queryByTestId('course-fired')).toBeNull();
    expect(article).not.toHaveAttribute('data-fired');
  });

  it('highlights a fired course with an icon and "Ana yemek başladı" until the cook starts it', async () => {
    const { onStep, article } = renderCard([line('s', 'Sigara Böreği', { status: 'ready' }), firedMain]);
    expect(screen.getByTestId('course-fired')).toHaveTextContent('🔥 Ana yemek başladı');
    expect(article).toHaveAttribute('data-fired');
    expect(screen.queryByTestId('held-course')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /Adana Kebap: Bekliyor, dokununca Hazırlanıyor/ }));
    expect(onStep).toHaveBeenCalledWith(expect.objectContaining({ id: 'm' }), 'preparing');
  });

  it('stops announcing the fire once the course is being prepared (or bumped)', () => {
    renderCard([starter, { ...firedMain, status: 'preparing' }]);
    expect(screen.queryByTestId('course-fired')).toBeNull();
    expect(screen.getByTestId('kitchen-card')).not.toHaveAttribute('data-fired');
  });

  it('groups held lines per course and leaves them out of what is still to make', () => {
    const dessert = line('d', 'Künefe', { course: 'Tatlı', isHeld: true });
    const lines = [starter, heldMain, dessert];
    expect(heldCourses(lines).map((g) => [g.course, g.lines.map((l) => l.id)])).toEqual([
      ['Ana yemek', ['m']],
      ['Tatlı', ['d']],
    ]);
    expect(pendingSummary([card(lines)])).toEqual([{ name: 'Sigara Böreği', quantity: 1 }]);
    expect(firedCourses([firedMain, { ...firedMain, id: 'm2' }])).toEqual(['Ana yemek']);
    // a held line that was cancelled is no longer waiting
    expect(heldCourses([{ ...heldMain, status: 'cancelled' }])).toEqual([]);
  });
});

describe('kitchen card: a closed bill', () => {
  it('says HESAP KAPANDI in words on a closed (paid) bill’s card, which stays to be made; an open bill’s card does not', () => {
    const { article } = renderCard([starter], vi.fn(), { isTicketClosed: true, type: 'takeaway', tableName: null, customerName: 'Ali' });
    expect(within(article).getByTestId('card-ticket-closed')).toHaveTextContent('HESAP KAPANDI');
    expect(article).toHaveAccessibleName(/HESAP KAPANDI/);
    // still a line to make: the cook moves it on as any other
    expect(within(article).getByRole('button', { name: /Sigara Böreği: Bekliyor/ })).toBeInTheDocument();
  });

  it('shows no closed mark on an open bill’s card', () => {
    const { article } = renderCard([starter]);
    expect(within(article).queryByTestId('card-ticket-closed')).toBeNull();
  });
});

describe('kitchen card: a scheduled order', () => {
  it('says when it was promised ("Teslim: 17:15"), on the card and in its name; a card of any other order does not', () => {
    // 17:15 in Istanbul: the card reads the time in the screen's own zone, as every kitchen clock does
    const promisedAt = '2026-11-25T14:15:00Z';
    const { article } = renderCard([starter], vi.fn(), { promisedAt, type: 'delivery', tableName: null, customerName: 'Ayşe' });
    const expected = `Teslim: ${new Date(promisedAt).toLocaleTimeString('tr-TR', { hour: '2-digit', minute: '2-digit' })}`;
    expect(within(article).getByTestId('card-promised')).toHaveTextContent(expected);
    expect(article).toHaveAccessibleName(new RegExp(expected));
  });

  it('shows no promised time for an order for now', () => {
    const { article } = renderCard([starter]);
    expect(within(article).queryByTestId('card-promised')).toBeNull();
    expect(article).not.toHaveAccessibleName(/Teslim/);
  });
});
