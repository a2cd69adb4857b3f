import { ActionIcon, Alert, Button, Group, NumberInput, SegmentedControl, Stack, Switch, Text, TextInput } from '@mantine/core';
import { Modal } from '../../components/modal';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { MENU_LIMITS, optionGroupProblems, type OptionGroup } from '../../../shared/menu-contract';
import { formatMoneyInput, readTurkishMoney } from '../../../shared/domain/money';
import { useCreateOptionGroup, useReplaceOptionGroup } from './api/menu-mutations';
import { FormActions } from '../../components/form-actions';
import classes from './menu-management.module.css';
import { MoneyInput } from './money-input';

interface Row {
  key: number;
  id?: string;
  name: string;
  price: string;
}

let nextKey = 0;
const emptyRow = (): Row => ({ key: ++nextKey, name: '', price: '0' });

/** A reusable group ("Porsiyon", "Pişirme", "Ekstralar"): single or multiple choice, each option with an add-on price. */
export function OptionGroupFormModal({ group, onClose }: { group: OptionGroup | null; onClose(): void }) {
  const create = useCreateOptionGroup();
  const replace = useReplaceOptionGroup();
  const isPhone = useMediaQuery('(max-width: 48em)');
  const [name, setName] = useState(group?.name ?? '');
  const [isMultiple, setMultiple] = useState(group?.isMultiple ?? false);
  const [isRequired, setRequired] = useState(group?.isRequired ?? false);
  const [minChoices, setMin] = useState(group?.minChoices ?? 0);
  const [maxChoices, setMax] = useState(group?.maxChoices ?? 1);
  const [rows, setRows] = useState<Row[]>(
    group ? group.options.map((o) => ({ key: ++nextKey, id: o.id, name: o.name, price: formatMoneyInput(o.priceKurus) })) : [emptyRow(), emptyRow()],
  );
  const [tried, setTried] = useState(false);
  const mutation = group ? replace : create;

  // Single choice: exactly one at most, and one at least when required. Multiple: the owner sets the range.
  const min = isMultiple ? minChoices : isRequired ? 1 : 0;
  const max = isMultiple ? maxChoices : 1;
  const options = rows.map((r) => ({ row: r, price: readTurkishMoney(r.price, 'Ek fiyat') }));
  const problems = [
    ...(!name.trim() ? ['Grup adı boş olamaz'] : []),
    ...(rows.some((r) => !r.name.trim()) ? ['Seçenek adları boş olamaz'] : []),
    ...(options.some((o) => !o.price.ok) ? ['Ek fiyatlardan biri geçersiz'] : []),
    ...optionGroupProblems({
      name,
      isMultiple,
      isRequired,
      minChoices: min,
      maxChoices: max,
      options: rows.map((r) => ({ name: r.name.trim(), priceKurus: 0 })),
    }),
  ];

  const setRow = (key: number, patch: Partial<Row>) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (problems.length) return;
    const body = {
      name: name.trim(),
      isMultiple,
      isRequired,
      minChoices: min,
      maxChoices: max,
      options: options.map(({ row, price }) => ({ ...(row.id ? { id: row.id } : {}), name: row.name.trim(), priceKurus: price.ok ? price.kurus : 0 })),
    };
    if (group) await replace.mutateAsync({ id: group.id, version: group.version, ...body });
    else await create.mutateAsync(body);
    onClose();
  }

  return (
    <Modal opened onClose={onClose} title={group ? 'Seçenek Grubunu Düzenle' : 'Seçenek Grubu Ekle'} fullScreen={isPhone} size="lg" centered>
      <form onSubmit={(e) => void handleSubmit(e).catch(() => {})} noValidate>
        <Stack>
          <TextInput
            label="Grup adı"
            placeholder="ör. Porsiyon, Pişirme, Ekstralar"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={MENU_LIMITS.groupName}
            required
            data-autofocus
          />
          <SegmentedControl
            size="md"
            aria-label="Seçim türü"
            value={isMultiple ? 'multiple' : 'single'}
            onChange={(v) => {
              setMultiple(v === 'multiple');
              setMin(isRequired ? 1 : 0);
              setMax(v === 'multiple' ? Math.max(1, rows.length) : 1);
            }}
            data={[
              { value: 'single', label: 'Tek seçim' },
              { value: 'multiple', label: 'Çoklu seçim' },
            ]}
          />
          <Switch
            size="md"
            label="Zorunlu (sipariş alırken seçilmeden geçilemez)"
            checked={isRequired}
            onChange={(e) => {
              const required = e.currentTarget.checked;
              setRequired(required);
              setMin(required ? Math.max(1, minChoices) : 0);
            }}
            className={classes.switchRow}
          />
          {isMultiple && (
            <Group grow>
              <NumberInput label="En az seçim" size="md" min={0} max={rows.length} allowDecimal={false} value={minChoices} onChange={(v) => setMin(Number(v) || 0)} disabled={!isRequired} />
              <NumberInput label="En fazla seçim" size="md" min={1} max={rows.length} allowDecimal={false} value={maxChoices} onChange={(v) => setMax(Number(v) || 1)} />
            </Group>
          )}

          <Text fw={500} size="sm">
            Seçenekler ve ek fiyatları
          </Text>
          <Stack gap="xs">
            {rows.map((row, i) => (
              <Group key={row.key} align="flex-start" wrap="nowrap" gap="xs">
                <TextInput
                  aria-label={`${i + 1}. seçenek adı`}
                  placeholder={i === 0 ? 'ör. Porsiyon: 1,5' : 'Seçenek adı'}
                  value={row.name}
                  onChange={(e) => setRow(row.key, { name: e.currentTarget.value })}
                  maxLength={MENU_LIMITS.optionName}
                  size="md"
                  style={{ flex: 1 }}
                  error={tried && !row.name.trim()}
                />
                <MoneyInput
                  aria-label={`${i + 1}. seçenek ek fiyatı`}
                  fieldName="Ek fiyat"
                  value={row.price}
                  onChange={(price) => setRow(row.key, { price })}
                  showError={tried}
                  size="md"
                  w={130}
                  leftSection={<span aria-hidden>+</span>}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="xl"
                  aria-label={`${i + 1}. seçeneği kaldır`}
                  onClick={() => setRows((rs) => rs.filter((r) => r.key !== row.key))}
                  disabled={rows.length === 1}
                >
                  ✕
                </ActionIcon>
              </Group>
            ))}
          </Stack>
          <Button variant="light" size="md" onClick={() => setRows((rs) => [...rs, emptyRow()])} disabled={rows.length >= MENU_LIMITS.optionsPerGroup}>
            Seçenek Ekle
          </Button>

          {tried && problems.length > 0 && (
            <Alert color="red" role="alert">
              {problems.join(' · ')}
            </Alert>
          )}
          <FormActions error={mutation.error?.message} isBusy={mutation.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
