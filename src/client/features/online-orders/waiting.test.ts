import { describe, expect, it } from 'vitest';
import { urgencyOf, waitText } from './online-orders-text';

describe('an unanswered order’s wait', () => {
  it('reads as seconds, minutes and hours', () => {
    expect(waitText(0)).toBe('0 sn');
    expect(waitText(45_400)).toBe('45 sn');
    expect(waitText(125_000)).toBe('2 dk 05 sn');
    expect(waitText(3_780_000)).toBe('1 sa 3 dk');
    expect(waitText(-5)).toBe('0 sn');
  });

  it('escalates after 30 seconds and again after two minutes', () => {
    expect(urgencyOf(29_999)).toBe('fresh');
    expect(urgencyOf(30_000)).toBe('warn');
    expect(urgencyOf(119_999)).toBe('warn');
    expect(urgencyOf(120_000)).toBe('late');
  });
});
