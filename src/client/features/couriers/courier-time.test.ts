import { describe, expect, it } from 'vitest';
import { ageText, deliveredInText, isLivePosition, linkEndText } from './courier-time';

const at = Date.parse('2026-11-25T18:00:00Z');
const ago = (seconds: number) => new Date(at - seconds * 1000).toISOString();

describe('a courier position’s age', () => {
  it('reads in Turkish, the way the owner says it', () => {
    expect(ageText(ago(3), at)).toBe('şimdi');
    expect(ageText(ago(45), at)).toBe('45 sn önce');
    expect(ageText(ago(180), at)).toBe('3 dk önce');
    expect(ageText(ago(2 * 3600 + 5), at)).toBe('2 sa önce');
    expect(ageText(ago(3 * 86400), at)).toBe('3 gün önce');
    // a phone clock a little ahead is no position from the future
    expect(ageText(ago(-30), at)).toBe('şimdi');
  });

  it('is live for two minutes, never after', () => {
    expect(isLivePosition(ago(10), at)).toBe(true);
    expect(isLivePosition(ago(120), at)).toBe(true);
    expect(isLivePosition(ago(121), at)).toBe(false);
    expect(isLivePosition(ago(300), at)).toBe(false);
  });
});

describe('delivered in', () => {
  it('counts from the order’s opening to its delivery', () => {
    expect(deliveredInText({ openedAt: ago(32 * 60), deliveredAt: ago(0) })).toBe('32 dk');
    expect(deliveredInText({ openedAt: ago(75 * 60), deliveredAt: ago(0) })).toBe('1 sa 15 dk');
    expect(deliveredInText({ openedAt: ago(10 * 60), deliveredAt: null })).toBeNull();
  });
});

describe('a courier link’s end', () => {
  // local times, as the owner's screen shows them
  const now = new Date(2026, 10, 26, 19, 40).getTime();
  it('names the day when it is not today', () => {
    expect(linkEndText(new Date(2026, 10, 26, 23, 15).toISOString(), now)).toBe('23:15');
    expect(linkEndText(new Date(2026, 10, 27, 7, 40).toISOString(), now)).toBe('yarın 07:40');
    expect(linkEndText(new Date(2026, 10, 29, 7, 40).toISOString(), now)).toBe('29.11.2026 07:40');
  });
});
