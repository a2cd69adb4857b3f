import { Alert, Button, Group, NumberInput, Radio, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { Modal } from '../../components/modal';
import { useState } from 'react';
import { PRICE_CHANGE_PERCENT, type AdminMenu } from '../../../shared/menu-contract';
import { MAX_PRICE_KURUS, formatTL } from '../../../shared/domain/money';
import { useChangePrices } from './api/menu-mutations';
import { ChoiceSelect } from '../../components/choice-select';
import { ZeroPriceConfirm } from './zero-price-confirm';

/** The server's rule, for the preview: two-decimal percent, rounded once to the chosen step. */
function preview(priceKurus: number, percent: number, roundTo: number) {
  const exact = (priceKurus * (10_000 + Math.round(percent * 100))) / 10_000;
  return Math.max(0, Math.round(exact / roundTo) * roundTo);
}

const ROUNDINGS = [
  { value: '1', label: 'Kuruşuna' },
  { value: '100', label: '1 TL' },
  { value: '500', label: '5 TL' },
];

/** Raises or lowers every price of one category by a percentage, with a preview of the new prices. */
export function PriceChangeModal({ menu, initialCategoryId, onClose }: { menu: AdminMenu; initialCategoryId?: string; onClose(): void }) {
  const change = useChangePrices();
  const [categoryId, setCategoryId] = useState(initialCategoryId ?? menu.categories[0]?.id ?? '');
  const [percent, setPercent] = useState<number | ''>(10);
  const [roundTo, setRoundTo] = useState('1');
  const [done, setDone] = useState<number | null>(null);
  const [isAskingZero, setAskingZero] = useState(false);
  const items = menu.items.filter((i) => i.categoryId === categoryId);
  const value = typeof percent === 'number' ? percent : 0;
  const isValid = value !== 0 && value >= PRICE_CHANGE_PERCENT.min && value <= PRICE_CHANGE_PERCENT.max;
  const tooHigh = items.find((i) => preview(i.priceKurus, value, Number(roundTo)) > MAX_PRICE_KURUS);
  // A cut with coarse rounding can bring a cheap dish to 0,00 TL: free on the public menu, so asked first.
  const zeroed = isValid ? items.filter((i) => i.priceKurus !== 0 && preview(i.priceKurus, value, Number(roundTo)) === 0) : [];

  async function apply(allowZeroPrice = false) {
    if (zeroed.length > 0 && !allowZeroPrice) return setAskingZero(true);
    const request = { categoryId, percent: value, roundToKurus: Number(roundTo) as 1 | 100 | 500 };
    const result = await change.mutateAsync(allowZeroPrice ? { ...request, allowZeroPrice } : request);
    setDone(result.updated);
  }

  return (
    // Its own 'Kapat' button closes it (and Escape): a second 'Kapat' in the corner would only repeat it.
    <Modal opened onClose={onClose} title="Toplu Fiyat Değişikliği" size="lg" centered withCloseButton={false}>
      <Stack>
        <ChoiceSelect
          label="Kategori"
          size="md"
          data={menu.categories.map((c) => ({ value: c.id, label: `${c.icon} ${c.name}` }))}
          value={categoryId}
          onChange={(v) => (setCategoryId(v), setDone(null))}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label="Değişim (%)"
            description="Zam için 10, indirim için -10"
            size="md"
            decimalScale={2}
            decimalSeparator=","
            min={PRICE_CHANGE_PERCENT.min}
            max={PRICE_CHANGE_PERCENT.max}
            value={percent}
            onChange={(v) => (setPercent(typeof v === 'number' ? v : ''), setDone(null))}
            error={!isValid && percent !== '' ? `Yüzde ${PRICE_CHANGE_PERCENT.min} ile +${PRICE_CHANGE_PERCENT.max} arasında ve 0'dan farklı olmalı` : undefined}
          />
          {/* Radios, not a segmented control: its highlight was measured while the modal was still
              opening and stayed on '1 TL', and '5 TL' did not fit beside the percentage on a phone. */}
          <Radio.Group label="Yuvarlama" value={roundTo} onChange={setRoundTo}>
            <Group gap="md" mt={4}>
              {ROUNDINGS.map((r) => (
                <Radio key={r.value} value={r.value} label={r.label} size="md" />
              ))}
            </Group>
          </Radio.Group>
        </SimpleGrid>
        {items.length > 0 ? (
          <Table.ScrollContainer minWidth={320} maxHeight={260}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Ürün</Table.Th>
                  <Table.Th ta="right">Şimdi</Table.Th>
                  <Table.Th ta="right">Yeni</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((i) => (
                  <Table.Tr key={i.id}>
                    <Table.Td>{i.name}</Table.Td>
                    <Table.Td ta="right">{formatTL(i.priceKurus)}</Table.Td>
                    <Table.Td ta="right" fw={600}>
                      {isValid ? formatTL(preview(i.priceKurus, value, Number(roundTo))) : '—'}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text c="dimmed">Bu kategoride ürün yok.</Text>
        )}
        {tooHigh && (
          <Alert color="orange">“{tooHigh.name}” 1.000.000 TL sınırını aşar; bu değişiklik kaydedilemez.</Alert>
        )}
        {change.error && (
          <Alert color="red" role="alert">
            {change.error.message}
          </Alert>
        )}
        {done !== null && (
          <Alert color="green" role="status">
            {done} ürünün fiyatı güncellendi.
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" size="md" onClick={onClose}>
            Kapat
          </Button>
          <Button size="md" onClick={() => void apply().catch(() => {})} disabled={!isValid || items.length === 0 || done !== null} loading={change.isPending}>
            Fiyatları Güncelle
          </Button>
        </Group>
      </Stack>
      <ZeroPriceConfirm
        opened={isAskingZero}
        itemNames={zeroed.map((i) => i.name)}
        onCancel={() => setAskingZero(false)}
        onConfirm={() => {
          setAskingZero(false);
          void apply(true).catch(() => {});
        }}
      />
    </Modal>
  );
}
