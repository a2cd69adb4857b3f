import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { floorTable } from '../../test-support/fixtures';
import { DRAG_THRESHOLD_PX, EditableTable } from './editable-table';

const table = floorTable({ version: 3 });

function draw(scale = 0.5) {
  const onMove = vi.fn();
  const onSelect = vi.fn();
  render(
    <MantineProvider>
      <EditableTable table={table} scale={scale} selected={false} onSelect={onSelect} onMove={onMove} />
    </MantineProvider>,
  );
  return { onMove, onSelect, button: screen.getByRole('button', { name: /Salon 1/ }) };
}

const pointer = (clientX: number, clientY: number, pointerType = 'touch') => ({ pointerId: 1, clientX, clientY, pointerType, button: 0 });

describe('a table on Masa Düzeni', () => {
  it('follows a finger, snapped to the grid, and saves where it is let go', () => {
    const { onMove, button } = draw(0.5);
    fireEvent.pointerDown(button, pointer(10, 10));
    // 0.5 px per unit: 47 px → 94 units → 100 after snapping; 33 px → 66 → 60.
    fireEvent.pointerMove(button, pointer(57, 43));
    expect(button.dataset.x).toBe('200');
    expect(button.dataset.y).toBe('160');
    fireEvent.pointerUp(button, pointer(57, 43));
    expect(onMove).toHaveBeenCalledWith(table, { x: 200, y: 160 }, 'drag');
  });

  it('a tap that moves less than the threshold only selects (nothing saved)', () => {
    const { onMove, onSelect, button } = draw();
    fireEvent.pointerDown(button, pointer(10, 10, 'mouse'));
    fireEvent.pointerMove(button, pointer(10 + DRAG_THRESHOLD_PX - 2, 10, 'mouse'));
    fireEvent.pointerUp(button, pointer(10 + DRAG_THRESHOLD_PX - 2, 10, 'mouse'));
    fireEvent.click(button);
    expect(onMove).not.toHaveBeenCalled();
    expect(onSelect).toHaveBeenCalledWith('t1');
  });

  it('a cancelled touch (the browser took the gesture) puts the table back without saving', () => {
    const { onMove, button } = draw();
    fireEvent.pointerDown(button, pointer(10, 10));
    fireEvent.pointerMove(button, pointer(80, 80));
    fireEvent.pointerCancel(button, pointer(80, 80));
    expect(onMove).not.toHaveBeenCalled();
    expect(button.dataset.x).toBe('100');
  });

  it('arrow keys move it one grid step (the keyboard alternative)', () => {
    const { onMove, button } = draw();
    fireEvent.keyDown(button, { key: 'ArrowRight' });
    expect(onMove).toHaveBeenCalledWith(table, { x: 120, y: 100 }, 'key');
    fireEvent.keyDown(button, { key: 'a' });
    expect(onMove).toHaveBeenCalledTimes(1);
  });

  it('quick arrow presses add up before the floor has caught up with the first', () => {
    const { onMove, button } = draw();
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    fireEvent.keyDown(button, { key: 'ArrowLeft' });
    expect(onMove).toHaveBeenLastCalledWith(table, { x: 80, y: 140 }, 'key');
    expect(button.dataset.y).toBe('140');
  });
});
