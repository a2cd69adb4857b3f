import { DEFAULT_STATION, stationsOf } from './menu-contract';

describe('the one station list', () => {
  it('puts the default station first and every station the menu uses after it, in Turkish order, once each', () => {
    const items = [{ station: 'Izgara' }, { station: 'Bar' }, { station: 'Mutfak' }, { station: 'Çay Ocağı' }, { station: 'Bar' }];
    expect(stationsOf(items)).toEqual([DEFAULT_STATION, 'Bar', 'Çay Ocağı', 'Izgara']);
  });

  it('adds a saved station the menu no longer uses, so a screen never loses its choice', () => {
    expect(stationsOf([{ station: 'Bar' }], ['Tatlı'])).toEqual(['Mutfak', 'Bar', 'Tatlı']);
    expect(stationsOf([])).toEqual(['Mutfak']);
  });
});
