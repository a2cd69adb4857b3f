/**
 * What `npm run verify-audit` reports for records that are not links of a hash chain themselves but
 * must agree with rows that are (the audit log, sealed bills): the first row that does not, and why
 * in Turkish. Each module checks the tables it owns; the command composes them (src/server/verify-audit.ts).
 */
export interface RecordMismatch {
  /** the row's id (or its key, for a sum) */
  id: string;
  reason: string;
}

export type RecordCheck = (db: import('../db/client').Db, restaurantId: string) => Promise<RecordMismatch | null>;
