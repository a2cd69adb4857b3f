import { Loader, Tabs } from '@mantine/core';
import { memo } from 'react';
import type { FloorSection, FloorTable } from '../../../shared/floor-contract';
import { TABLE_STATE_LABELS } from '../../../shared/ticket-contract';
import { formatTL } from '../../../shared/domain/money';
import { ageLabel, minutesSince } from './order-logic';
import orderClasses from './orders.module.css';
import { PlanCanvas, tableStyle } from '../../components/plan/plan-canvas';
import { tableDetail } from '../../components/plan/plan-geometry';
import { TABLE_STATE_ICONS } from '../../components/status-icons';
import { isPaid, paymentHint } from '../../components/payment-hint';
import classes from '../../components/plan/plan.module.css';

export type TableView = 'floor' | 'list';
/** The list view's "every section" tab. */
export const ALL_SECTIONS = '';

/** Everything a table says, for screen readers and the list: name, state, guests, total, age, waiter. */
export function tableSummary(t: FloorTable, now: number): string {
  const parts = [t.name, TABLE_STATE_LABELS[t.state]];
  if (t.ticketId) {
    if (t.guests) parts.push(`${t.guests} kişi`);
    parts.push(formatTL(t.total ?? 0));
    const hint = paymentHint(t.total, t.remaining);
    if (hint) parts.push(hint.replace('✓ ', ''));
    parts.push(ageLabel(minutesSince(t.openedAt, now)));
    if (t.waiterName) parts.push(`Garson: ${t.waiterName}`);
  } else parts.push(`${t.seats} kişilik`);
  return parts.join(', ');
}

interface TileProps {
  table: FloorTable;
  scale: number;
  now: number;
  busy: boolean;
  onTap(t: FloorTable): void;
}

/** A table on the floor view, drawn where Masa Düzeni put it; it shows as much as its size allows. */
const FloorTile = memo(function FloorTile({ table: t, scale, now, busy, onTap }: TileProps) {
  const style = tableStyle(t, scale);
  // A circle's text has the square inside it (about 3/4 of its width) to fit in.
  const inner = t.shape === 'round' ? 0.75 : 1;
  const detail = tableDetail(style.width * inner, style.height * inner);
  const open = t.ticketId !== null;
  return (
    <button
      type="button"
      className={classes.table}
      style={style}
      data-state={t.state}
      data-testid={`floor-table-${t.name}`}
      aria-label={tableSummary(t, now)}
      aria-busy={busy || undefined}
      onClick={() => onTap(t)}
    >
      <span className={classes.shape} data-shape={t.shape} style={{ transform: `rotate(${t.rotation}deg)` }} aria-hidden />
      <span className={classes.tableName}>{t.name}</span>
      <span className={classes.tableMeta}>
        {TABLE_STATE_ICONS[t.state]}
        {detail !== 'compact' && ` ${TABLE_STATE_LABELS[t.state]}`}
      </span>
      {busy && <Loader size="xs" aria-hidden />}
      {open && detail !== 'compact' && (
        <span className={classes.tableMeta}>
          {formatTL(t.total ?? 0)} · {isPaid(t.total, t.remaining) ? '✓ Ödendi' : ageLabel(minutesSince(t.openedAt, now))}
        </span>
      )}
      {open && detail === 'full' && (
        <span className={classes.tableMeta}>
          {t.waiterName ?? ''}
          {t.guests ? ` · ${t.guests} kişi` : ''}
        </span>
      )}
    </button>
  );
});

/** The phone's view: one row per table with everything written out. */
function TableRow({ table: t, now, busy, onTap }: Omit<TileProps, 'scale'>) {
  const open = t.ticketId !== null;
  return (
    <li>
      <button type="button" className={orderClasses.row} data-state={t.state} data-testid={`list-table-${t.name}`} aria-busy={busy || undefined} onClick={() => onTap(t)}>
        <span className={orderClasses.rowName}>{t.name}</span>
        <span className={orderClasses.rowTotal}>{open ? formatTL(t.total ?? 0) : ''}</span>
        <span className={orderClasses.rowMeta}>
          {TABLE_STATE_ICONS[t.state]} {TABLE_STATE_LABELS[t.state]}
          {open && t.waiterName ? ` · ${t.waiterName}` : ''}
          {open && paymentHint(t.total, t.remaining) ? ` · ${paymentHint(t.total, t.remaining)}` : ''}
        </span>
        <span className={orderClasses.rowMetaRight}>
          {open ? `${t.guests ? `${t.guests} kişi · ` : ''}${ageLabel(minutesSince(t.openedAt, now))}` : `${t.seats} kişilik`}
        </span>
      </button>
    </li>
  );
}

interface Props {
  sections: readonly FloorSection[];
  view: TableView;
  /** the chosen section; ALL_SECTIONS (list view only) shows every section */
  sectionId: string;
  onSection(id: string): void;
  now: number;
  /** the table whose ticket is being opened */
  busyTableId: string | null;
  onTap(t: FloorTable): void;
}

/** Sections as tabs; each drawn as its plan or listed. */
export function FloorView({ sections, view, sectionId, onSection, now, busyTableId, onTap }: Props) {
  const isAll = view === 'list' && sectionId === ALL_SECTIONS;
  const section = isAll ? null : (sections.find((s) => s.id === sectionId) ?? sections[0]);
  const shown = isAll ? sections : section ? [section] : [];
  return (
    <>
      <Tabs value={isAll ? 'all' : (section?.id ?? null)} onChange={(v) => v && onSection(v === 'all' ? ALL_SECTIONS : v)}>
        <Tabs.List aria-label="Bölümler">
          {view === 'list' && <Tabs.Tab value="all">Tümü</Tabs.Tab>}
          {sections.map((s) => (
            <Tabs.Tab key={s.id} value={s.id}>
              {s.name}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {view === 'floor' && section ? (
        <PlanCanvas tables={section.tables} label={`${section.name} kat planı`} cropToTables>
          {(scale) =>
            section.tables.map((t) => <FloorTile key={t.id} table={t} scale={scale} now={now} busy={busyTableId === t.id} onTap={onTap} />)
          }
        </PlanCanvas>
      ) : (
        shown.map((s) => (
          <section key={s.id} aria-label={s.name}>
            {isAll && <h3>{s.name}</h3>}
            <ul className={orderClasses.list}>
              {s.tables.map((t) => (
                <TableRow key={t.id} table={t} now={now} busy={busyTableId === t.id} onTap={onTap} />
              ))}
            </ul>
          </section>
        ))
      )}
    </>
  );
}
