import { TABLE_STATE_LABELS, type TableState } from '../../../shared/ticket-contract';

/** Each state's icon: colour is never the only signal (the label is written beside it). */
export const TABLE_STATE_ICONS: Record<TableState, string> = {
  free: '○',
  open: '●',
  waiting: '⏳',
  ready: '🔔',
  bill: '🧾',
};

export const stateText = (state: TableState) => `${TABLE_STATE_ICONS[state]} ${TABLE_STATE_LABELS[state]}`;
