import type { CommandHooks } from './lib/command';
import { commandAudit } from './modules/audit-chain';
import { followPlatformOrders } from './modules/online-orders';

/**
 * What the modules add to every command of the write pipeline (lib/command.ts), one set per app or
 * tool: the audit chain writes the command's audit rows, and the delivery platforms hear what their
 * accepted orders went through. The pipeline itself knows none of them.
 */
export const commandHooks = (): CommandHooks => ({
  audit: commandAudit(),
  beforeCommit: [followPlatformOrders],
});
