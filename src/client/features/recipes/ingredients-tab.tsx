import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatMoneyInput, readTurkishMoney } from '../../../shared/domain/money';
import { countRequest, createIngredientRequest, purchaseRequest, type IngredientInfo } from '../../../shared/recipes-contract';
import { UNITS, UNIT_LABELS, areCompatible, type Unit } from '../../../shared/units';
import { fieldErrorsFrom, fieldErrorsFromIssues, messageFor, useFieldErrors } from '../../api/field-errors';
import { createIngredient, deleteIngredient, ingredientsQuery, recordCount, recordPurchase, updateIngredient } from './api/recipes';
import { queryKeys } from '../../api/query-keys';
import { currentRestaurantId } from '../../api/restaurant';
import { ChoiceSelect } from '../../components/choice-select';
import { FormActions } from '../../components/form-actions';
import { Loaded } from '../../components/loaded';
import { Modal } from '../../components/modal';

const unitChoices = (compatibleWith?: Unit) => UNITS.filter((u) => !compatibleWith || areCompatible(u, compatibleWith)).map((u) => ({ value: u, label: UNIT_LABELS[u] }));
const qty = (n: number) => n.toLocaleString('tr-TR', { maximumFractionDigits: 3 });
/** kuruş per unit, shown with up to 4 decimals of a kuruş folded into TL */
const unitCostText = (kurus: number, unit: Unit) => `${(kurus / 100).toLocaleString('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 4 })} TL / ${UNIT_LABELS[unit]}`;

type Dialog = { kind: 'new' } | { kind: 'edit' | 'purchase' | 'count'; ingredient: IngredientInfo } | null;

/** Malzemeler: each ingredient with its stock and cost; add, edit, Alış and Sayım. */
export function IngredientsTab() {
  const list = useQuery(ingredientsQuery());
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  return (
    <Stack gap="md">
      <Group>
        <Button size="md" onClick={() => setDialog({ kind: 'new' })}>
          Malzeme Ekle
        </Button>
      </Group>
      <Loaded query={list}>
        {(items) =>
          items.length === 0 ? (
            <Text c="dimmed">Henüz malzeme yok. Reçete yazmak için önce malzemeleri ekleyin.</Text>
          ) : (
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Malzemeler">
              {items.map((i) => (
                <Paper component="li" withBorder p="sm" key={i.id}>
                  <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                    <Stack gap={2}>
                      <Text fw={600}>{i.name}</Text>
                      <Text size="sm">{unitCostText(i.unitCost, i.unit)}</Text>
                      <Text size="sm">
                        Stok: {i.stock === null ? 'Sayım yok' : `${qty(i.stock)} ${UNIT_LABELS[i.unit]}`}
                        {i.lastCountAt ? ` · son sayım ${new Date(i.lastCountAt).toLocaleDateString('tr-TR')}` : ''}
                      </Text>
                      <Text size="sm">{i.recipeCount > 0 ? `${i.recipeCount} reçetede` : 'Reçetede kullanılmıyor'}</Text>
                    </Stack>
                    <Group gap="xs" wrap="wrap">
                      <Button variant="default" size="md" onClick={() => setDialog({ kind: 'purchase', ingredient: i })} aria-label={`${i.name}: Alış`}>
                        Alış
                      </Button>
                      <Button variant="default" size="md" onClick={() => setDialog({ kind: 'count', ingredient: i })} aria-label={`${i.name}: Sayım`}>
                        Sayım
                      </Button>
                      <Button variant="default" size="md" onClick={() => setDialog({ kind: 'edit', ingredient: i })} aria-label={`${i.name}: Düzenle`}>
                        Düzenle
                      </Button>
                    </Group>
                  </Group>
                </Paper>
              ))}
            </Stack>
          )
        }
      </Loaded>
      <Modal opened={dialog?.kind === 'new' || dialog?.kind === 'edit'} onClose={close} title={dialog?.kind === 'edit' ? 'Malzemeyi Düzenle' : 'Malzeme Ekle'}>
        {(dialog?.kind === 'new' || dialog?.kind === 'edit') && <IngredientForm ingredient={dialog.kind === 'edit' ? dialog.ingredient : null} onDone={close} />}
      </Modal>
      <Modal opened={dialog?.kind === 'purchase' || dialog?.kind === 'count'} onClose={close} title={dialog?.kind === 'count' ? 'Sayım' : 'Alış'}>
        {(dialog?.kind === 'purchase' || dialog?.kind === 'count') && <MovementForm kind={dialog.kind} ingredient={dialog.ingredient} onDone={close} />}
      </Modal>
    </Stack>
  );
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.recipes(currentRestaurantId()) });
}

function IngredientForm({ ingredient, onDone }: { ingredient: IngredientInfo | null; onDone(): void }) {
  const [name, setName] = useState(ingredient?.name ?? '');
  const [unit, setUnit] = useState<Unit>(ingredient?.unit ?? 'g');
  const [cost, setCost] = useState(ingredient ? formatMoneyInput(Math.round(ingredient.unitCost)) : '0,00');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fields = useFieldErrors();
  const refresh = useRefresh();

  const submit = async () => {
    setError(null);
    const money = readTurkishMoney(cost, 'Birim maliyet');
    const parsed = createIngredientRequest.safeParse({ name, unit, unitCost: money.ok ? money.kurus : 0 });
    const errors = parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues);
    if (!money.ok) errors.unitCost = money.error;
    if (fields.show(errors) || !parsed.success || !money.ok) return;
    setBusy(true);
    try {
      if (ingredient) await updateIngredient(ingredient.id, { version: ingredient.version, ...parsed.data });
      else await createIngredient(parsed.data);
      await refresh();
      onDone();
    } catch (err) {
      fields.show(fieldErrorsFrom(err));
      setError(messageFor(err));
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    if (!ingredient) return;
    setBusy(true);
    try {
      await deleteIngredient(ingredient.id, ingredient.version);
      await refresh();
      onDone();
    } catch (err) {
      setError(messageFor(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <TextInput label="Malzeme adı" value={name} onChange={(e) => (setName(e.currentTarget.value), fields.clear('name'))} {...fields.fieldProps('name')} data-autofocus />
        <ChoiceSelect label="Stok birimi" data={unitChoices()} value={unit} onChange={(v) => setUnit(v as Unit)} />
        <TextInput
          label={`Birim maliyet (TL / ${UNIT_LABELS[unit]})`}
          inputMode="decimal"
          value={cost}
          onChange={(e) => (setCost(e.currentTarget.value), fields.clear('unitCost'))}
          {...fields.fieldProps('unitCost')}
        />
        {ingredient && ingredient.recipeCount === 0 && (
          <Group>
            <Button variant="outline" color="red" size="md" onClick={() => void remove()} loading={busy}>
              Malzemeyi Sil
            </Button>
          </Group>
        )}
        <FormActions error={error} isBusy={busy} onCancel={onDone} />
      </Stack>
    </form>
  );
}

function MovementForm({ kind, ingredient, onDone }: { kind: 'purchase' | 'count'; ingredient: IngredientInfo; onDone(): void }) {
  const [quantity, setQuantity] = useState('');
  const [unit, setUnit] = useState<Unit>(ingredient.unit);
  const [total, setTotal] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fields = useFieldErrors();
  const refresh = useRefresh();

  const submit = async () => {
    setError(null);
    const errors: Record<string, string> = {};
    let body;
    if (kind === 'purchase') {
      const money = readTurkishMoney(total, 'Toplam tutar');
      const parsed = purchaseRequest.safeParse({ quantity, unit, totalKurus: money.ok ? money.kurus : 1 });
      if (!parsed.success) Object.assign(errors, fieldErrorsFromIssues(parsed.error.issues));
      if (!money.ok) errors.totalKurus = money.error;
      else if (money.kurus === 0) errors.totalKurus = 'Toplam tutar sıfırdan büyük olmalı';
      body = parsed.data;
    } else {
      const parsed = countRequest.safeParse({ quantity, unit });
      if (!parsed.success) Object.assign(errors, fieldErrorsFromIssues(parsed.error.issues));
      body = parsed.data;
    }
    if (fields.show(errors) || !body) return;
    setBusy(true);
    try {
      if (kind === 'purchase') await recordPurchase(ingredient.id, body as Parameters<typeof recordPurchase>[1]);
      else await recordCount(ingredient.id, body);
      await refresh();
      onDone();
    } catch (err) {
      fields.show(fieldErrorsFrom(err));
      setError(messageFor(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <Text fw={600}>{ingredient.name}</Text>
        {kind === 'count' && <Text size="sm">Rafta şu an ne kadar var? Stok bu sayımdan yeniden başlar.</Text>}
        <Group align="flex-start" gap="sm" wrap="nowrap">
          <TextInput
            label={kind === 'count' ? 'Sayılan miktar' : 'Alınan miktar'}
            inputMode="decimal"
            value={quantity}
            onChange={(e) => (setQuantity(e.currentTarget.value), fields.clear('quantity'))}
            {...fields.fieldProps('quantity')}
            style={{ flex: 1 }}
            data-autofocus
          />
          <ChoiceSelect label="Birim" data={unitChoices(ingredient.unit)} value={unit} onChange={(v) => setUnit(v as Unit)} style={{ width: 110 }} />
        </Group>
        {kind === 'purchase' && (
          <>
            <TextInput label="Toplam tutar (TL)" inputMode="decimal" value={total} onChange={(e) => (setTotal(e.currentTarget.value), fields.clear('totalKurus'))} {...fields.fieldProps('totalKurus')} />
            <Text size="sm">Birim maliyet, eldeki stok ile bu alışın ağırlıklı ortalaması olur (şu an {unitCostText(ingredient.unitCost, ingredient.unit)}).</Text>
          </>
        )}
        <FormActions error={error} isBusy={busy} onCancel={onDone} />
      </Stack>
    </form>
  );
}

