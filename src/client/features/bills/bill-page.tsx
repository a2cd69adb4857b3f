import { Alert, Button, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { Approval } from '../../../shared/bill-contract';
import { formatTL } from '../../../shared/domain/money';
import { lineOptionsText } from '../../components/line-options';
import { paymentLabel } from '../../../shared/receipt';
import { type Ticket, type TicketLine } from '../../../shared/ticket-contract';
import { PAYMENT_METHOD_LABELS } from '../../../shared/domain/payment-methods';
import { messageFor } from '../../api/field-errors';
import { BILL_INCOMPLETE, useQueuedCount } from '../../api/offline-queue';
import { useGeneralSettings } from '../settings/api';
import { getUserSession } from '../../api/session';
import { useScreenTitle } from '../../components/page-title';
import { ApprovalDialog, DiscountDialog, ReasonDialog } from './bill-dialogs';
import { billWhere, canAdjust, lineMarks, reasonsFor } from './bill-logic';
import { PaymentPanel } from './payment-panel';
import { PRINT_BLOCKED, billLayout, printBill } from './bill-print';
import { sendBillToPrinter, useBillActions, type GuardedWrite } from './api/bill-actions';
import { usePrinterSettings } from '../printing/api';
import classes from './bills.module.css';
import { useBillTicket } from './api/bill-hooks';

const ordersPath = () => `/${getUserSession()?.role ?? 'waiter'}/orders`;

type LineDialog = { kind: 'comp' | 'cancel' | 'discount'; lineId: string } | null;

/**
 * Hesap: the bill of one adisyon exactly as the server computed it, its İndirim / İkram / İptal,
 * the service charge, payments (several, split equally, by amount or by lines) and Hesabı Kapat.
 */
export default function BillPage() {
  const { ticketId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const ticket = useBillTicket(ticketId);
  const actions = useBillActions(ticketId);
  const settings = useGeneralSettings((s) => s);
  const printer = usePrinterSettings();
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  /** the last payment taken, shown by the payment panel where the cashier is looking (para üstü above all) */
  const [paidNotice, setPaidNotice] = useState<string | null>(null);
  const [ticketDiscountOpen, setTicketDiscountOpen] = useState(false);
  const [lineDialog, setLineDialog] = useState<LineDialog>(null);
  const [approval, setApproval] = useState<{ write: GuardedWrite; message: string } | null>(null);
  const [networkPrint, setNetworkPrint] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  // dishes taken while the connection was down wait in this device's queue: the bill below lacks them
  const queued = useQueuedCount(ticketId);

  // The adisyon's line menu opens a line's İkram / İndirim / İptal here: ?satir=<id>&islem=ikram|indirim|iptal
  useEffect(() => {
    const lineId = search.get('satir');
    const action = search.get('islem');
    if (!lineId || !action) return;
    const kind = action === 'ikram' ? 'comp' : action === 'iptal' ? 'cancel' : action === 'indirim' ? 'discount' : null;
    if (kind) setLineDialog({ kind, lineId });
    setSearch({}, { replace: true });
  }, [search, setSearch]);

  const t = ticket.data;
  useScreenTitle(t ? `Hesap · ${billWhere(t)}` : 'Hesap');
  if (ticket.isPending) return <Loader role="status" aria-label="Yükleniyor..." />;
  if (ticket.isError || !t) {
    return (
      <Stack>
        <Title order={2}>Hesap</Title>
        <Alert color="red" role="alert">
          {ticket.error?.message ?? 'Adisyon bulunamadı.'}
        </Alert>
        <Button component={Link} to={ordersPath()} variant="default" style={{ alignSelf: 'flex-start' }}>
          ← Masalar
        </Button>
      </Stack>
    );
  }

  const isOpen = t.status === 'open';

  /** A guarded write; a missing right opens Yönetici onayı. Returns the message to show in the dialog, or null. */
  const guard = async (write: GuardedWrite, approvalGiven?: Approval): Promise<string | null> => {
    const out = await actions.guarded(write, approvalGiven);
    if (out.ok) return (setError(null), null);
    if (out.refusal.needsApproval && !approvalGiven) {
      setApproval({ write, message: out.refusal.message });
      return null;
    }
    return out.refusal.message;
  };

  // The bill is laid out from Yazıcı Ayarları and headed by the restaurant's own name: the button
  // waits for both (a tap before they arrived printed nothing and said they could not be read).
  const printPending = printer.isPending || settings.isPending;
  const print = () => {
    if (!printer.data || !settings.data) return setError('Yazıcı ayarları yüklenemedi; biraz sonra tekrar deneyin.');
    if (!printBill(t, billLayout(printer.data, settings.data))) setError(PRINT_BLOCKED);
  };

  const billPrinter = printer.data?.networkPrinters?.bill ?? null;
  /** Yazıcıya Gönder: a failure stays on screen with Tekrar Dene until it prints or is dismissed. */
  const sendToPrinter = async () => {
    setNetworkPrint({ busy: true, error: null });
    try {
      const out = await sendBillToPrinter(t.id);
      setNetworkPrint({ busy: false, error: null });
      setNotice(`Hesap yazıcıya gönderildi (${out.host}:${out.port}).`);
    } catch (err) {
      setNetworkPrint({ busy: false, error: messageFor(err) });
    }
  };

  const close = async () => {
    const out = await actions.close();
    if (!out.ok) return setError(out.refusal.message);
    navigate(ordersPath(), { state: { closedBill: { billNumber: out.value.billNumber, ticketId: t.id, change: out.value.change } } });
  };

  const line = lineDialog ? (t.lines.find((l) => l.id === lineDialog.lineId) ?? null) : null;
  const serviceConfigured = settings.data?.serviceChargePercent ?? 0;

  return (
    <Stack gap="md">
      <div className={classes.header}>
        <Button component={Link} to={`${ordersPath()}/${encodeURIComponent(t.id)}`} variant="default" aria-label="Adisyona dön">
          ←
        </Button>
        <h2>
          Hesap · {billWhere(t)} · #{t.number}
        </h2>
        <Group gap="xs">
          <Button variant="default" onClick={print} loading={printPending} disabled={queued > 0} aria-describedby={queued > 0 ? 'print-blocked' : undefined} data-testid="print-bill">
            🖨️ Hesabı Yazdır
          </Button>
          {billPrinter && (
            <Button variant="default" onClick={() => void sendToPrinter()} loading={networkPrint.busy} data-testid="send-bill-to-printer">
              🧾 Yazıcıya Gönder
            </Button>
          )}
        </Group>
      </div>
      {queued > 0 && (
        <Alert color="orange" role="status" data-testid="bill-incomplete">
          <Text size="sm">{BILL_INCOMPLETE.queued(queued)}</Text>
          <Text size="sm" id="print-blocked">
            {BILL_INCOMPLETE.print}
          </Text>
        </Alert>
      )}
      {networkPrint.error && (
        <Alert color="red" role="alert" withCloseButton closeButtonLabel="Kapat" onClose={() => setNetworkPrint({ busy: false, error: null })}>
          <Group justify="space-between" gap="xs">
            <Text size="sm">{networkPrint.error}</Text>
            <Button size="sm" variant="light" color="red" loading={networkPrint.busy} onClick={() => void sendToPrinter()}>
              Tekrar Dene
            </Button>
          </Group>
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert" withCloseButton closeButtonLabel="Kapat" onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {notice && !error && (
        <Alert color="green" role="status" withCloseButton closeButtonLabel="Kapat" onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      {!isOpen && (
        <Alert color="yellow">
          Bu hesap kapandı{t.billNumber !== null ? ` · Hesap No: ${t.billNumber}` : ''}; değiştirilemez.
        </Alert>
      )}
      <div className={classes.grid}>
        <Stack gap="sm">
          <Title order={3} size="h4">
            Satırlar
          </Title>
          {t.lines.length === 0 ? (
            <Text>Adisyonda ürün yok.</Text>
          ) : (
            <ul className={classes.lines} aria-label="Hesap satırları">
              {t.lines.map((l) => (
                <BillLineRow key={l.id} line={l} editable={isOpen} onAction={(kind) => setLineDialog({ kind, lineId: l.id })} />
              ))}
            </ul>
          )}
          <BillTotals
            ticket={t}
            serviceConfigured={serviceConfigured}
            editable={isOpen}
            onServiceCharge={(on) => void guard({ kind: 'service-charge', percent: on ? serviceConfigured : 0 }).then((m) => m && setError(m))}
          />
          {isOpen && (
            <Group gap="xs">
              <Button variant="default" onClick={() => setTicketDiscountOpen(true)}>
                {t.discount ? 'Hesap İndirimini Değiştir' : 'Hesaba İndirim'}
              </Button>
            </Group>
          )}
          <PaymentsList ticket={t} />
        </Stack>
        {isOpen && (
          <Stack gap="sm" className={classes.payColumn}>
            <PaymentPanel
              ticket={t}
              methods={settings.data?.paymentMethods ?? ['cash', 'card']}
              brands={settings.data?.mealCardBrands ?? []}
              busy={actions.busy}
              onPay={async (payment) => {
                const out = await actions.pay(payment);
                if (!out.ok) return out.refusal;
                setError(null);
                setPaidNotice(
                  out.value.change > 0
                    ? `${PAYMENT_METHOD_LABELS[payment.method]} ödemesi alındı · Para üstü ${formatTL(out.value.change)}`
                    : `${PAYMENT_METHOD_LABELS[payment.method]} ödemesi alındı.`,
                );
                return null;
              }}
            />
            {paidNotice && (
              <Alert color="green" role="status" withCloseButton closeButtonLabel="Kapat" onClose={() => setPaidNotice(null)} data-testid="payment-notice">
                ✓ {paidNotice}
              </Alert>
            )}
            <Button
              size="lg"
              color="#1f6b30" // white on it is 6.5:1
              disabled={t.totals.remaining !== 0 || t.lines.length === 0 || actions.busy}
              onClick={() => void close()}
              data-testid="close-bill"
            >
              Hesabı Kapat
            </Button>
            {t.totals.remaining > 0 && <Text size="sm">Hesap tamamen ödenince kapatılabilir (kalan {formatTL(t.totals.remaining)}).</Text>}
          </Stack>
        )}
      </div>

      <DiscountDialog
        opened={ticketDiscountOpen}
        onClose={() => setTicketDiscountOpen(false)}
        title="Hesaba İndirim"
        current={t.discount}
        onSubmit={(discount) => guard({ kind: 'discount', discount })}
      />
      <DiscountDialog
        opened={lineDialog?.kind === 'discount' && line !== null}
        onClose={() => setLineDialog(null)}
        title={`Satır İndirimi: ${line?.name ?? ''}`}
        current={line?.discount ?? null}
        onSubmit={(discount) => guard({ kind: 'line-discount', lineId: lineDialog!.lineId, discount })}
      />
      <ReasonDialog
        opened={(lineDialog?.kind === 'comp' || lineDialog?.kind === 'cancel') && line !== null}
        onClose={() => setLineDialog(null)}
        kind={lineDialog?.kind === 'cancel' ? 'cancel' : 'comp'}
        line={line}
        reasons={reasonsFor(lineDialog?.kind === 'cancel' ? 'cancel' : 'comp', settings.data)}
        onSubmit={(reason, quantity) =>
          guard(
            lineDialog!.kind === 'cancel'
              ? { kind: 'cancel', lineId: lineDialog!.lineId, reason, quantity }
              : { kind: 'comp', lineId: lineDialog!.lineId, body: { isComp: true, reason, ...(quantity ? { quantity } : {}) } },
          )
        }
      />
      <ApprovalDialog
        opened={approval !== null}
        onClose={() => setApproval(null)}
        message={approval?.message ?? ''}
        onApprove={(given) => (approval ? guard(approval.write, given) : Promise.resolve(null))}
      />
    </Stack>
  );
}

function BillLineRow({ line: l, editable, onAction }: { line: TicketLine; editable: boolean; onAction(kind: 'comp' | 'cancel' | 'discount'): void }) {
  const marks = lineMarks(l);
  const cancelled = l.status === 'cancelled';
  return (
    <li className={classes.line} data-cancelled={cancelled} data-testid="bill-line">
      <div className={classes.lineTop}>
        <span>{l.quantity}×</span>
        <span className={classes.lineName}>{l.name}</span>
        <span>
          {l.due !== l.total && <s aria-label={`Liste fiyatı ${formatTL(l.total)}`}>{formatTL(l.total)}</s>} {formatTL(l.due)}
        </span>
      </div>
      {l.options.length > 0 && <div className={classes.lineSub}>{lineOptionsText(l.options)}</div>}
      {l.status === 'pending' && <div className={classes.lineSub}>Mutfağa gönderilmedi</div>}
      {marks.length > 0 && (
        <div>
          {marks.map((m) => (
            <span key={m} className={classes.mark}>
              {m}
            </span>
          ))}
        </div>
      )}
      {editable && canAdjust(l) && (
        <div className={classes.lineActions}>
          {!l.isComp && (
            <Button size="sm" variant="default" aria-label={`${l.name}: İkram`} onClick={() => onAction('comp')}>
              İkram
            </Button>
          )}
          {!l.isComp && (
            <Button size="sm" variant="default" aria-label={`${l.name}: İndirim`} onClick={() => onAction('discount')}>
              İndirim
            </Button>
          )}
          <Button size="sm" variant="light" color="red" aria-label={`${l.name}: İptal`} onClick={() => onAction('cancel')}>
            İptal
          </Button>
        </div>
      )}
    </li>
  );
}

function BillTotals({
  ticket: t,
  serviceConfigured,
  editable,
  onServiceCharge,
}: {
  ticket: Ticket;
  serviceConfigured: number;
  editable: boolean;
  onServiceCharge(on: boolean): void;
}) {
  const x = t.totals;
  const pct = (n: number) => `%${String(n).replace('.', ',')}`;
  return (
    <section aria-label="Hesap özeti">
      <dl className={classes.totals} data-testid="bill-totals">
        <dt>Ara Toplam</dt>
        <dd>{formatTL(x.subtotal)}</dd>
        {x.comps > 0 && (
          <>
            <dt>İkram</dt>
            <dd>-{formatTL(x.comps)}</dd>
          </>
        )}
        {x.discounts > 0 && (
          <>
            <dt>İndirim{t.discount ? ` (${t.discount.label || 'Hesap'})` : ''}</dt>
            <dd>-{formatTL(x.discounts)}</dd>
          </>
        )}
        {x.cancelled > 0 && (
          <>
            <dt>İptal (ücretlendirilmez)</dt>
            <dd>{formatTL(x.cancelled)}</dd>
          </>
        )}
        {(x.serviceCharge > 0 || x.serviceChargePercent > 0) && (
          <>
            <dt>Servis Ücreti ({pct(x.serviceChargePercent)})</dt>
            <dd>{formatTL(x.serviceCharge)}</dd>
          </>
        )}
        <dt className={classes.grand}>TOPLAM</dt>
        <dd className={classes.grand} data-testid="bill-total">
          {formatTL(x.total)}
        </dd>
        {x.vatByRate.map((v) => (
          <FragmentRow key={v.rate} label={`KDV ${pct(v.rate)} (dahil)`} value={formatTL(v.vat)} />
        ))}
        <dt>Ödenen</dt>
        <dd data-testid="bill-paid">{formatTL(x.paid)}</dd>
        <dt className={x.remaining > 0 ? classes.remaining : undefined}>Kalan</dt>
        <dd className={x.remaining > 0 ? classes.remaining : undefined} data-testid="bill-remaining">
          {formatTL(x.remaining)}
        </dd>
        {/* no summed Para Üstü here: each payment shows its own under Ödemeler (a reopened bill's
            earlier change went back at the earlier close, so a sum would overstate it) */}
        {x.tips > 0 && <FragmentRow label="Bahşiş (satışa dahil değil)" value={formatTL(x.tips)} />}
      </dl>
      {editable && (serviceConfigured > 0 || x.serviceChargePercent > 0) && (
        <Switch
          mt="sm"
          label={`Servis ücreti (${pct(serviceConfigured || x.serviceChargePercent)})`}
          checked={x.serviceChargePercent > 0}
          onChange={(e) => onServiceCharge(e.currentTarget.checked)}
        />
      )}
    </section>
  );
}

const FragmentRow = ({ label, value }: { label: string; value: string }) => (
  <>
    <dt>{label}</dt>
    <dd>{value}</dd>
  </>
);

function PaymentsList({ ticket: t }: { ticket: Ticket }) {
  if (t.payments.length === 0) return null;
  return (
    <section aria-label="Ödemeler">
      <Title order={3} size="h5">
        Ödemeler
      </Title>
      <ul className={classes.lines}>
        {t.payments.map((p) => (
          <li key={p.id} className={classes.line} data-testid="bill-payment">
            <div className={classes.lineTop}>
              <span>✓</span>
              <span>{paymentLabel(p)}</span>
              <span>{formatTL(p.amount)}</span>
            </div>
            {(p.change > 0 || p.tip > 0) && (
              <div className={classes.lineSub}>
                {p.change > 0 && `Para üstü ${formatTL(p.change)}`} {p.tip > 0 && `· Bahşiş ${formatTL(p.tip)}`}
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
