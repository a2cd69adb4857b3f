import { describe, expect, it } from 'vitest';
import { foldTurkish, isSameName, matchesSearch } from './turkish-search';

describe('Turkish-aware search', () => {
  it('"işkembe" finds "İşkembe Çorbası"', () => {
    expect(matchesSearch('İşkembe Çorbası', 'işkembe')).toBe(true);
  });

  it('treats dotted and dotless i the Turkish way in both directions', () => {
    expect(matchesSearch('IZGARA KÖFTE', 'ızgara')).toBe(true);
    expect(matchesSearch('Izgara Köfte', 'IZGARA')).toBe(true);
    expect(matchesSearch('İçecekler', 'İÇECEK')).toBe(true);
    expect(matchesSearch('içecekler', 'İçecek')).toBe(true);
  });

  it('finds Turkish letters typed without them on a foreign keyboard', () => {
    expect(matchesSearch('İşkembe Çorbası', 'iskembe corbasi')).toBe(true);
    expect(matchesSearch('Çay', 'cay')).toBe(true);
    expect(matchesSearch('Gavurdağı Salatası', 'gavurdagi')).toBe(true);
    expect(matchesSearch('Fırın Sütlaç', 'sutlac')).toBe(true);
  });

  it('needs every word of the query, in any order', () => {
    expect(matchesSearch('Adana Kebap', 'kebap adana')).toBe(true);
    expect(matchesSearch('Adana Kebap', 'urfa kebap')).toBe(false);
  });

  it('matches everything for an empty or blank query', () => {
    expect(matchesSearch('Ayran', '')).toBe(true);
    expect(matchesSearch('Ayran', '   ')).toBe(true);
  });

  it('folds to plain lower-case letters and single spaces', () => {
    expect(foldTurkish('  İŞKEMBE   Çorbası ')).toBe('iskembe corbasi');
  });

  it('compares names case-insensitively with Turkish rules', () => {
    expect(isSameName('İÇECEKLER', 'içecekler')).toBe(true);
    expect(isSameName('Izgaralar', 'ızgaralar')).toBe(true);
    expect(isSameName('Tatlılar', 'Tatlı')).toBe(false);
  });
});
