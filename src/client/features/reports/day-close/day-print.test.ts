import { countTotal } from './cash-count-helper';
import { differenceText } from './day-print';

it('says the cash difference with its sign and a word, never by colour alone', () => {
  expect(differenceText(1_000)).toBe('+10,00 TL Fazla');
  expect(differenceText(-550)).toBe('−5,50 TL Eksik');
  expect(differenceText(0)).toBe('0,00 TL Fark yok');
});

it('the note-and-coin helper adds up every denomination and ignores what is not a whole count', () => {
  expect(countTotal({ 20_000: '2', 10_000: '1', 5_000: '1', 100: '3', 50: '1', 25: '2', 5: '1' })).toBe(40_000 + 10_000 + 5_000 + 300 + 50 + 50 + 5);
  expect(countTotal({ 20_000: '1,5', 1_000: '-2', 500: 'abc', 10: '' })).toBe(0);
});
