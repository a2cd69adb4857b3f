import { describe, expect, it } from 'vitest';
import { PLAN_GRID, PLAN_HEIGHT, PLAN_WIDTH } from '../../../shared/floor-contract';
import { MIN_TABLE_PX, arrangeOnGrid, usedHeight, clampToPlan, hasOverlaps, dragPosition, freeSpot, nudge, planScale, snapToGrid, tableDetail } from './plan-geometry';

const table = { x: 100, y: 100, width: 80, height: 80 };

describe('plan scaling', () => {
  it('fills a wide container and keeps the aspect (one scale for both axes)', () => {
    expect(planScale(1500, [table])).toBe(1.5);
  });

  it('on a narrow phone grows until the smallest table is big enough to tap, instead of shrinking it', () => {
    const scale = planScale(358, [table, { ...table, width: 160 }]);
    expect(scale * 80).toBeGreaterThanOrEqual(MIN_TABLE_PX);
    expect(scale).toBeGreaterThan(358 / PLAN_WIDTH);
  });

  it('an empty plan still has a scale', () => {
    expect(planScale(0, [])).toBeGreaterThan(0);
  });
});

describe('snapping and dragging', () => {
  it('snaps to the nearest grid point', () => {
    expect(snapToGrid(29)).toBe(20);
    expect(snapToGrid(31)).toBe(40);
    expect(snapToGrid(0)).toBe(0);
  });

  it('turns pointer pixels into plan units by the scale, then snaps', () => {
    // 0.5 px per unit: 50 px right is 100 units; 23 px down is 46 units → 140 after snapping.
    expect(dragPosition(table, 50, 23, 0.5)).toEqual({ x: 200, y: 140 });
  });

  it('never leaves the plan, whichever way the table is flung', () => {
    expect(dragPosition(table, -5000, -5000, 1)).toEqual({ x: 0, y: 0 });
    expect(dragPosition(table, 5000, 5000, 1)).toEqual({ x: PLAN_WIDTH - 80, y: PLAN_HEIGHT - 80 });
    expect(clampToPlan({ x: 990, y: 590, width: 90, height: 90 })).toMatchObject({ x: PLAN_WIDTH - 90, y: PLAN_HEIGHT - 90 });
  });

  it('an arrow key moves one grid step, other keys do nothing', () => {
    expect(nudge(table, 'ArrowRight')).toEqual({ x: 100 + PLAN_GRID, y: 100 });
    expect(nudge(table, 'ArrowUp')).toEqual({ x: 100, y: 100 - PLAN_GRID });
    expect(nudge({ ...table, x: 0 }, 'ArrowLeft')).toEqual({ x: 0, y: 100 });
    expect(nudge(table, 'Enter')).toBeNull();
  });
});

describe('placing a new table', () => {
  it('finds a spot that touches no other table', () => {
    const spot = freeSpot([{ x: 20, y: 20, width: 80, height: 80 }]);
    const overlaps = spot.x < 100 && spot.x + 80 > 20 && spot.y < 100 && spot.y + 80 > 20;
    expect(overlaps).toBe(false);
  });

  it('starts at the top left of an empty plan', () => {
    expect(freeSpot([])).toEqual({ x: PLAN_GRID, y: PLAN_GRID });
  });
});

describe('what a table shows on the floor view', () => {
  it('a small table shows its name and state icon only; a big one everything', () => {
    expect(tableDetail(64, 64)).toBe('compact');
    expect(tableDetail(90, 80)).toBe('medium');
    expect(tableDetail(140, 120)).toBe('full');
  });
});

describe('tables that have no place yet', () => {
  const stacked = Array.from({ length: 12 }, (_, i) => ({ id: `t${i}`, x: 0, y: 0, width: 100, height: 80 }));

  it('are seen as overlapping; a laid-out plan is not', () => {
    expect(hasOverlaps(stacked)).toBe(true);
    expect(hasOverlaps([table, { ...table, x: 300 }])).toBe(false);
  });

  it('are put row by row on the grid, inside the plan and touching no other', () => {
    const placed = arrangeOnGrid(stacked);
    const boxes = placed.map((p) => ({ ...p, width: 100, height: 80 }));
    expect(hasOverlaps(boxes)).toBe(false);
    for (const b of boxes) {
      expect(b.x % PLAN_GRID).toBe(0);
      expect(b.y % PLAN_GRID).toBe(0);
      expect(b.x + b.width).toBeLessThanOrEqual(PLAN_WIDTH);
      expect(b.y + b.height).toBeLessThanOrEqual(PLAN_HEIGHT);
    }
    expect(new Set(boxes.map((b) => b.y)).size).toBeGreaterThan(1);
  });
});

describe('the floor view’s height', () => {
  it('ends one grid step below the lowest table, never past the plan', () => {
    expect(usedHeight([table, { ...table, y: 300 }])).toBe(300 + 80 + PLAN_GRID);
    expect(usedHeight([{ ...table, y: PLAN_HEIGHT - 80 }])).toBe(PLAN_HEIGHT);
    expect(usedHeight([])).toBe(PLAN_HEIGHT);
  });
});
