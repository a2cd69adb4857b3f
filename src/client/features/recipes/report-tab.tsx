import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatTL } from '../../../shared/domain/money';
import { RECIPE_LIMITS, RECIPE_MESSAGES, daysBetween } from '../../../shared/recipes-contract';
import { UNIT_LABELS } from '../../../shared/units';
import { messageFor } from '../../api/field-errors';
import { recipeReportQuery } from './api/recipes';
import { ChoiceSelect } from '../../components/choice-select';
import { DateField } from '../../components/date-field';
import { Loading } from '../../components/loaded';
import { PERIOD_PRESET_LABELS, PERIOD_PRESETS, presetRange, type PeriodPreset } from '../../../shared/domain/calendar';
import { useBusinessCalendar } from '../reports/api';

/** The report's periods: the sales report's presets (src/shared/reports-contract.ts), with their words. */
const PERIODS = PERIOD_PRESETS.map((value) => ({ value, label: PERIOD_PRESET_LABELS[value] }));

const qty = (n: number) => n.toLocaleString('tr-TR', { maximumFractionDigits: 3 });
const signed = (n: number) => `${n > 0 ? '+' : ''}${qty(n)}`;

/** Rapor: a period of business days and what it used, cost and earned. */
export function ReportTab() {
  const { today } = useBusinessCalendar();
  const [preset, setPreset] = useState<PeriodPreset>('today');
  const [custom, setCustom] = useState({ from: today, to: today });
  const range = preset === 'custom' ? custom : presetRange(preset, today);
  const rangeError =
    preset !== 'custom' || !custom.from || !custom.to
      ? null
      : custom.from > custom.to
        ? RECIPE_MESSAGES.fromAfterTo
        : daysBetween(custom.from, custom.to) >= RECIPE_LIMITS.reportDays
          ? RECIPE_MESSAGES.rangeTooLong
          : null;
  const report = useQuery({ ...recipeReportQuery(range.from, range.to), enabled: rangeError === null && range.from !== '' && range.to !== '' });
  const data = report.data;

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <ChoiceSelect label="Dönem" data={PERIODS} value={preset} onChange={(v) => setPreset(v as PeriodPreset)} />
        {preset === 'custom' && (
          <>
            <DateField label="Başlangıç" value={custom.from} max={today} onChange={(from) => setCustom((c) => ({ ...c, from }))} />
            <DateField label="Bitiş" value={custom.to} max={today} onChange={(to) => setCustom((c) => ({ ...c, to }))} error={rangeError ?? undefined} />
          </>
        )}
      </Group>
      {report.isPending && rangeError === null && <Loading />}
      {report.error && (
        <Alert color="red" role="alert">
          {messageFor(report.error)}
        </Alert>
      )}
      {data && (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <Figure label="Satış (reçeteli ürünler)" value={formatTL(data.totals.revenue)} />
            <Figure label="Malzeme maliyeti" value={formatTL(data.totals.cost)} />
            <Figure label="Brüt kâr" value={formatTL(data.totals.margin)} />
          </SimpleGrid>

          {data.withoutRecipe.length > 0 && (
            <Alert color="yellow" title="Reçetesi olmadan satılanlar" role="status">
              <Text size="sm" mb="xs">
                Bu ürünlerin maliyeti hesaplanamadı; Reçeteler sekmesinden reçete ekleyin.
              </Text>
              <Stack gap={4} component="ul" style={{ paddingLeft: 0, listStyle: 'none', margin: 0 }}>
                {data.withoutRecipe.map((w) => (
                  <Group component="li" key={w.menuItemId ?? w.name} gap="xs" wrap="wrap">
                    <Badge color="dark" variant="outline">
                      Reçetesiz
                    </Badge>
                    <Text size="sm">
                      {w.name} · {w.sold} adet
                    </Text>
                  </Group>
                ))}
              </Stack>
            </Alert>
          )}

          <Section title="Malzeme kullanımı">
            {data.ingredients.length === 0 ? (
              <Text c="dimmed">Bu dönemde reçeteli bir satış yok.</Text>
            ) : (
              <Table.ScrollContainer minWidth={340}>
                <Table striped aria-label="Malzeme kullanımı">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Malzeme</Table.Th>
                      <Table.Th ta="right">Teorik</Table.Th>
                      <Table.Th ta="right">Gerçek</Table.Th>
                      <Table.Th ta="right">Fark</Table.Th>
                      <Table.Th ta="right">Maliyet</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.ingredients.map((i) => (
                      <Table.Tr key={i.id}>
                        <Table.Td>{i.name}</Table.Td>
                        <Table.Td ta="right">
                          {qty(i.theoretical)} {UNIT_LABELS[i.unit]}
                        </Table.Td>
                        <Table.Td ta="right">{i.actual === null ? 'Sayım yok' : `${qty(i.actual)} ${UNIT_LABELS[i.unit]}`}</Table.Td>
                        <Table.Td ta="right">{i.variance === null ? '—' : signed(i.variance)}</Table.Td>
                        <Table.Td ta="right">{formatTL(i.cost)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Section>

          <Section title="Ürünler">
            <MarginTable rows={data.items.map((i) => ({ key: i.menuItemId ?? i.name, ...i }))} label="Ürünlere göre maliyet ve kâr" />
          </Section>
          <Section title="Kategoriler">
            <MarginTable rows={data.categories.map((c) => ({ key: c.name, ...c }))} label="Kategorilere göre maliyet ve kâr" />
          </Section>
        </Stack>
      )}
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="sm">{label}</Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
    </Paper>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function MarginTable({ rows, label }: { rows: { key: string; name: string; sold: number; cost: number; revenue: number; margin: number }[]; label: string }) {
  if (rows.length === 0) return <Text c="dimmed">Bu dönemde reçeteli bir satış yok.</Text>;
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table striped aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Ad</Table.Th>
            <Table.Th ta="right">Adet</Table.Th>
            <Table.Th ta="right">Maliyet</Table.Th>
            <Table.Th ta="right">Satış</Table.Th>
            <Table.Th ta="right">Kâr</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.key}>
              <Table.Td>{r.name}</Table.Td>
              <Table.Td ta="right">{r.sold}</Table.Td>
              <Table.Td ta="right">{formatTL(r.cost)}</Table.Td>
              <Table.Td ta="right">{formatTL(r.revenue)}</Table.Td>
              <Table.Td ta="right">
                {formatTL(r.margin)}
                {r.revenue > 0 ? ` (%${Math.round((r.margin / r.revenue) * 100)})` : ''}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
