/**
 * A closing action (the inbox's Teslim Edildi, the courier's Ödeme Alındı and Teslim Ettim of a
 * paid order) waits this long after it is confirmed before it is sent, and can be taken back
 * meanwhile. The wait is before the call, not an undo after it: the call closes the adisyon, and a
 * closed bill is sealed with its gapless number, which only the owner's audited reopen undoes.
 */
export const CLOSING_GRACE_MS = 60_000;

/** Whole seconds left until `dueAt`, never below 0 (what the countdown shows). */
export const graceSecondsLeft = (dueAt: number, now: number) => Math.max(0, Math.ceil((dueAt - now) / 1000));
