import { Alert, Button, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/domain/calendar';
import { receiptHeader } from '../../../shared/receipt';
import { salesReportQuery } from './api/sales-report';
import { usePrinterSettings } from '../printing/api';
import { useGeneralSettings } from '../settings/api';
import { printDocument } from '../../components/receipt-html';
import { DayClosePanel } from './day-close/day-close-panel';
import { ExceptionsTab, ItemsTab, StaffTab } from './sales/breakdown-tabs';
import { PeriodPicker } from './sales/period-picker';
import { choosePreset, periodText, previousPeriod, type PeriodChoice } from './sales/period';
import { summaryA4Document, summaryReceiptDocument } from './sales/print-summary';
import { SummaryTab } from './sales/summary-tab';
import classes from './sales/reports.module.css';
import { useBusinessCalendar } from './api/business-calendar';

const TABS = [
  { value: 'summary', label: 'Özet' },
  { value: 'items', label: 'Ürünler' },
  { value: 'staff', label: 'Personel' },
  { value: 'exceptions', label: 'İstisnalar' },
  { value: 'day-close', label: 'Gün Sonu' },
] as const;
type Tab = (typeof TABS)[number]['value'];

const PRINT_BLOCKED = 'Yazdırma penceresi açılamadı. Tarayıcının açılır pencere iznini kontrol edin.';
const printedAt = (timeZone: string) => formatDateTime(new Date(), timeZone);

/**
 * Satış Raporları (owner): a period of business days (Ayarlar's time zone and day start hour), its
 * figures against the previous equal period, the breakdowns with charts and tables, CSV of every
 * table, the summary printed on A4 or on the bill printer, and the Gün Sonu tab.
 */
export default function ReportsPage() {
  const { timeZone: tz, today } = useBusinessCalendar();
  const profile = useGeneralSettings((s) => s.profile).data;
  const printer = usePrinterSettings();
  const [tab, setTab] = useState<Tab>('summary');
  const [choice, setChoice] = useState<PeriodChoice>(() => choosePreset('today', today));
  const [printError, setPrintError] = useState<string | null>(null);
  const period = { from: choice.from, to: choice.to };
  const report = useQuery(salesReportQuery(period));
  // each row's ± % needs the previous period's rows: asked only when a breakdown tab is open
  const wantsPrevious = tab === 'items' || tab === 'staff';
  const previous = useQuery({ ...salesReportQuery(previousPeriod(period.from, period.to)), enabled: wantsPrevious });
  const data = report.data;
  const isStale = report.isPlaceholderData || report.isFetching;
  const isReportTab = tab !== 'day-close';

  const printA4 = () => {
    if (!data) return;
    setPrintError(null);
    const name = profile?.name?.trim() || printer.data?.restaurantInfo.name || 'Sofra';
    if (!printDocument(summaryA4Document(data, name, printedAt(tz)))) setPrintError(PRINT_BLOCKED);
  };
  const printReceipt = () => {
    if (!data) return;
    setPrintError(null);
    if (!printer.data) return setPrintError('Yazıcı ayarları yüklenemedi; biraz sonra tekrar deneyin.');
    const { taxLine, ...restaurantInfo } = receiptHeader(printer.data, profile);
    if (!printDocument(summaryReceiptDocument(data, { ...printer.data, restaurantInfo, taxLine }, printedAt(tz)))) setPrintError(PRINT_BLOCKED);
  };

  return (
    <Stack gap="md" className={classes.page}>
      <Title order={2}>Satış Raporları</Title>
      <Tabs value={tab} onChange={(v) => setTab((v as Tab | null) ?? 'summary')} keepMounted={false}>
        <Tabs.List mb="md" className={classes.tabs}>
          {TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value} fz="md" py="sm">
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {isReportTab && (
          <Stack gap="sm" mb="md">
            <PeriodPicker value={choice} today={today} onChange={setChoice} />
            <Text size="sm" data-testid="report-period" aria-live="polite">
              {data
                ? `Dönem: ${periodText(data)} (iş günleri) · Karşılaştırma: ${periodText(data.previous)}`
                : `Dönem: ${periodText(period)}`}
              {isStale && ' · Yükleniyor...'}
            </Text>
            {data && (
              <div className={classes.actions}>
                <Button size="md" variant="default" onClick={printA4}>
                  🖨️ Yazdır (A4)
                </Button>
                <Button size="md" variant="default" onClick={printReceipt}>
                  🧾 Fiş yazdır
                </Button>
              </div>
            )}
            {printError && (
              <Alert color="red" role="alert">
                {printError}
              </Alert>
            )}
          </Stack>
        )}
        {isReportTab && report.isPending && <Loader role="status" aria-label="Yükleniyor..." />}
        {isReportTab && report.error && !data && (
          <Alert color="red" role="alert">
            {report.error.message}
          </Alert>
        )}
        {data && (
          <>
            <Tabs.Panel value="summary" aria-busy={isStale}>
              <SummaryTab report={data} period={period} />
            </Tabs.Panel>
            <Tabs.Panel value="items" aria-busy={isStale}>
              <ItemsTab report={data} previous={previous.isPlaceholderData ? undefined : previous.data} period={period} />
            </Tabs.Panel>
            <Tabs.Panel value="staff" aria-busy={isStale}>
              <StaffTab report={data} previous={previous.isPlaceholderData ? undefined : previous.data} period={period} />
            </Tabs.Panel>
            <Tabs.Panel value="exceptions" aria-busy={isStale}>
              <ExceptionsTab report={data} period={period} timeZone={tz} />
            </Tabs.Panel>
          </>
        )}
        <Tabs.Panel value="day-close">
          <DayClosePanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
