import { memo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { TABLE_SHAPE_LABELS } from '../../../shared/ticket-contract';
import type { FloorTable } from '../../../shared/floor-contract';
import { tableStyle } from '../../components/plan/plan-canvas';
import { dragPosition, nudge } from '../../components/plan/plan-geometry';
import classes from '../../components/plan/plan.module.css';

/** A pointer must travel this far (px) before a press becomes a drag: a tap only selects. */
export const DRAG_THRESHOLD_PX = 6;

interface Props {
  table: FloorTable;
  scale: number;
  selected: boolean;
  onSelect(id: string): void;
  /** a drag ended, or an arrow key was pressed, at this snapped position */
  onMove(table: FloorTable, to: { x: number; y: number }, how: 'drag' | 'key'): void;
}

/**
 * A table on Masa Düzeni: drag it with a mouse, a finger or a pen (pointer events, so one code
 * path for all), or focus it and use the arrow keys. It snaps to the grid as it moves.
 */
export const EditableTable = memo(function EditableTable({ table, scale, selected, onSelect, onMove }: Props) {
  const [drag, setDrag] = useState<{ x: number; y: number } | null>(null);
  // Arrow keys move faster than the floor's cache notifies: the table counts its own steps until
  // the server's answer (a new version) or the cache catches up.
  const [keyPos, setKeyPos] = useState<{ x: number; y: number; version: number } | null>(null);
  const press = useRef<{ id: number; px: number; py: number; moved: boolean } | null>(null);
  const settled = keyPos && (keyPos.version !== table.version || (keyPos.x === table.x && keyPos.y === table.y));
  if (keyPos && settled) setKeyPos(null);
  const here = keyPos && !settled ? { ...table, x: keyPos.x, y: keyPos.y } : table;
  const shown = drag ? { ...table, ...drag } : here;

  const onPointerDown = (e: PointerEvent<HTMLButtonElement>) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    press.current = { id: e.pointerId, px: e.clientX, py: e.clientY, moved: false };
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLButtonElement>) => {
    const p = press.current;
    if (!p || p.id !== e.pointerId) return;
    const dx = e.clientX - p.px;
    const dy = e.clientY - p.py;
    if (!p.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
    p.moved = true;
    setDrag(dragPosition(table, dx, dy, scale));
  };
  const end = (e: PointerEvent<HTMLButtonElement>, commit: boolean) => {
    const p = press.current;
    if (!p || p.id !== e.pointerId) return;
    press.current = null;
    if (p.moved && drag && commit) {
      onSelect(table.id);
      if (drag.x !== table.x || drag.y !== table.y) onMove(table, drag, 'drag');
    }
    setDrag(null);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const to = nudge(here, e.key);
    if (!to) return;
    e.preventDefault();
    onSelect(table.id);
    if (to.x === here.x && to.y === here.y) return;
    setKeyPos({ ...to, version: table.version });
    onMove(table, to, 'key');
  };

  return (
    <button
      type="button"
      className={`${classes.table} ${classes.editable}`}
      style={tableStyle(shown, scale)}
      aria-pressed={selected}
      aria-label={`${table.name}, ${table.seats} kişilik, ${TABLE_SHAPE_LABELS[table.shape]}. Taşımak için sürükleyin ya da ok tuşlarını kullanın.`}
      data-testid={`layout-table-${table.name}`}
      data-x={shown.x}
      data-y={shown.y}
      data-dragging={drag ? '' : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={(e) => end(e, true)}
      onPointerCancel={(e) => end(e, false)}
      onLostPointerCapture={(e) => end(e, true)}
      onClick={() => onSelect(table.id)}
      onKeyDown={onKeyDown}
      onBlur={() => setKeyPos(null)}
    >
      <span className={classes.shape} data-shape={table.shape} style={{ transform: `rotate(${table.rotation}deg)` }} aria-hidden />
      <span className={classes.tableName}>{table.name}</span>
      <span className={classes.tableMeta} aria-hidden>
        {table.seats} kişi
      </span>
    </button>
  );
});
