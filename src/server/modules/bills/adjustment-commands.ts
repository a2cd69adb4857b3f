import { splitLine, type BillLine } from '../../../shared/bill-math';
import type { CancelRequest, CompRequest, ServiceChargeRequest, TicketDiscountRequest } from '../../../shared/bill-contract';
import type { Discount, LineStatus } from '../../../shared/ticket-contract';
import { ticketLines } from '../../db/schema';
import { HttpError } from '../../errors';
import type { CommandContext } from '../../lib/command';
import { assertBillHolds, type LineBillFields, type LineRow, lockOpenTicket, setLineFields, splitLineRow, TICKET_MESSAGES, touchTicket } from '../orders';
import { getRestaurantSettings } from '../settings';
import { assertMay } from './approval';
import { BILL_MESSAGES } from './bill-messages';

/*
 * İndirim, İkram, İptal and the service charge: adjustments on lines or the ticket, never edits of
 * a price (docs/decisions/0007-tickets-lines-and-batches.md). Each is one command: the ticket's version, the permission from Ayarlar (or
 * an owner's approval), the change, the bill checked again (a discount never makes it negative,
 * never below what was paid), and an audit row with who, why and the approver.
 */

/** A line of this ticket, locked; 404 for another ticket's or restaurant's. */
async function lockLine(c: CommandContext, ticketId: string, lineId: string): Promise<LineRow> {
  const line = await c.lockOwned(ticketLines, lineId, TICKET_MESSAGES.lineNotFound);
  if (line.ticketId !== ticketId) throw new HttpError(404, TICKET_MESSAGES.lineNotFound);
  return line;
}

/** A line that can still be adjusted: not cancelled, not paid. */
function assertAdjustable(line: LineRow) {
  if (line.status === 'cancelled') throw new HttpError(409, BILL_MESSAGES.lineCancelled);
  if (line.paymentId) throw new HttpError(409, BILL_MESSAGES.linePaid);
}

const asBillLine = (l: LineRow): BillLine & { row: LineRow } => ({
  row: l,
  unitPrice: l.unitPriceKurus,
  quantity: l.quantity,
  status: l.status as LineStatus,
  isComp: l.isComp,
  discount: (l.discount ?? null) as Discount | null,
  vatRate: l.vatRate,
});

/**
 * Applies `set` to `quantity` units of the line: the whole line, or part of its quantity taken off
 * as a new line (same snapshot, batch and place on the ticket; an amount discount shared between
 * the two). Answers the id of the line that got `set`.
 */
export async function splitOff(c: CommandContext, line: LineRow, quantity: number | undefined, set: LineBillFields): Promise<string> {
  if (quantity === undefined || quantity === line.quantity) {
    await setLineFields(c, line.id, set);
    return line.id;
  }
  if (quantity > line.quantity) throw new HttpError(409, BILL_MESSAGES.quantityOver(line.name, line.quantity));
  const [kept, part] = splitLine(asBillLine(line), quantity);
  return splitLineRow(c, line, { quantity: kept.quantity, discount: kept.discount as LineRow['discount'] }, { quantity: part.quantity, discount: part.discount as LineRow['discount'] }, set);
}

export async function setTicketDiscount(c: CommandContext, ticketId: string, req: TicketDiscountRequest, approverId: string | null) {
  const ticket = await lockOpenTicket(c, ticketId, req.version);
  const approver = await assertMay(c, 'discount', approverId);
  await touchTicket(c, ticket.id, { discount: req.discount });
  const { bill } = await assertBillHolds(c, ticket.id, 400);
  await c.audit({
    action: 'ticket.discount',
    entity: 'ticket',
    entityId: ticket.id,
    before: { discount: ticket.discount },
    // what a percent came to at that moment, in kuruş: İstisnalar shows every discount's amount
    after: { discount: req.discount, amount: req.discount ? bill.ticketDiscount : 0 },
    reason: req.discount?.label || null,
    approverUserId: approver,
  });
}

export async function setLineDiscount(c: CommandContext, ticketId: string, lineId: string, req: TicketDiscountRequest, approverId: string | null) {
  const ticket = await lockOpenTicket(c, ticketId, req.version);
  const approver = await assertMay(c, 'discount', approverId);
  const line = await lockLine(c, ticket.id, lineId);
  assertAdjustable(line);
  if (line.isComp) throw new HttpError(409, BILL_MESSAGES.compLine);
  await setLineFields(c, line.id, { discount: req.discount });
  await touchTicket(c, ticket.id);
  await assertBillHolds(c, ticket.id, 400);
  await c.audit({
    action: 'ticket.line.discount',
    entity: 'ticket',
    entityId: ticket.id,
    before: { lineId: line.id, name: line.name, discount: line.discount },
    after: { lineId: line.id, name: line.name, discount: req.discount },
    reason: req.discount?.label || null,
    approverUserId: approver,
  });
}

/** İkram on a line (or part of it), or taking it back. */
export async function compLine(c: CommandContext, ticketId: string, lineId: string, req: CompRequest, approverId: string | null) {
  const ticket = await lockOpenTicket(c, ticketId, req.version);
  const approver = await assertMay(c, 'comp', approverId);
  const line = await lockLine(c, ticket.id, lineId);
  assertAdjustable(line);
  let compedId = line.id;
  if (req.isComp) {
    if (line.isComp) throw new HttpError(409, BILL_MESSAGES.alreadyComp);
    compedId = await splitOff(c, line, req.quantity, { isComp: true, compReason: req.reason ?? null, discount: null });
  } else {
    if (!line.isComp) throw new HttpError(409, BILL_MESSAGES.notComp);
    await setLineFields(c, line.id, { isComp: false, compReason: null });
  }
  await touchTicket(c, ticket.id);
  await assertBillHolds(c, ticket.id);
  await c.audit({
    action: req.isComp ? 'ticket.line.comp' : 'ticket.line.uncomp',
    entity: 'ticket',
    entityId: ticket.id,
    before: { lineId: line.id, name: line.name, quantity: line.quantity, isComp: line.isComp },
    after: { lineId: compedId, name: line.name, quantity: req.quantity ?? line.quantity, isComp: req.isComp },
    reason: req.isComp ? (req.reason ?? null) : line.compReason,
    approverUserId: approver,
  });
}

/**
 * İptal of a sent line, or part of its quantity. A pending line is simply deleted (DELETE line).
 * The kitchen card shows the cancelled line struck through at once (a 'kitchen' event).
 */
export async function cancelLine(c: CommandContext, ticketId: string, lineId: string, req: CancelRequest, approverId: string | null) {
  const ticket = await lockOpenTicket(c, ticketId, req.version);
  const approver = await assertMay(c, 'cancel', approverId);
  const line = await lockLine(c, ticket.id, lineId);
  assertAdjustable(line);
  if (line.status === 'pending') throw new HttpError(409, BILL_MESSAGES.pendingCancel);
  const cancelledId = await splitOff(c, line, req.quantity, { status: 'cancelled', cancelledAt: new Date(), cancelReason: req.reason });
  await touchTicket(c, ticket.id);
  await assertBillHolds(c, ticket.id);
  await c.audit({
    action: 'ticket.line.cancel',
    entity: 'ticket',
    entityId: ticket.id,
    before: { lineId: line.id, name: line.name, quantity: line.quantity, status: line.status },
    after: { lineId: cancelledId, name: line.name, quantity: req.quantity ?? line.quantity, status: 'cancelled' },
    reason: req.reason,
    approverUserId: approver,
  });
  c.emit('kitchen', ticket.id);
}

/** Removes the service charge (0) or restores Ayarlar's percent; counts as a discount for permissions. */
export async function setServiceCharge(c: CommandContext, ticketId: string, req: ServiceChargeRequest, approverId: string | null) {
  const ticket = await lockOpenTicket(c, ticketId, req.version);
  const configured = (await getRestaurantSettings(c.tx, c.restaurantId)).value.serviceChargePercent;
  if (req.percent !== 0 && req.percent !== configured && req.percent !== ticket.serviceChargePercent) {
    throw new HttpError(400, BILL_MESSAGES.serviceCharge(configured));
  }
  const approver = req.percent < ticket.serviceChargePercent ? await assertMay(c, 'discount', approverId) : approverId;
  await touchTicket(c, ticket.id, { serviceChargePercent: req.percent });
  await assertBillHolds(c, ticket.id);
  await c.audit({
    action: 'ticket.service_charge',
    entity: 'ticket',
    entityId: ticket.id,
    before: { percent: ticket.serviceChargePercent },
    after: { percent: req.percent },
    approverUserId: approver,
  });
}
