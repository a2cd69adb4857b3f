import { Alert, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { chainHeadText, type DayCloseReport } from '../../../../shared/day-close-contract';
import { receiptHeader } from '../../../../shared/receipt';
import { NET_SALES_DEFINITION } from '../../../../shared/sales-definitions';
import { usePrinterSettings } from '../../printing/api';
import { useGeneralSettings } from '../../settings/api';
import { printDocument } from '../../../components/receipt-html';
import { dayA4Document, dayReceiptDocument, dayRows, reportTitle } from './day-print';
import { useBusinessCalendar } from '../api/business-calendar';

const PRINT_BLOCKED = 'Yazdırma penceresi açılamadı. Tarayıcının açılır pencere iznini kontrol edin.';

/** One line of a money table: its label, and the amount on the right on one line. */
export function MoneyRow({ label, value, bold = false }: { label: string; value: string; bold?: boolean }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={bold ? 700 : 400}>
        {label}
      </Table.Th>
      <Table.Td ta="right" fw={bold ? 700 : 400} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Table.Td>
    </Table.Tr>
  );
}

function RowsTable({ caption, rows }: { caption: string; rows: [string, string, boolean?][] }) {
  if (rows.length === 0) return null;
  return (
    <Table withRowBorders striped={false} verticalSpacing={6} captionSide="top" aria-label={caption}>
      <Table.Caption style={{ textAlign: 'left', fontWeight: 600 }}>{caption}</Table.Caption>
      <Table.Tbody>
        {rows.map(([label, value, bold]) => (
          <MoneyRow key={label} label={label} value={value} bold={bold} />
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Print buttons of a report: A4 through the browser, and the bill printer's receipt. */
export function DayPrintButtons({ report }: { report: DayCloseReport }) {
  const { timeZone: tz } = useBusinessCalendar();
  const profile = useGeneralSettings((s) => s.profile).data;
  const printer = usePrinterSettings();
  const [error, setError] = useState<string | null>(null);
  const a4 = () => {
    setError(null);
    const name = profile?.name?.trim() || printer.data?.restaurantInfo.name || 'Sofra';
    if (!printDocument(dayA4Document(report, name, tz))) setError(PRINT_BLOCKED);
  };
  const receipt = () => {
    setError(null);
    if (!printer.data) return setError('Yazıcı ayarları yüklenemedi; biraz sonra tekrar deneyin.');
    const { taxLine, ...restaurantInfo } = receiptHeader(printer.data, profile);
    if (!printDocument(dayReceiptDocument(report, { ...printer.data, restaurantInfo, taxLine }, tz))) setError(PRINT_BLOCKED);
  };
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Button variant="default" onClick={a4}>
          Yazdır (A4)
        </Button>
        <Button variant="default" onClick={receipt}>
          Fiş yazdır
        </Button>
      </Group>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}

/** A Gün Sonu report (closed, numbered) or the preview of the day, as tables. */
export function DayReportView({ report }: { report: DayCloseReport }) {
  const rows = dayRows(report);
  return (
    <Stack gap="sm">
      <Title order={3}>{reportTitle(report)}</Title>
      <Text size="sm">
        Hesap No: {report.firstBillNumber === null ? '—' : `${report.firstBillNumber} – ${report.lastBillNumber}`}
        {report.closedByName ? ` · Kapatan: ${report.closedByName}` : ''}
      </Text>
      {report.note && <Text size="sm">Not: {report.note}</Text>}
      <RowsTable caption="Özet" rows={rows.figures} />
      <Text size="xs">{NET_SALES_DEFINITION}</Text>
      <RowsTable caption="Kasa sayımı" rows={rows.cash} />
      <RowsTable caption="Ödemeler" rows={rows.payments} />
      <RowsTable caption="KDV" rows={rows.vat} />
      <RowsTable caption="Kasa hareketleri" rows={rows.movements} />
      <RowsTable caption="İadeler" rows={rows.refunds} />
      <RowsTable caption="Sonraki güne devredilen adisyonlar" rows={rows.carried} />
      {report.chainHead && (
        <Text size="sm" data-testid="chain-head">
          Zincir başı: <code>{chainHeadText(report.chainHead)}</code> — bu değeri fişle birlikte saklayın; kayıtların sonradan
          değiştirilmediğini kanıtlar.
        </Text>
      )}
    </Stack>
  );
}
