import { Alert, Button, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { HistoryBatch, KitchenHistoryQuery } from '../../../shared/kitchen-contract';
import { LINE_STATUS_LABELS } from '../../../shared/ticket-contract';
import touch from '../../components/touch-targets.module.css';
import { DateField } from '../../components/date-field';
import { usePreferences } from '../settings/api';
import { useRecallBatch } from './api/kitchen-mutations';
import { STATUS_ICONS } from '../../components/status-icons';
import classes from './kitchen.module.css';
import { clock, duration, kt, whereLabel } from './kitchen-text';
import { useBusinessCalendar } from '../reports/api';
import { useKitchenHistory } from './api/kitchen-hooks';

/**
 * Sipariş Geçmişi (kitchen) and Mutfak Geçmişi (owner): completed cards with their times, per-item
 * preparation times for the period, and Geri Al for a card bumped too early.
 */
export default function KitchenHistoryPage({ title = kt.historyTitle }: { title?: string }) {
  const prefs = usePreferences();
  // The day the server counts as today (Ayarlar: time zone and day start), not the device's calendar
  // date: at 01:30 the evening's cards belong to the day before. Worked out on each render, so it
  // follows the settings once they arrive; a day the person picks replaces it.
  const { today } = useBusinessCalendar();
  const [filters, setFilters] = useState<KitchenHistoryQuery>({ from: undefined, to: undefined, station: prefs.station || undefined, table: undefined });
  const period = { ...filters, from: filters.from ?? today, to: filters.to ?? today };
  const history = useKitchenHistory(period);
  const recall = useRecallBatch();
  const [message, setMessage] = useState<{ text: string; isError: boolean } | null>(null);
  const set = (patch: Partial<KitchenHistoryQuery>) => setFilters((f) => ({ ...f, ...patch }));

  const onRecall = (b: HistoryBatch) =>
    recall.mutate(
      { batchId: b.batchId, station: filters.station ?? '' },
      {
        onSuccess: () => setMessage({ text: `${whereLabel(b)}: mutfak ekranına geri alındı`, isError: false }),
        onError: (e) => setMessage({ text: e.message, isError: true }),
      },
    );

  return (
    <Stack gap="md" className={touch.touch}>
      <Title order={2}>{title}</Title>
      <div className={classes.filters}>
        <DateField label={kt.history.from} value={period.from} onChange={(v) => set({ from: v || undefined })} />
        <DateField label={kt.history.to} value={period.to} onChange={(v) => set({ to: v || undefined })} />
        <TextInput
          label={kt.station}
          placeholder={kt.allStations}
          value={filters.station ?? ''}
          onChange={(e) => set({ station: e.currentTarget.value.trim() || undefined })}
        />
        <TextInput
          label={kt.history.table}
          placeholder={kt.history.tablePlaceholder}
          value={filters.table ?? ''}
          onChange={(e) => set({ table: e.currentTarget.value.trim() || undefined })}
        />
      </div>
      {message && (
        <Alert color={message.isError ? 'red' : 'green'} role={message.isError ? 'alert' : 'status'} withCloseButton onClose={() => setMessage(null)}>
          {message.text}
        </Alert>
      )}
      {history.isError && (
        <Alert color="red" role="alert">
          {history.error.message}
        </Alert>
      )}
      {history.isPending ? (
        <Loader role="status" aria-label="Yükleniyor..." />
      ) : history.data ? (
        <>
          <Title order={3} size="h4">
            {kt.history.stats}
          </Title>
          {history.data.stats.length === 0 ? (
            <Text c="dimmed">{kt.history.none}</Text>
          ) : (
            <Table.ScrollContainer minWidth={360}>
              <Table striped withTableBorder aria-label={kt.history.stats}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{kt.history.item}</Table.Th>
                    <Table.Th ta="right">{kt.history.count}</Table.Th>
                    <Table.Th ta="right">{kt.history.avg}</Table.Th>
                    <Table.Th ta="right" title={kt.history.p90Hint}>
                      {kt.history.p90}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {history.data.stats.map((s) => (
                    <Table.Tr key={s.name}>
                      <Table.Td>{s.name}</Table.Td>
                      <Table.Td ta="right">{s.count}</Table.Td>
                      <Table.Td ta="right">{duration(s.avgSeconds)}</Table.Td>
                      <Table.Td ta="right">{duration(s.p90Seconds)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Title order={3} size="h4">
            {kt.history.batches}
          </Title>
          {history.data.isTruncated && <Alert color="yellow">{kt.history.truncated}</Alert>}
          {history.data.batches.length === 0 && <Text c="dimmed">{kt.history.none}</Text>}
          {history.data.batches.map((b) => (
            <article key={`${b.batchId}:${b.ticketId}`} className={classes.historyRow} data-testid="history-batch" aria-label={whereLabel(b)}>
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                <div>
                  <Text fw={700} size="lg">
                    {whereLabel(b)} {b.isAddition && <span className={classes.additionBadge}>+ {kt.addition}</span>}
                  </Text>
                  <div className={classes.times}>
                    <span>
                      {kt.history.sent}: <b>{clock(b.sentAt)}</b>
                    </span>
                    <span>
                      {kt.history.ready}: <b>{b.readyAt ? clock(b.readyAt) : '—'}</b>
                    </span>
                    <span>
                      {kt.history.served}: <b>{b.servedAt ? clock(b.servedAt) : '—'}</b>
                    </span>
                    <span>
                      {kt.history.prep}: <b>{duration(b.prepSeconds)}</b>
                    </span>
                    <span>
                      {kt.history.total}: <b>{duration(b.totalSeconds)}</b>
                    </span>
                  </div>
                </div>
                {b.isTicketClosed && b.lines.some((l) => l.status === 'ready') && (
                  <Text size="sm" fw={600} data-testid="history-closed">
                    {kt.ticketClosedHint}
                  </Text>
                )}
                {b.canRecall && !b.isTicketClosed && (
                  <Button variant="light" color="orange" size="md" onClick={() => onRecall(b)} loading={recall.isPending && recall.variables?.batchId === b.batchId}>
                    ↩ {kt.recall}
                  </Button>
                )}
              </Group>
              <Text size="sm" mt={4}>
                {b.lines.map((l) => `${l.quantity}× ${l.name} (${STATUS_ICONS[l.status]} ${LINE_STATUS_LABELS[l.status]})`).join(' · ')}
              </Text>
            </article>
          ))}
        </>
      ) : null}
    </Stack>
  );
}
