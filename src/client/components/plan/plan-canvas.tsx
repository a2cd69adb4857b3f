import { useElementSize } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { PLAN_GRID, PLAN_HEIGHT, PLAN_WIDTH } from '../../../shared/floor-contract';
import { planScale, usedHeight, type Box } from './plan-geometry';
import classes from './plan.module.css';

interface Props {
  tables: readonly Pick<Box, 'width' | 'height'>[];
  /** names the plan for screen readers, e.g. "Salon kat planı" */
  label: string;
  children(scale: number): ReactNode;
  /** draws the snap grid (Masa Düzeni) */
  withGrid?: boolean;
  /** ends the plan below its lowest table (the floor view: no empty band to scroll past on a phone) */
  cropToTables?: boolean;
}

/**
 * A section's plan drawn at the container's width, aspect kept. On a narrow phone it keeps its
 * tables big enough to tap and scrolls sideways inside its own box, never the page.
 */
export function PlanCanvas({ tables, label, children, withGrid, cropToTables }: Props) {
  const { ref, width } = useElementSize();
  const scale = planScale(width || PLAN_WIDTH, tables);
  const height = cropToTables ? usedHeight(tables as readonly Box[]) : PLAN_HEIGHT;
  return (
    <div ref={ref} className={classes.planScroll} data-testid="plan-scroll">
      <div
        role="group"
        aria-label={label}
        className={classes.plan}
        data-grid={withGrid || undefined}
        data-scale={scale.toFixed(4)}
        style={{ width: PLAN_WIDTH * scale, height: height * scale, ['--grid-px' as string]: `${PLAN_GRID * scale}px` }}
      >
        {width > 0 && children(scale)}
      </div>
    </div>
  );
}

/** A table's box on screen: position and size scaled; the shape (rotated) is drawn by `.shape`. */
export function tableStyle(t: Box, scale: number) {
  return { left: t.x * scale, top: t.y * scale, width: t.width * scale, height: t.height * scale };
}
