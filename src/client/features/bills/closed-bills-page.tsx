import { Loaded } from '../../components/loaded';
import { DateField } from '../../components/date-field';
import { Alert, Button, Group, Loader, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { BillSummary } from '../../../shared/bill-contract';
import { formatTL } from '../../../shared/domain/money';
import { lineOptionsText } from '../../components/line-options';
import { paymentLabel } from '../../../shared/receipt';
import { TICKET_TYPE_LABELS } from '../../../shared/ticket-contract';
import { PAYMENT_METHOD_LABELS } from '../../../shared/domain/payment-methods';
import { messageFor } from '../../api/field-errors';
import { dayPreviewQuery, useBusinessCalendar } from '../reports/api';
import { queryKeys } from '../../api/query-keys';
import { useGeneralSettings } from '../settings/api';
import { BillModal } from './bill-dialogs';
import { formatDateTime, trDay } from '../../../shared/domain/calendar';
import { lineMarks } from './bill-logic';
import { PRINT_BLOCKED, billLayout, printBill } from './bill-print';
import { reopenBill } from './api/bill-actions';
import { RefundDialog } from './refund-dialog';
import { usePrinterSettings } from '../printing/api';
import classes from './bills.module.css';
import { useBillDetail, useClosedBills } from './api/bill-hooks';

/** The flags of a closed bill, in words. */
export function billFlags(b: Pick<BillSummary, 'hasDiscount' | 'hasComp' | 'hasCancel' | 'wasReopened'>): string[] {
  return [b.hasDiscount && 'İndirim', b.hasComp && 'İkram', b.hasCancel && 'İptal', b.wasReopened && 'Yeniden açıldı'].filter((f): f is string => Boolean(f));
}

/** Kapalı Hesaplar (owner): a business day (today by default) or a range, or one bill by number; each bill in full. */
export default function ClosedBillsPage() {
  const { timeZone: tz, today } = useBusinessCalendar();
  // After today's Gün Sonu, bills closing now belong to the next business day (the open one): the
  // default list shows them too and the date fields reach that day.
  const openDay = useQuery({ ...dayPreviewQuery(), select: (d) => d.businessDay }).data;
  const lastDay = openDay && openDay > today ? openDay : today;
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [number, setNumber] = useState('');
  const [query, setQuery] = useState<{ from?: string; to?: string; number?: number }>({});
  const [selected, setSelected] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const bills = useClosedBills(query);

  const apply = () => {
    setFormError(null);
    const n = number.trim();
    if (n) {
      if (!/^\d+$/.test(n) || Number(n) < 1) return setFormError('Hesap numarası pozitif bir tam sayı olmalı');
      return setQuery({ number: Number(n) });
    }
    if (from && to && from > to) return setFormError('Başlangıç tarihi bitişten sonra olamaz');
    setQuery({ ...(from ? { from } : {}), ...(to || from ? { to: to || from } : {}) });
  };
  const total = (bills.data ?? []).reduce((s, b) => s + b.total, 0);

  return (
    <Stack gap="md" maw={1100}>
      <Title order={2}>Kapalı Hesaplar</Title>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        <Group align="flex-end" gap="sm" wrap="wrap">
          <DateField label="Başlangıç" value={from} max={lastDay} onChange={setFrom} />
          <DateField label="Bitiş" value={to} max={lastDay} onChange={setTo} />
          <TextInput label="Hesap No" inputMode="numeric" value={number} onChange={(e) => setNumber(e.currentTarget.value)} error={formError ?? undefined} />
          <Button type="submit">Listele</Button>
          <Button
            variant="default"
            onClick={() => {
              setFrom('');
              setTo('');
              setNumber('');
              setFormError(null);
              setQuery({});
            }}
          >
            Bugün
          </Button>
        </Group>
      </form>
      <Text size="sm">
        {query.number
          ? `Hesap No ${query.number}`
          : query.from
            ? `${trDay(query.from)}${query.to && query.to !== query.from ? ` – ${trDay(query.to)}` : ''} iş günleri`
            : `Bugünün iş günü (${trDay(today)})${lastDay > today ? ` ve gün sonundan sonra kapananlar (${trDay(lastDay)})` : ''}`}
        {bills.data && ` · ${bills.data.length} hesap · ${formatTL(total)}`}
      </Text>
      <Loaded query={bills}>
        {(data) =>
          data.length === 0 ? (
        <Text>Bu aralıkta kapalı hesap yok.</Text>
      ) : (
        <ul className={classes.lines} aria-label="Kapalı hesaplar">
          {data.map((b) => (
            <li key={b.id}>
              <button type="button" className={classes.billRow} onClick={() => setSelected(b.id)} data-testid="closed-bill">
                <strong>
                  Hesap No {b.billNumber} · {b.type === 'table' ? (b.tableName ?? 'Masa') : TICKET_TYPE_LABELS[b.type]}
                </strong>
                <strong>{formatTL(b.total)}</strong>
                <span className={classes.lineSub}>
                  {b.waiterName ? `Garson: ${b.waiterName} · ` : ''}Açılış {formatDateTime(b.openedAt, tz)} · Kapanış {formatDateTime(b.closedAt, tz)}
                </span>
                <span className={classes.lineSub}>{b.paymentMethods.map((m) => PAYMENT_METHOD_LABELS[m]).join(', ')}</span>
                {billFlags(b).length > 0 && (
                  <span style={{ gridColumn: '1 / -1' }}>
                    {billFlags(b).map((f) => (
                      <span key={f} className={classes.mark}>
                        {f}
                      </span>
                    ))}
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )
        }
      </Loaded>
      <BillDetailDialog billId={selected} onClose={() => setSelected(null)} timeZone={tz} />
    </Stack>
  );
}

function BillDetailDialog({ billId, onClose, timeZone }: { billId: string | null; onClose(): void; timeZone: string }) {
  const detail = useBillDetail(billId);
  const printer = usePrinterSettings();
  const settings = useGeneralSettings((s) => s).data;
  const queryClient = useQueryClient();
  const [reopening, setReopening] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const d = detail.data;
  const close = () => {
    setReopening(false);
    setReason('');
    setReasonError(null);
    setError(null);
    setNotice(null);
    onClose();
  };

  const reopen = async () => {
    if (!billId) return;
    if (!reason.trim()) return setReasonError('Yeniden açma nedeni gerekli');
    try {
      await reopenBill(billId, reason.trim());
      void queryClient.invalidateQueries({ queryKey: queryKeys.bills() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.floor() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.tickets() });
      setReopening(false);
      setNotice('Hesap yeniden açıldı; Açık Masalar’da düzenlenebilir.');
    } catch (err) {
      setError(messageFor(err));
    }
  };

  return (
    <BillModal opened={billId !== null} onClose={close} title={d ? `Hesap No ${d.ticket.billNumber ?? ''}` : 'Hesap'}>
      {detail.isPending ? (
        <Loader role="status" aria-label="Yükleniyor..." />
      ) : detail.isError || !d ? (
        <Alert color="red" role="alert">
          {detail.error?.message ?? 'Hesap bulunamadı'}
        </Alert>
      ) : (
        <Stack gap="sm" data-testid="bill-detail">
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          {notice && (
            <Alert color="green" role="status">
              {notice}
            </Alert>
          )}
          <Text size="sm">
            {d.ticket.type === 'table' ? (d.ticket.tableName ?? 'Masa') : TICKET_TYPE_LABELS[d.ticket.type]} · Adisyon #{d.ticket.number}
            {d.ticket.waiterName ? ` · Garson: ${d.ticket.waiterName}` : ''}
            {d.closedByName ? ` · Kapatan: ${d.closedByName}` : ''}
          </Text>
          <Text size="sm">
            Açılış {formatDateTime(d.ticket.openedAt, timeZone)}
            {d.ticket.closedAt ? ` · Kapanış ${formatDateTime(d.ticket.closedAt, timeZone)}` : ' · Şu an açık'}
          </Text>
          <Title order={3} size="h5">
            Satırlar
          </Title>
          <ul className={classes.lines}>
            {d.ticket.lines.map((l) => (
              <li key={l.id} className={classes.line} data-cancelled={l.status === 'cancelled'}>
                <div className={classes.lineTop}>
                  <span>{l.quantity}×</span>
                  <span className={classes.lineName}>{l.name}</span>
                  <span>{formatTL(l.due)}</span>
                </div>
                {l.options.length > 0 && <div className={classes.lineSub}>{lineOptionsText(l.options)}</div>}
                {lineMarks(l).map((m) => (
                  <span key={m} className={classes.mark}>
                    {m}
                  </span>
                ))}
              </li>
            ))}
          </ul>
          <dl className={classes.totals}>
            <dt>Ara Toplam</dt>
            <dd>{formatTL(d.ticket.totals.subtotal)}</dd>
            <dt>İkram</dt>
            <dd>{d.ticket.totals.comps > 0 ? `−${formatTL(d.ticket.totals.comps)}` : formatTL(0)}</dd>
            <dt>İndirim</dt>
            <dd>{d.ticket.totals.discounts > 0 ? `−${formatTL(d.ticket.totals.discounts)}` : formatTL(0)}</dd>
            <dt>İptal (ücretlendirilmedi)</dt>
            <dd>{formatTL(d.ticket.totals.cancelled)}</dd>
            <dt>Servis Ücreti</dt>
            <dd>{formatTL(d.ticket.totals.serviceCharge)}</dd>
            {d.ticket.totals.vatByRate.map((v) => (
              <Row key={v.rate} label={`KDV %${v.rate} (dahil)`} value={formatTL(v.vat)} />
            ))}
            <dt className={classes.grand}>TOPLAM</dt>
            <dd className={classes.grand}>{formatTL(d.ticket.totals.total)}</dd>
          </dl>
          <Title order={3} size="h5">
            Ödemeler
          </Title>
          <ul className={classes.lines} aria-label="Ödemeler">
            {d.payments.map((p) => (
              <li key={p.id} className={classes.line}>
                <div className={classes.lineTop}>
                  <span>✓</span>
                  <span>
                    {paymentLabel(p)}
                    {p.takenByName ? ` · ${p.takenByName}` : ''}
                  </span>
                  <span>{formatTL(p.amount)}</span>
                </div>
                <div className={classes.lineSub}>
                  {formatDateTime(p.createdAt, timeZone)}
                  {p.change > 0 ? ` · Para üstü ${formatTL(p.change)}` : ''}
                  {p.tip > 0 ? ` · Bahşiş ${formatTL(p.tip)}` : ''}
                </div>
              </li>
            ))}
          </ul>
          <Title order={3} size="h5">
            Geçmiş
          </Title>
          <ol className={classes.lines} aria-label="Hesap geçmişi">
            {d.adjustments.map((a, i) => (
              <li key={i} className={classes.line} data-testid="bill-history">
                <strong>{a.label}</strong> · {formatDateTime(a.at, timeZone)}
                <div className={classes.lineSub}>
                  {a.actorName ? `Yapan: ${a.actorName}` : ''}
                  {a.approverName ? ` · Onaylayan: ${a.approverName}` : ''}
                  {a.reason ? ` · Neden: ${a.reason}` : ''}
                </div>
              </li>
            ))}
          </ol>
          <Group gap="sm">
            <Button
              variant="default"
              onClick={() => {
                if (!printer.data) return setError('Yazıcı ayarları yüklenemedi; biraz sonra tekrar deneyin.');
                if (!printBill(d.ticket, billLayout(printer.data, settings))) setError(PRINT_BLOCKED);
              }}
            >
              🖨️ Yeniden Yazdır
            </Button>
            {d.ticket.status === 'closed' && !reopening && (
              <Button variant="light" color="red" onClick={() => setReopening(true)}>
                Yeniden Aç
              </Button>
            )}
            {/* İade (issue 23): the correction of a bill whose day is closed; the bill itself stays */}
            {d.ticket.status === 'closed' && (
              <Button variant="light" onClick={() => setRefunding(true)}>
                İade
              </Button>
            )}
          </Group>
          {d.ticket.status === 'closed' && <RefundDialog ticket={d.ticket} opened={refunding} onClose={() => setRefunding(false)} />}
          {reopening && (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                void reopen();
              }}
            >
              <Stack gap="xs">
                <Textarea
                  label="Yeniden açma nedeni"
                  maxLength={200}
                  value={reason}
                  onChange={(e) => (setReasonError(null), setReason(e.currentTarget.value))}
                  error={reasonError ?? undefined}
                />
                <Button type="submit" color="red">
                  Hesabı Yeniden Aç
                </Button>
              </Stack>
            </form>
          )}
        </Stack>
      )}
    </BillModal>
  );
}

const Row = ({ label, value }: { label: string; value: string }) => (
  <>
    <dt>{label}</dt>
    <dd>{value}</dd>
  </>
);
