import { Alert, Badge, Button, Checkbox, Group, Loader, NativeSelect, Paper, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { CASH_MOVEMENT_LABELS, differenceWord, type CashMovementKind, type DayCloseReport } from '../../../../shared/day-close-contract';
import { formatMoneyInput, formatTL, readTurkishMoney } from '../../../../shared/domain/money';
import { TICKET_TYPE_LABELS } from '../../../../shared/ticket-contract';
import { addCashMovement, closeDay, closedDaysQuery, dayPreviewQuery, dayReportQuery } from '../api/day-close';
import { fieldErrorsFrom, messageFor } from '../../../api/field-errors';
import { newIdempotencyKey } from '../../../api/idempotency-key';
import { queryKeys } from '../../../api/query-keys';
import { Modal } from '../../../components/modal';
import { CashCountHelper } from './cash-count-helper';
import { differenceText } from './day-print';
import { DayPrintButtons, DayReportView, MoneyRow } from './day-report-view';
import { ErrorNotice } from '../../../components/error-notice';

const dayText = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
const timeText = (iso: string) => new Intl.DateTimeFormat('tr-TR', { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

/**
 * Gün Sonu (the Satış Raporları screen's tab): step 1 the adisyons still open (close them, or carry
 * them to the next day), step 2 the cash count (opening float, cash sales, Kasa girişi / çıkışı,
 * expected, counted with a note-and-coin helper, the difference in TL with its sign and a word),
 * a confirm dialog, then the numbered report with Yazdır; and the closed days with reprint.
 */
export function DayClosePanel() {
  const preview = useQuery(dayPreviewQuery());
  const [closed, setClosed] = useState<DayCloseReport | null>(null);
  return (
    <Stack gap="lg">
      {closed ? (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Alert color="green" title="Gün sonu alındı">
              Gün Sonu No {closed.number} kaydedildi. Bu günün hesapları artık yeniden açılamaz; düzeltme için Kapalı Hesaplar'dan İade yapın.
            </Alert>
            <DayPrintButtons report={closed} />
            <DayReportView report={closed} />
            <Button variant="default" onClick={() => setClosed(null)}>
              Tamam
            </Button>
          </Stack>
        </Paper>
      ) : preview.isPending ? (
        <Loader aria-label="Yükleniyor" />
      ) : preview.isError ? (
        <Alert color="red" role="alert">
          {messageFor(preview.error)}
        </Alert>
      ) : (
        <DayCloseSteps report={preview.data} onClosed={setClosed} />
      )}
      <ClosedDays />
    </Stack>
  );
}

function DayCloseSteps({ report, onClosed }: { report: DayCloseReport; onClosed(r: DayCloseReport): void }) {
  const qc = useQueryClient();
  const [carry, setCarry] = useState(false);
  const [counted, setCounted] = useState('');
  const [note, setNote] = useState('');
  const [showCountError, setShowCountError] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [helperOpen, setHelperOpen] = useState(false);
  const key = useRef(newIdempotencyKey());
  const reading = readTurkishMoney(counted, 'Sayılan nakit');
  const open = report.openTickets;
  const blocked = open.length > 0 && !carry;
  const cash = report.cash;
  const difference = reading.ok ? reading.kurus - cash.expected : null;

  const close = useMutation({
    mutationFn: () => closeDay({ countedCash: reading.ok ? reading.kurus : -1, note: note.trim() || undefined, carryOpen: carry }, key.current),
    onSuccess: (r) => {
      key.current = newIdempotencyKey();
      setConfirming(false);
      setCounted('');
      setNote('');
      void qc.invalidateQueries({ queryKey: queryKeys.days() });
      onClosed(r);
    },
    onError: () => {
      // a refusal (open adisyons appeared, the day closed elsewhere): the next try is a new request
      key.current = newIdempotencyKey();
      void qc.invalidateQueries({ queryKey: queryKeys.days() });
    },
  });
  const serverField = fieldErrorsFrom(close.error).countedCash;

  if (!report.closable) {
    return (
      <Alert color="blue" title={`İş günü ${dayText(report.businessDay)}`}>
        Bugünün gün sonu alındı. Bundan sonra kapanan hesaplar {dayText(report.businessDay)} iş gününe yazılır; o günün gün sonu, gün başladıktan sonra alınabilir.
      </Alert>
    );
  }

  return (
    <Stack gap="md">
      <Title order={3}>Gün Sonu · İş günü {dayText(report.businessDay)}</Title>
      {report.fromDay !== report.businessDay && (
        <Text size="sm">
          Önceki gün sonundan bu yana: {dayText(report.fromDay)} – {dayText(report.businessDay)}
        </Text>
      )}
      <Text size="sm">
        {report.summary.bills} hesap · Net satış {formatTL(report.summary.net)} · Hesap No {report.firstBillNumber === null ? '—' : `${report.firstBillNumber} – ${report.lastBillNumber}`}
      </Text>

      <Paper withBorder p="md" component="section" aria-labelledby="day-step-1">
        <Stack gap="sm">
          <Title order={4} id="day-step-1">
            1. Açık adisyonlar
          </Title>
          {open.length === 0 ? (
            <Text>Açık adisyon yok.</Text>
          ) : (
            <>
              <Text>
                {open.length} adisyon hâlâ açık. Gün sonundan önce kapatın ya da sonraki güne devredin; devredilenler açık kalır ve sonraki günün hesabı olur.
              </Text>
              <div style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Açık adisyonlar (kaydırılabilir)">
                <Table aria-label="Açık adisyonlar">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Masa</Table.Th>
                      <Table.Th>No</Table.Th>
                      <Table.Th>Garson</Table.Th>
                      <Table.Th ta="right">Tutar</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {open.map((t) => (
                      <Table.Tr key={t.id}>
                        <Table.Td>
                          {t.tableName ?? TICKET_TYPE_LABELS[t.type]}
                          {t.billNumber !== null && (
                            <Badge ml={6} variant="outline" color="red">
                              Yeniden açılmış
                            </Badge>
                          )}
                        </Table.Td>
                        <Table.Td>#{t.number}</Table.Td>
                        <Table.Td>{t.waiterName ?? '—'}</Table.Td>
                        <Table.Td ta="right">{formatTL(t.total)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </div>
              <Checkbox label="Sonraki güne devret" description="Açık adisyonlar açık kalır; kapandıklarında sonraki günün satışı olur." checked={carry} onChange={(e) => setCarry(e.currentTarget.checked)} />
            </>
          )}
        </Stack>
      </Paper>

      <Paper withBorder p="md" component="section" aria-labelledby="day-step-2">
        <Stack gap="sm">
          <Title order={4} id="day-step-2">
            2. Kasa sayımı
          </Title>
          <Table aria-label="Beklenen nakit">
            <Table.Tbody>
              <MoneyRow label={`Kasa açılışı (${cash.openingFloatSource === 'entered' ? 'girildi' : cash.openingFloatSource === 'carried' ? 'önceki gün sonundan devir' : 'girilmedi'})`} value={formatTL(cash.openingFloat)} />
              <MoneyRow label="Nakit satış" value={`+${formatTL(cash.cashSales)}`} />
              <MoneyRow label="Kasa girişi" value={`+${formatTL(cash.cashIn)}`} />
              <MoneyRow label="Kasa çıkışı" value={`−${formatTL(cash.cashOut)}`} />
              <MoneyRow label="Nakit iade" value={`−${formatTL(cash.cashRefunds)}`} />
              <MoneyRow label="Beklenen nakit" value={formatTL(cash.expected)} bold />
            </Table.Tbody>
          </Table>
          <CashMovements report={report} />
          <TextInput
            label="Sayılan nakit (TL)"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0,00"
            value={counted}
            onChange={(e) => {
              setCounted(e.currentTarget.value);
              close.reset();
            }}
            onBlur={() => setShowCountError(true)}
            error={(showCountError && !reading.ok ? reading.error : undefined) ?? serverField}
            rightSection={<span aria-hidden>TL</span>}
          />
          <Button variant="subtle" onClick={() => setHelperOpen((o) => !o)} aria-expanded={helperOpen}>
            {helperOpen ? 'Para sayımını gizle' : 'Para sayımı ile say'}
          </Button>
          {helperOpen && (
            <CashCountHelper
              onUse={(kurus) => {
                setCounted(formatMoneyInput(kurus));
                setShowCountError(true);
              }}
            />
          )}
          <DifferenceLine difference={difference} />
          <Textarea label="Not (isteğe bağlı)" maxLength={500} autosize minRows={2} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
          {close.isError && !serverField && (
            <Alert color="red" role="alert">
              {messageFor(close.error)}
            </Alert>
          )}
          {blocked && <Text size="sm">Gün sonu için açık adisyonları kapatın ya da "Sonraki güne devret"i işaretleyin.</Text>}
          <Button
            size="md"
            disabled={blocked}
            onClick={() => {
              setShowCountError(true);
              if (reading.ok) setConfirming(true);
            }}
          >
            Gün Sonu Al
          </Button>
        </Stack>
      </Paper>

      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Gün sonu alınsın mı?" centered>
        <Stack gap="sm">
          <Text>
            İş günü {dayText(report.businessDay)} kapatılacak. Rapor numaralanır ve değiştirilemez; bu günün hesapları yeniden açılamaz.
          </Text>
          <Text>
            Beklenen {formatTL(cash.expected)} · Sayılan {reading.ok ? formatTL(reading.kurus) : '—'}
          </Text>
          <DifferenceLine difference={difference} />
          {carry && open.length > 0 && <Text>{open.length} açık adisyon sonraki güne devredilecek.</Text>}
          <ErrorNotice error={close.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Vazgeç
            </Button>
            <Button loading={close.isPending} onClick={() => close.mutate()}>
              Onayla ve Gün Sonu Al
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}


/** The difference in TL with its sign and a word (Fazla / Eksik / Fark yok): never colour alone. */
function DifferenceLine({ difference }: { difference: number | null }) {
  if (difference === null) return <Text>Fark: sayılan nakdi girin</Text>;
  return (
    <Text fw={700} data-testid="cash-difference" data-word={differenceWord(difference)} c={difference === 0 ? undefined : difference > 0 ? 'blue.8' : 'red.8'}>
      Fark: {differenceText(difference)}
    </Text>
  );
}

/** Kasa girişi / çıkışı of the open day, and the form that adds one (Kasa açılışı too). */
function CashMovements({ report }: { report: DayCloseReport }) {
  const qc = useQueryClient();
  const [kind, setKind] = useState<CashMovementKind>('in');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const reading = readTurkishMoney(amount, 'Tutar');
  const add = useMutation({
    mutationFn: () => addCashMovement({ kind, amount: reading.ok ? reading.kurus : -1, reason: reason.trim() || undefined }),
    onSuccess: () => {
      setAmount('');
      setReason('');
      setTried(false);
      void qc.invalidateQueries({ queryKey: queryKeys.days() });
    },
  });
  const fields = fieldErrorsFrom(add.error);
  const reasonMissing = tried && kind !== 'opening' && reason.trim() === '';
  return (
    <Stack gap="xs">
      <Text fw={600}>Kasa hareketleri</Text>
      {report.movements.length === 0 ? (
        <Text size="sm">Bu gün kasa hareketi yok.</Text>
      ) : (
        <Table aria-label="Kasa hareketleri">
          <Table.Tbody>
            {report.movements.map((m) => (
              <Table.Tr key={m.id}>
                <Table.Td>{timeText(m.createdAt)}</Table.Td>
                <Table.Td>
                  {CASH_MOVEMENT_LABELS[m.kind]}
                  {m.reason ? ` · ${m.reason}` : ''}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {m.kind === 'out' ? '−' : m.kind === 'in' ? '+' : ''}
                  {formatTL(m.amount)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          if (reading.ok && !reasonMissing && (kind === 'opening' || reason.trim() !== '')) add.mutate();
        }}
      >
        <Stack gap="xs">
          <Group grow wrap="wrap" align="flex-start">
            <NativeSelect
              label="Hareket"
              value={kind}
              onChange={(e) => setKind(e.currentTarget.value as CashMovementKind)}
              data={[
                { value: 'in', label: 'Kasa girişi' },
                { value: 'out', label: 'Kasa çıkışı' },
                { value: 'opening', label: 'Kasa açılışı' },
              ]}
              miw={140}
            />
            <TextInput
              label="Tutar (TL)"
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(e) => setAmount(e.currentTarget.value)}
              error={(tried && !reading.ok ? reading.error : undefined) ?? fields.amount}
              miw={120}
            />
          </Group>
          <TextInput
            label={kind === 'opening' ? 'Neden (isteğe bağlı)' : 'Neden'}
            maxLength={200}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={reasonMissing ? 'Neden yazın' : fields.reason}
          />
          {add.isError && Object.keys(fields).length === 0 && (
            <Alert color="red" role="alert">
              {messageFor(add.error)}
            </Alert>
          )}
          <Button type="submit" variant="light" loading={add.isPending}>
            Kasa hareketini ekle
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}

/** The closed days, newest first: open one to see and reprint it. */
function ClosedDays() {
  const days = useQuery(closedDaysQuery());
  const [shown, setShown] = useState<number | null>(null);
  const report = useQuery(dayReportQuery(shown));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="closed-days">
      <Stack gap="sm">
        <Title order={4} id="closed-days">
          Alınmış gün sonları
        </Title>
        {days.isPending ? (
          <Loader aria-label="Yükleniyor" />
        ) : days.isError ? (
          <Alert color="red" role="alert">
            {messageFor(days.error)}
          </Alert>
        ) : days.data.length === 0 ? (
          <Text>Henüz gün sonu alınmadı.</Text>
        ) : (
          <div style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Alınmış gün sonları (kaydırılabilir)">
            <Table aria-label="Alınmış gün sonları" miw={360}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>No</Table.Th>
                  <Table.Th>İş günü</Table.Th>
                  <Table.Th ta="right">Net satış</Table.Th>
                  <Table.Th ta="right">Fark</Table.Th>
                  <Table.Th>Rapor</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {days.data.map((d) => (
                  <Table.Tr key={d.number}>
                    <Table.Td>{d.number}</Table.Td>
                    <Table.Td>{dayText(d.businessDay)}</Table.Td>
                    <Table.Td ta="right">{formatTL(d.net)}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {differenceText(d.difference)}
                    </Table.Td>
                    <Table.Td>
                      <Button variant="default" onClick={() => setShown(d.number)} aria-label={`Gün Sonu No ${d.number} raporunu aç`}>
                        Aç
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        )}
      </Stack>
      <Modal opened={shown !== null} onClose={() => setShown(null)} title={shown !== null ? `Gün Sonu No ${shown}` : ''} size="lg">
        {report.data ? (
          <Stack gap="sm">
            <DayPrintButtons report={report.data} />
            <DayReportView report={report.data} />
          </Stack>
        ) : report.isError ? (
          <Alert color="red" role="alert">
            {messageFor(report.error)}
          </Alert>
        ) : (
          <Loader aria-label="Yükleniyor" />
        )}
      </Modal>
    </Paper>
  );
}
