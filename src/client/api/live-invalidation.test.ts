import { describe, expect, it } from 'vitest';
import { createLiveInvalidator } from './live-invalidation';
import { queryKeys } from './query-keys';

function setup() {
  const invalidated: unknown[][] = [];
  const ticks: (() => void)[] = [];
  const onEvent = createLiveInvalidator((key) => invalidated.push([...key]), (flush) => ticks.push(flush));
  const tick = () => ticks.splice(0).forEach((f) => f());
  return { invalidated, onEvent, tick };
}

describe('live invalidation', () => {
  it('refreshes each key once for the events of one moment (a send publishes kitchen and tickets)', () => {
    const { invalidated, onEvent, tick } = setup();
    onEvent('kitchen');
    onEvent('tickets');
    expect(invalidated).toEqual([]);
    tick();
    const kitchen = invalidated.filter((k) => k[0] === queryKeys.kitchen()[0]);
    expect(kitchen).toHaveLength(1);
    expect(invalidated.filter((k) => k[0] === queryKeys.tickets()[0])).toHaveLength(1);
    expect(invalidated.filter((k) => k[0] === queryKeys.floor()[0])).toHaveLength(1);
  });

  it('refreshes again for an event after the flush, and everything for an unknown type', () => {
    const { invalidated, onEvent, tick } = setup();
    onEvent('menu');
    tick();
    onEvent('menu');
    tick();
    // a menu change also refreshes the recipes (their dishes and options)
    const onMenu = [[...queryKeys.menu()], [...queryKeys.recipes()]];
    expect(invalidated).toEqual([...onMenu, ...onMenu]);
    onEvent('from-a-newer-server');
    tick();
    expect(invalidated.at(-1)).toEqual([]);
  });
});
