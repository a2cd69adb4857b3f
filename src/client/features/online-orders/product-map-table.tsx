import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import type { FieldErrors } from '../../api/field-errors';
import { ChoiceSelect, type Choice } from '../../components/choice-select';
import { newRow, type MapRow } from './platform-connection-model';
import { pt } from './platform-text';

interface Props {
  rows: MapRow[];
  dishes: readonly Choice[];
  errors: FieldErrors;
  onChange(rows: MapRow[], changedField?: string): void;
}

/**
 * Ürün eşleştirme: platform product code → Sofra dish, one row each, added and removed here.
 * Phone first: a row's two fields wrap under each other at 390 px; the remove button is 44 px.
 */
export function ProductMapTable({ rows, dishes, errors, onChange }: Props) {
  const set = (index: number, change: Partial<MapRow>, field: keyof MapRow) =>
    onChange(
      rows.map((r, i) => (i === index ? { ...r, ...change } : r)),
      `rows.${index}.${field}`,
    );
  return (
    <Stack gap="sm" role="group" aria-labelledby="product-map-title">
      <div>
        <Text fw={600} id="product-map-title">
          {pt.mapTitle}
        </Text>
        <Text size="sm">{pt.mapHint}</Text>
      </div>
      {rows.length === 0 && <Text size="sm">{pt.noRows}</Text>}
      {rows.map((row, index) => (
        <Paper key={row.key} withBorder p="xs" data-testid="product-map-row">
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label={pt.code}
              value={row.code}
              error={errors[`rows.${index}.code`]}
              data-field={`rows.${index}.code`}
              aria-invalid={`rows.${index}.code` in errors || undefined}
              onChange={(e) => set(index, { code: e.currentTarget.value }, 'code')}
              autoComplete="off"
              spellCheck={false}
              size="md"
              style={{ flex: '1 1 150px' }}
            />
            <ChoiceSelect
              label={pt.dish}
              data={dishes}
              value={row.menuItemId}
              emptyLabel={pt.chooseDish}
              error={errors[`rows.${index}.menuItemId`]}
              onChange={(menuItemId) => set(index, { menuItemId }, 'menuItemId')}
              size="md"
              style={{ flex: '2 1 200px' }}
            />
            <ActionIcon
              variant="default"
              size={44}
              mt={28}
              aria-label={pt.removeRow(row.code.trim())}
              onClick={() => onChange(rows.filter((_, i) => i !== index), 'rows')}
            >
              <span aria-hidden="true">✕</span>
            </ActionIcon>
          </Group>
        </Paper>
      ))}
      <Button variant="light" color="dark" size="md" onClick={() => onChange([...rows, newRow()])} style={{ alignSelf: 'flex-start' }}>
        {pt.addRow}
      </Button>
    </Stack>
  );
}
