import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { KitchenLine } from '../../../shared/kitchen-contract';
import { DEFAULT_USER_PREFERENCES } from '../../../shared/staff-contract';
import { playChime } from '../../components/chime';
import { useKitchenArrivals } from './use-kitchen-arrivals';
import { kitchenCard, kitchenLine } from '../../test-support/fixtures';

vi.mock('../../components/chime', () => ({ playChime: vi.fn() }));
vi.mock('./api/kitchen-mutations', () => ({ acknowledgeBatches: vi.fn(async () => ({ acknowledged: 1 })) }));

const main = (over: Partial<KitchenLine>) => kitchenLine({ id: 'm', name: 'Karnıyarık', course: 'Ana yemek', isHeld: true, ...over });
const card = (line: KitchenLine) => kitchenCard([line], { ticketNumber: 3, tableName: 'Salon 2', waiterName: null });

describe('a fired course on the kitchen screen', () => {
  it('chimes and flashes its card like a new one, once', () => {
    const { result, rerender } = renderHook(({ cards }) => useKitchenArrivals(cards, '', DEFAULT_USER_PREFERENCES), {
      initialProps: { cards: [card(main({}))] },
    });
    expect(playChime).not.toHaveBeenCalled();
    expect(result.current.size).toBe(0);
    rerender({ cards: [card(main({ isHeld: false, firedAt: '2026-11-25T18:20:00Z' }))] });
    expect(playChime).toHaveBeenCalledTimes(1);
    expect([...result.current]).toEqual(['b1:t1']);
    rerender({ cards: [card(main({ isHeld: false, firedAt: '2026-11-25T18:20:00Z', name: 'Karnıyarık' }))] });
    expect(playChime).toHaveBeenCalledTimes(1);
  });
});
