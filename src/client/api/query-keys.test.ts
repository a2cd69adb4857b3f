import { LIVE_EVENT_TYPES } from '../../shared/live-events';
import { LIVE_EVENT_INVALIDATES, queryKeys } from './query-keys';

describe('live events and query keys', () => {
  it.each(LIVE_EVENT_TYPES)('the event %s refreshes at least one query', (type) => {
    expect(LIVE_EVENT_INVALIDATES[type].length).toBeGreaterThan(0);
    for (const key of LIVE_EVENT_INVALIDATES[type]) expect(key.length).toBeGreaterThan(0);
  });

  it('invalidates by prefix: every restaurant-scoped key starts with its area key', () => {
    expect(queryKeys.ticket('r1', 't1').slice(0, 1)).toEqual(queryKeys.tickets());
    expect(queryKeys.floor('r1').slice(0, 1)).toEqual(queryKeys.floor());
    expect(queryKeys.generalSettings('r1').slice(0, 2)).toEqual(queryKeys.generalSettings());
    expect(queryKeys.staff({ search: 'a', role: 'waiter' }).slice(0, 1)).toEqual(queryKeys.staff());
  });
});
