import { TABLE_STATE_LABELS, type LineStatus, type TableState } from '../../shared/ticket-contract';

/** Each state's icon: colour is never the only signal (the label is written beside it). */
export const TABLE_STATE_ICONS: Record<TableState, string> = {
  free: '○',
  open: '●',
  waiting: '⏳',
  ready: '🔔',
  bill: '🧾',
};

export const stateText = (state: TableState) => `${TABLE_STATE_ICONS[state]} ${TABLE_STATE_LABELS[state]}`;

/** A line's status icon, beside its label on kitchen cards, the adisyon and history. */
export const STATUS_ICONS: Record<LineStatus, string> = {
  pending: '·',
  sent: '○',
  preparing: '◐',
  ready: '✓',
  served: '🍽',
  cancelled: '✕',
};
