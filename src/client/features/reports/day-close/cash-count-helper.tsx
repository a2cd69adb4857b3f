import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { formatTL } from '../../../../shared/domain/money';

/** Banknotes and coins in Turkish circulation, kuruş each. */
export const DENOMINATIONS = [
  { kurus: 20_000, label: '200 TL' },
  { kurus: 10_000, label: '100 TL' },
  { kurus: 5_000, label: '50 TL' },
  { kurus: 2_000, label: '20 TL' },
  { kurus: 1_000, label: '10 TL' },
  { kurus: 500, label: '5 TL' },
  { kurus: 100, label: '1 TL' },
  { kurus: 50, label: '50 kr' },
  { kurus: 25, label: '25 kr' },
  { kurus: 10, label: '10 kr' },
  { kurus: 5, label: '5 kr' },
] as const;

/** The total of a count: pieces of each note and coin (empty or invalid fields count as 0). */
export function countTotal(pieces: Record<number, string>): number {
  return DENOMINATIONS.reduce((sum, d) => {
    const n = Number(pieces[d.kurus] ?? '');
    return sum + (Number.isInteger(n) && n > 0 ? n * d.kurus : 0);
  }, 0);
}

/**
 * Para sayım yardımcısı: how many of each banknote and coin are in the drawer; the total goes into
 * the counted cash with one tap.
 */
export function CashCountHelper({ onUse }: { onUse(kurus: number): void }) {
  const [pieces, setPieces] = useState<Record<number, string>>({});
  const total = countTotal(pieces);
  return (
    <Stack gap="xs" component="fieldset" style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 8, padding: 12, margin: 0 }}>
      <Text component="legend" fw={600} px={4}>
        Para sayımı
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        {DENOMINATIONS.map((d) => {
          const value = pieces[d.kurus] ?? '';
          const bad = value !== '' && !/^\d{1,5}$/.test(value);
          return (
            <TextInput
              key={d.kurus}
              label={`${d.label} adet`}
              inputMode="numeric"
              autoComplete="off"
              value={value}
              error={bad ? 'Adet tam sayı olmalı' : undefined}
              onChange={(e) => {
                const next = e.currentTarget.value;
                setPieces((p) => ({ ...p, [d.kurus]: next }));
              }}
            />
          );
        })}
      </SimpleGrid>
      <Group justify="space-between" wrap="wrap">
        <Text fw={700} aria-live="polite">
          Sayım toplamı: {formatTL(total)}
        </Text>
        <Group gap="xs">
          <Button variant="default" onClick={() => setPieces({})}>
            Temizle
          </Button>
          <Button variant="light" onClick={() => onUse(total)}>
            Sayılan nakde aktar
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
