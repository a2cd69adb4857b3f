import type { EventHub } from '../events';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { NetworkPrinters } from '../../../shared/printer-settings';
import { PRINTING_MESSAGES, type PrintFailure } from '../../../shared/printing-contract';
import { receiptFromTicket, receiptHeader } from '../../../shared/receipt';
import { TICKET_TYPE_LABELS, type Ticket } from '../../../shared/ticket-contract';
import type { Db } from '../../db/client';
import { kitchenBatches } from '../../db/schema';
import { HttpError } from '../../errors';
import { readTicket } from '../orders';
import { getPrinterSettings, getRestaurantSettings } from '../settings';
import { billBytes, kitchenBytes } from './escpos';
import { PrinterUnreachable, sendToPrinter } from './network-printer';
import { ANY_PRINTER_NETWORK, PrinterAddressRefused, refusedPrinterFields, resolveAll, type PrinterNetworks, type Resolve } from './printer-networks';
import { readAll } from '../../lib/read-all';

export interface PrintingOptions {
  /** per attempt (connect + hand over the bytes) */
  timeoutMs?: number;
  /** a kitchen slip that failed on send is tried once more after this long */
  retryDelayMs?: number;
  /** PRINTER_NETWORKS: where printing may connect; any address (a restaurant's own PC) by default */
  networks?: PrinterNetworks;
  /** host name → addresses; tests answer for names no DNS knows */
  resolve?: Resolve;
}

/**
 * Runs `work` once every earlier work queued under `key` has finished: one at a time per key, in the
 * order they were queued. Its result (or error) is the caller's; the next one runs either way.
 */
export function inTurn<T>(turns: Map<string, Promise<unknown>>, key: string, work: () => Promise<T>): Promise<T> {
  const run = (turns.get(key) ?? Promise.resolve()).then(work);
  const done = run.then(
    () => undefined,
    () => undefined,
  );
  turns.set(key, done);
  void done.then(() => turns.get(key) === done && turns.delete(key));
  return run;
}

/** Failures kept per restaurant; older ones drop off the list. */
const FAILURES_KEPT = 50;

const whereOf = (t: Pick<Ticket, 'type' | 'tableName' | 'customer'>) =>
  t.type === 'table' ? (t.tableName ?? '') : `${TICKET_TYPE_LABELS[t.type]}${t.customer?.name ? ` (${t.customer.name})` : ''}`;

/**
 * Prints on the restaurant's network printers. Bills are printed on request and a failure is the
 * caller's answer (503); kitchen slips print on their own after Mutfağa Gönder, so a failure is
 * kept (per restaurant, in memory), logged, and retried once later.
 *
 * Which addresses it connects to is the installation's choice (PRINTER_NETWORKS, printer-networks.ts):
 * any on a restaurant's own PC; on a server shared by restaurants none, or only the listed networks.
 * A refused address is refused before connecting — on save (400 on the field), on a bill (409), on
 * a kitchen slip (a failure without a retry) — so the answer never tells an open port from a closed
 * one; an allowed one that does not take the bytes reads "Yazıcıya ulaşılamadı: adres:port" only.
 */
export class Printing {
  private readonly failures = new Map<string, PrintFailure[]>();
  private readonly running = new Set<Promise<unknown>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly stationPrinters = new Map<string, boolean>();
  /** per restaurant: how often its printer settings changed since this process started watching */
  private readonly printerChanges = new Map<string, number>();
  /**
   * Per restaurant: its slips are made in the order their sends committed. Per printer (host:port):
   * one job at a time, in that order, so an addition never comes out before the order it adds to and
   * a printer that takes one connection at a time is never refused by our own second one. (Per
   * process: two servers printing to one printer keep each their own order.)
   */
  private readonly slipTurns = new Map<string, Promise<unknown>>();
  private readonly printerTurns = new Map<string, Promise<unknown>>();
  private readonly timeoutMs: number;
  private readonly retryDelayMs: number;
  private readonly networks: PrinterNetworks;
  private readonly resolve: Resolve;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    /** tells the owner's screens at once: a failed slip is never silent */
    private readonly hub: EventHub,
    options: PrintingOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 3000;
    this.retryDelayMs = options.retryDelayMs ?? 30_000;
    this.networks = options.networks ?? ANY_PRINTER_NETWORK;
    this.resolve = options.resolve ?? resolveAll;
  }

  /** Hands the bytes to the printer after its earlier jobs. */
  private send(target: { host: string; port: number }, bytes: Uint8Array) {
    return inTurn(this.printerTurns, `${target.host}:${target.port}`, () =>
      sendToPrinter(target, bytes, { timeoutMs: this.timeoutMs, networks: this.networks, resolve: this.resolve }),
    );
  }

  /** Before a save: 400 with the refusal on each printer's address field this installation would not print to. */
  async assertPrintable(printers: NetworkPrinters) {
    const fields = await refusedPrinterFields(this.networks, printers, this.resolve);
    const [first] = Object.values(fields);
    if (first) throw new HttpError(400, first, { fields });
  }

  private async layout(restaurantId: string) {
    const [printer, general] = await readAll(this.db, [() => getPrinterSettings(this.db, restaurantId), () => getRestaurantSettings(this.db, restaurantId)]);
    return { printer: printer.value, general: general.value, opts: { paperWidth: printer.value.paperWidth, timeZone: general.value.timeZone } };
  }

  /** The ticket's bill on the bill printer; 409 without one, 503 when it does not take the bytes. */
  async printBill(restaurantId: string, ticketId: string) {
    const ticket = await readTicket(this.db, restaurantId, ticketId);
    const { printer, general, opts } = await this.layout(restaurantId);
    const target = printer.networkPrinters.bill;
    if (!target) throw new HttpError(409, PRINTING_MESSAGES.noBillPrinter);
    const { name, address, phone, taxLine } = receiptHeader(printer, general.profile);
    const bytes = billBytes(
      receiptFromTicket(ticket, ticket.closedAt ? new Date(ticket.closedAt) : new Date()),
      {
        name,
        address,
        phone,
        taxLine,
        footer: printer.footerText,
      },
      opts,
    );
    try {
      await this.send(target, bytes);
    } catch (err) {
      if (err instanceof PrinterAddressRefused) throw new HttpError(409, err.message);
      this.log.warn({ err, host: target.host, port: target.port }, 'bill printer unreachable');
      throw new HttpError(503, PRINTING_MESSAGES.unreachable(target.host, target.port));
    }
    return { printed: true as const, host: target.host, port: target.port };
  }

  /**
   * After a committed Mutfağa Gönder: each station of the batch that has a printer gets its own
   * lines. Never throws and is not awaited by the send; `settled()` waits for it (tests, shutdown).
   */
  kitchenBatch(restaurantId: string, ticketId: string, batchId: string) {
    this.track(
      inTurn(this.slipTurns, restaurantId, () => this.printBatch(restaurantId, ticketId, batchId)).catch((err: unknown) =>
        this.log.error({ err, restaurantId, batchId }, 'kitchen printing failed'),
      ),
    );
  }

  /**
   * Whether the restaurant has a station printer, remembered until its printer settings change (the
   * 'settings.printer' event), so that a send in a kitchen without one costs no read at all.
   */
  private async hasStationPrinters(restaurantId: string) {
    const known = this.stationPrinters.get(restaurantId);
    if (known !== undefined) return known;
    if (!this.printerChanges.has(restaurantId)) {
      this.printerChanges.set(restaurantId, 0);
      this.hub.subscribe(restaurantId, (e) => {
        if (e.type !== 'settings.printer') return;
        this.stationPrinters.delete(restaurantId);
        this.printerChanges.set(restaurantId, (this.printerChanges.get(restaurantId) ?? 0) + 1);
      });
    }
    const changes = this.printerChanges.get(restaurantId);
    const has = (await getPrinterSettings(this.db, restaurantId)).value.networkPrinters.stations.length > 0;
    // a change committed during the read may have made it stale: then it is read again next time
    if (this.printerChanges.get(restaurantId) === changes) this.stationPrinters.set(restaurantId, has);
    return has;
  }

  /**
   * A held course was fired ("Ana yemek başlat", committed): its lines print again at their
   * stations as "<COURSE> BAŞLADI", since a kitchen working from paper never sees the screen's fire.
   */
  courseFired(restaurantId: string, ticketId: string, course: string, lineIds: readonly string[]) {
    this.track(
      inTurn(this.slipTurns, restaurantId, () => this.printFired(restaurantId, ticketId, course, lineIds)).catch((err: unknown) =>
        this.log.error({ err, restaurantId, ticketId }, 'kitchen printing failed'),
      ),
    );
  }

  private async printFired(restaurantId: string, ticketId: string, course: string, lineIds: readonly string[]) {
    if (!(await this.hasStationPrinters(restaurantId))) return;
    const ticket = await readTicket(this.db, restaurantId, ticketId);
    const fired = ticket.lines.filter((l) => lineIds.includes(l.id));
    await this.printSlips(restaurantId, ticket, fired, { sequence: 1, sentAt: new Date(), firedCourse: course });
  }

  private async printBatch(restaurantId: string, ticketId: string, batchId: string) {
    if (!(await this.hasStationPrinters(restaurantId))) return;
    const [ticket, [batch]] = await readAll(this.db, [
      () => readTicket(this.db, restaurantId, ticketId),
      () => this.db.select({ sequence: kitchenBatches.sequence, sentAt: kitchenBatches.sentAt }).from(kitchenBatches).where(eq(kitchenBatches.id, batchId)),
    ]);
    if (!batch) return;
    await this.printSlips(restaurantId, ticket, ticket.lines.filter((l) => l.batchId === batchId), batch);
  }

  /**
   * Each station printer gets its own lines; a failure is recorded for the owner and retried once.
   * Resolves once every slip is queued on its printer (not printed: the next send's slips need not
   * wait for a silent printer of another station).
   */
  private async printSlips(restaurantId: string, ticket: Ticket, inSlip: Ticket['lines'], slip: { sequence: number; sentAt: Date; firedCourse?: string }) {
    const ticketId = ticket.id;
    const { printer, opts } = await this.layout(restaurantId);
    const stations = printer.networkPrinters.stations;
    // each slip's send is queued on its printer synchronously, before the first await of its callback
    this.track(Promise.all(
      stations.map(async (target) => {
        const lines = inSlip.filter((l) => l.station.toLocaleLowerCase('tr') === target.station.toLocaleLowerCase('tr'));
        if (lines.length === 0) return;
        const bytes = kitchenBytes({ station: target.station, ticket, ...slip, lines }, opts);
        try {
          await this.send(target, bytes);
        } catch (err) {
          const refused = err instanceof PrinterAddressRefused;
          this.log.warn({ err, host: target.host, port: target.port, station: target.station }, refused ? 'kitchen printer address refused' : 'kitchen printer unreachable; retrying later');
          const failure: PrintFailure = {
            id: randomUUID(),
            at: new Date().toISOString(),
            station: target.station,
            host: target.host,
            port: target.port,
            ticketId,
            ticketNumber: ticket.number,
            where: whereOf(ticket),
            error: err instanceof PrinterUnreachable || refused ? err.message : PRINTING_MESSAGES.unreachable(target.host, target.port),
            // a refused address stays refused: trying it again later would only be refused again
            retry: refused ? 'failed' : 'scheduled',
          };
          this.record(restaurantId, failure);
          if (!refused) this.retryLater(restaurantId, failure, target, bytes);
        }
      }),
    ));
  }

  private retryLater(restaurantId: string, failure: PrintFailure, target: { host: string; port: number }, bytes: Uint8Array) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.track(
        this.send(target, bytes).then(
          () => {
            failure.retry = 'printed';
            this.hub.publish(restaurantId, 'printing', failure.id);
          },
          (err: unknown) => {
            failure.retry = 'failed';
            this.log.error({ err, host: target.host, port: target.port, station: failure.station }, 'kitchen slip not printed after retry');
            this.hub.publish(restaurantId, 'printing', failure.id);
          },
        ),
      );
    }, this.retryDelayMs);
    timer.unref();
    this.timers.add(timer);
  }

  private record(restaurantId: string, failure: PrintFailure) {
    const list = [failure, ...(this.failures.get(restaurantId) ?? [])].slice(0, FAILURES_KEPT);
    this.failures.set(restaurantId, list);
    this.hub.publish(restaurantId, 'printing', failure.id);
  }

  private track(p: Promise<unknown>) {
    this.running.add(p);
    void p.finally(() => this.running.delete(p));
  }

  /** The restaurant's failed kitchen prints, newest first. */
  failuresOf(restaurantId: string): PrintFailure[] {
    return (this.failures.get(restaurantId) ?? []).map((f) => ({ ...f }));
  }

  /** Resolves once every print started so far (retries that are due included) has finished. */
  async settled() {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  /** Shutdown: pending retries are dropped (they are in the log and the failure list). */
  stop() {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
