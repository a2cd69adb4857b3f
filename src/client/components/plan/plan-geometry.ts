import { PLAN_GRID, PLAN_HEIGHT, PLAN_WIDTH, TABLE_SIZE } from '../../../shared/floor-contract';

/**
 * The floor plan's arithmetic, shared by Masa Düzeni and the floor view, so what the layout saves
 * is exactly what the floor draws. Positions are plan units (PLAN_WIDTH × PLAN_HEIGHT); the screen
 * multiplies them by one scale.
 */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The smallest a table may be drawn on screen: a finger can hit it and its name fits. */
export const MIN_TABLE_PX = 64;
/** A plan never grows past this to keep its smallest table tappable (it scrolls sideways instead). */
export const MAX_PLAN_SCALE = 1.6;

/**
 * Plan units → pixels. The plan fills the container's width (aspect kept); on a narrow phone it
 * grows until its smallest table is MIN_TABLE_PX on screen, and the plan scrolls sideways.
 */
export function planScale(containerWidth: number, tables: readonly Pick<Box, 'width' | 'height'>[] = []): number {
  const fit = Math.max(containerWidth, 1) / PLAN_WIDTH;
  const smallest = tables.length > 0 ? Math.min(...tables.map((t) => Math.min(t.width, t.height))) : 80;
  const tappable = Math.min(MAX_PLAN_SCALE, MIN_TABLE_PX / Math.max(smallest, 1));
  return Math.max(fit, tappable);
}

/** The plan's height down to its lowest table and one grid step more (the whole plan when empty). */
export function usedHeight(tables: readonly Pick<Box, 'y' | 'height'>[]): number {
  if (tables.length === 0) return PLAN_HEIGHT;
  return Math.min(PLAN_HEIGHT, Math.max(...tables.map((t) => t.y + t.height)) + PLAN_GRID);
}

/** The nearest grid point. */
export const snapToGrid = (value: number) => Math.round(value / PLAN_GRID) * PLAN_GRID;

/** Keeps a table wholly on the plan. */
export function clampToPlan<T extends Box>(box: T): T {
  const x = Math.min(Math.max(0, box.x), Math.max(0, PLAN_WIDTH - box.width));
  const y = Math.min(Math.max(0, box.y), Math.max(0, PLAN_HEIGHT - box.height));
  return { ...box, x, y };
}

/** Where a dragged table lands: its start plus the pointer's movement in pixels, snapped and kept on the plan. */
export function dragPosition(start: Box, dxPx: number, dyPx: number, scale: number): { x: number; y: number } {
  // Snap first, then keep on the plan: a table wider than a grid multiple stays flush with the edge.
  const { x, y } = clampToPlan({ ...start, x: snapToGrid(start.x + dxPx / scale), y: snapToGrid(start.y + dyPx / scale) });
  return { x, y };
}

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** The keyboard alternative to dragging: an arrow key moves the table one grid step; null for other keys. */
export function nudge(box: Box, key: string): { x: number; y: number } | null {
  const step = ARROWS[key];
  if (!step) return null;
  const moved = clampToPlan({ ...box, x: snapToGrid(box.x) + step[0] * PLAN_GRID, y: snapToGrid(box.y) + step[1] * PLAN_GRID });
  return { x: moved.x, y: moved.y };
}

/** Keeps a size inside the contract's limits, on the grid. */
export const clampSize = (value: number) => Math.min(TABLE_SIZE.max, Math.max(TABLE_SIZE.min, Math.round(value)));

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The first grid position (row by row) where a new table of this size touches no other; top-left when the plan is full. */
export function freeSpot(tables: readonly Box[], width = 80, height = 80): { x: number; y: number } {
  for (let y = PLAN_GRID; y + height <= PLAN_HEIGHT; y += PLAN_GRID) {
    for (let x = PLAN_GRID; x + width <= PLAN_WIDTH; x += PLAN_GRID) {
      const candidate = { x, y, width: width + PLAN_GRID, height: height + PLAN_GRID };
      if (!tables.some((t) => overlaps(candidate, { ...t, x: t.x - PLAN_GRID / 2, y: t.y - PLAN_GRID / 2, width: t.width + PLAN_GRID, height: t.height + PLAN_GRID }))) {
        return { x, y };
      }
    }
  }
  return { x: 0, y: 0 };
}

/** True when any two tables cover each other (tables made before they had a place all sit at 0,0). */
export function hasOverlaps(tables: readonly Box[]): boolean {
  return tables.some((a, i) => tables.slice(i + 1).some((b) => overlaps(a, b)));
}

/**
 * Row after row, in the given order, a grid step apart, each keeping its size; a row wraps at the
 * plan's width. Tables that do not fit under the last row stay where the plan ends.
 */
export function arrangeOnGrid<T extends Box & { id: string }>(tables: readonly T[]): { id: string; x: number; y: number }[] {
  const gap = PLAN_GRID * 2;
  let x = PLAN_GRID;
  let y = PLAN_GRID;
  let rowHeight = 0;
  return tables.map((t) => {
    if (x + t.width > PLAN_WIDTH - PLAN_GRID && x > PLAN_GRID) {
      x = PLAN_GRID;
      y += rowHeight + gap;
      rowHeight = 0;
    }
    const placed = clampToPlan({ ...t, x, y });
    x += snapToGrid(t.width + gap);
    rowHeight = Math.max(rowHeight, t.height);
    return { id: t.id, x: placed.x, y: placed.y };
  });
}

export type TableDetail = 'compact' | 'medium' | 'full';

/** How much a table on the floor view shows at its drawn size (the list view always shows everything). */
export function tableDetail(widthPx: number, heightPx: number): TableDetail {
  if (widthPx >= 110 && heightPx >= 96) return 'full';
  if (widthPx >= 84 && heightPx >= 76) return 'medium';
  return 'compact';
}
