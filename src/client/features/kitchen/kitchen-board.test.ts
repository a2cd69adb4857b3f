import type { KitchenOrder } from '../../../shared/kitchen-contract';
import { ageOf, isOnBoard, pendingSummary } from './kitchen-board';
import { kitchenCard, kitchenLine } from '../../test-support/fixtures';

const line = (name: string, quantity: number, status: KitchenOrder['lines'][number]['status']) => kitchenLine({ id: name + status, name, quantity, status });
const card = (lines: KitchenOrder['lines']) =>
  kitchenCard(lines, { batchId: 'b', ticketId: 't', ticketNumber: 1, tableName: 'Salon 1', waiterName: null, sentAt: '2026-11-22T10:00:00.000Z' });

describe('the kitchen board', () => {
  const thresholds = { warnMinutes: 10, lateMinutes: 20 };
  const sent = Date.parse('2026-11-22T10:00:00.000Z');

  it('ages a card by whole minutes: fresh, then warn at the warn minute, late at the late minute', () => {
    expect(ageOf('2026-11-22T10:00:00.000Z', sent + 9 * 60_000 + 59_000, thresholds)).toEqual({ minutes: 9, level: 'fresh' });
    expect(ageOf('2026-11-22T10:00:00.000Z', sent + 10 * 60_000, thresholds)).toEqual({ minutes: 10, level: 'warn' });
    expect(ageOf('2026-11-22T10:00:00.000Z', sent + 20 * 60_000, thresholds)).toEqual({ minutes: 20, level: 'late' });
  });

  it('never shows negative minutes when the tablet clock runs behind the server', () => {
    expect(ageOf('2026-11-22T10:00:00.000Z', sent - 30_000, thresholds).minutes).toBe(0);
  });

  it('keeps a card on the board while a line is waiting or being prepared', () => {
    expect(isOnBoard(card([line('Çorba', 1, 'ready'), line('Pide', 1, 'preparing')]))).toBe(true);
    expect(isOnBoard(card([line('Çorba', 1, 'ready'), line('Pide', 1, 'cancelled')]))).toBe(false);
  });

  it('sums what is still to make per item across cards, most first, leaving out ready and cancelled lines', () => {
    const cards = [
      card([line('Adana Kebap', 2, 'sent'), line('Ayran', 2, 'ready')]),
      card([line('Adana Kebap', 10, 'preparing'), line('Çoban Salata', 1, 'sent'), line('Ayran', 1, 'cancelled'), line('Ciğer', 1, 'sent')]),
    ];
    expect(pendingSummary(cards)).toEqual([
      { name: 'Adana Kebap', quantity: 12 },
      { name: 'Ciğer', quantity: 1 },
      { name: 'Çoban Salata', quantity: 1 },
    ]);
  });

  it('counts each size and portion apart: Küçük and Büyük Ayran, 1 and 1,5 Adana are different things to make', () => {
    const sized = (name: string, quantity: number, option: string) => ({ ...line(name, quantity, 'sent'), id: `${name}-${option}`, options: [{ name: option, groupName: 'Boy' }] });
    const cards = [card([sized('Ayran', 2, 'Büyük'), sized('Ayran', 4, 'Küçük'), sized('Adana', 1, '1,5 Porsiyon')]), card([sized('Adana', 2, '1 Porsiyon'), sized('Ayran', 1, 'Büyük')])];
    expect(pendingSummary(cards)).toEqual([
      { name: 'Ayran (Küçük)', quantity: 4 },
      { name: 'Ayran (Büyük)', quantity: 3 },
      { name: 'Adana (1 Porsiyon)', quantity: 2 },
      { name: 'Adana (1,5 Porsiyon)', quantity: 1 },
    ]);
  });
});
