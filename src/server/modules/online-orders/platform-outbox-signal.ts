import { EventEmitter } from 'node:events';

/**
 * Rung after the commit of a command that queued a platform call (CommandContext.afterCommit):
 * every running outbox sends what is due now instead of at its next poll. A command need not know
 * which app's outbox reads its database; an outbox woken for another database finds nothing due.
 */
export const outboxSignal = new EventEmitter();
outboxSignal.setMaxListeners(0);

export const wakeOutbox = () => void outboxSignal.emit('due');
