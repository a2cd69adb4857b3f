import { Alert, Button, Group, Loader, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { memo, useMemo, useState } from 'react';
import type { MenuItem, OptionGroup } from '../../../shared/menu-contract';
import { formatTL } from '../../../shared/domain/money';
import { useMenu } from '../menu/api';
import { NOTE_SUGGESTIONS, TICKET_LIMITS } from '../../../shared/ticket-contract';
import {
  defaultSelection,
  groupProblem,
  groupsOf,
  orderableMenu,
  pickerItems,
  selectedOptionIds,
  selectionProblems,
  toggleOption,
  unitPrice,
  type Selection,
} from './order-logic';
import { TicketModal } from './ticket-modal';
import classes from './orders.module.css';

interface Props {
  /** how many of each item are pending on the ticket (shown on its button) */
  pendingCounts: ReadonlyMap<string, number>;
  /** an item without options: one tap adds one */
  onTap(item: MenuItem): void;
  /** an item whose options (and perhaps a quick note) were chosen in the dialog */
  onAdd(item: MenuItem, optionIds: string[], quantity: number, note: string | null): void;
}

const PICKER_TITLE_ID = 'picker-title';

/**
 * Search and categories on top, the items as big buttons under them; sold-out ones disabled. The
 * heading is for screen readers only: on a phone every row of height goes to dishes.
 */
export function MenuPicker({ pendingCounts, onTap, onAdd }: Props) {
  const menuQuery = useMenu();
  const menu = useMemo(() => (menuQuery.data ? orderableMenu(menuQuery.data) : null), [menuQuery.data]);
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [optionsFor, setOptionsFor] = useState<MenuItem | null>(null);

  if (menuQuery.isPending) return <Loader role="status" aria-label="Yükleniyor..." />;
  if (menuQuery.isError || !menu) return <Alert color="red" role="alert">{menuQuery.error?.message ?? 'Menü yüklenemedi.'}</Alert>;

  const category = categoryId ?? menu.categories[0]?.id ?? null;
  const items = pickerItems(menu, category, query);
  const groups = optionsFor && menuQuery.data ? groupsOf(optionsFor, menuQuery.data) : [];
  const tap = (item: MenuItem) => {
    if (menuQuery.data && groupsOf(item, menuQuery.data).length > 0) setOptionsFor(item);
    else onTap(item);
  };

  return (
    <section aria-labelledby={PICKER_TITLE_ID} className={classes.picker}>
      <Stack gap={8}>
        <VisuallyHidden>
          <Title order={3} id={PICKER_TITLE_ID}>
            Ürün Ekle
          </Title>
        </VisuallyHidden>
        <TextInput
          type="search"
          aria-label="Ürün ara"
          placeholder="Ürün ara (ör. çay, iskender)"
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
        />
        {!query.trim() && (
          <div className={classes.categories} role="group" aria-label="Kategoriler">
            {menu.categories.map((c) => (
              <Button key={c.id} variant={c.id === category ? 'filled' : 'default'} aria-pressed={c.id === category} onClick={() => setCategoryId(c.id)}>
                <span aria-hidden>{c.icon}</span>&nbsp;{c.name}
              </Button>
            ))}
          </div>
        )}
        {items.length === 0 ? (
          <Text>{query.trim() ? 'Aramaya uyan ürün yok.' : 'Bu kategoride ürün yok.'}</Text>
        ) : (
          <div className={classes.items} role="group" aria-label={query.trim() ? 'Arama sonuçları' : 'Ürünler'}>
            {items.map((item) => (
              <ItemButton key={item.id} item={item} count={pendingCounts.get(item.id) ?? 0} hasOptions={item.optionGroupIds.length > 0} onTap={tap} />
            ))}
          </div>
        )}
      </Stack>
      <OptionsDialog
        item={optionsFor}
        groups={groups}
        onClose={() => setOptionsFor(null)}
        onAdd={(optionIds, quantity, note) => {
          if (optionsFor) onAdd(optionsFor, optionIds, quantity, note);
          setOptionsFor(null);
        }}
      />
    </section>
  );
}

const ItemButton = memo(function ItemButton({ item, count, hasOptions, onTap }: { item: MenuItem; count: number; hasOptions: boolean; onTap(i: MenuItem): void }) {
  const soldOut = !item.isAvailable;
  return (
    <button
      type="button"
      className={classes.item}
      disabled={soldOut}
      onClick={() => onTap(item)}
      aria-label={`${item.name}, ${formatTL(item.priceKurus)}${soldOut ? ', Tükendi' : ''}${hasOptions ? ', seçenekli' : ''}${count ? `, ${count} eklendi` : ''}`}
      data-testid="menu-item"
    >
      <span className={classes.itemName}>{item.name}</span>
      <span className={classes.itemPrice}>
        <span>{soldOut ? <strong>Tükendi</strong> : formatTL(item.priceKurus)}</span>
        {hasOptions && !soldOut && <> <span>· seçenekli</span></>}
        {count > 0 && <> <span className={classes.itemCount}>· {count} ✓</span></>}
      </span>
    </button>
  );
});

/**
 * The item's option groups; required groups and min/max are enforced before "Ekle" works: it stays
 * disabled, and the dialog says which group still needs a choice. A required single-choice group
 * whose first choice costs nothing starts with it chosen (`defaultSelection`).
 */
export function OptionsDialog({
  item,
  groups,
  onClose,
  onAdd,
}: {
  item: MenuItem | null;
  groups: OptionGroup[];
  onClose(): void;
  onAdd(optionIds: string[], quantity: number, note: string | null): void;
}) {
  const [selection, setSelection] = useState<Selection>(() => defaultSelection(groups));
  const [quantity, setQuantity] = useState(1);
  // Quick notes chosen here go on the new line: no trip to its Not afterwards.
  const [notes, setNotes] = useState<readonly string[]>([]);
  const [forItem, setForItem] = useState<string | null>(item?.id ?? null);
  if ((item?.id ?? null) !== forItem) {
    // A new item starts from its defaults.
    setForItem(item?.id ?? null);
    setSelection(defaultSelection(groups));
    setQuantity(1);
    setNotes([]);
  }
  const problems = selectionProblems(groups, selection);
  const price = item ? unitPrice(item, groups, selection) : 0;
  const add = () => {
    if (problems.length === 0) onAdd(selectedOptionIds(groups, selection), quantity, notes.length ? notes.join(', ') : null);
  };

  return (
    <TicketModal
      opened={item !== null}
      onClose={onClose}
      title={item?.name ?? ''}
      size="md"
      footer={
        item && (
          <Stack gap={8} w="100%">
            <Group gap="xs">
              <Text fw={500}>Adet</Text>
              <Button variant="default" aria-label="Adedi azalt" disabled={quantity <= 1} onClick={() => setQuantity((q) => Math.max(1, q - 1))}>
                −
              </Button>
              <span className={classes.stepperValue} aria-live="polite">
                {quantity}
              </span>
              <Button
                variant="default"
                aria-label="Adedi artır"
                disabled={quantity >= TICKET_LIMITS.quantity}
                onClick={() => setQuantity((q) => Math.min(TICKET_LIMITS.quantity, q + 1))}
              >
                +
              </Button>
            </Group>
            {problems.length > 0 && (
              <Text c="red.8" size="sm" fw={600} id={MISSING_ID} data-testid="options-missing">
                Eklemek için seçin: {problems.join(' · ')}
              </Text>
            )}
            <Button size="lg" onClick={add} disabled={problems.length > 0} aria-describedby={problems.length > 0 ? MISSING_ID : undefined} data-testid="options-add">
              Ekle · {formatTL(price * quantity)}
            </Button>
          </Stack>
        )
      }
    >
      {item && (
        <Stack gap="md">
          {groups.map((g) => {
            const chosen = selection[g.id] ?? [];
            const problem = groupProblem(g, selection);
            const rule = g.isMultiple ? `en fazla ${g.maxChoices}` : 'bir tane';
            return (
              <fieldset key={g.id} style={{ border: 0, padding: 0, margin: 0 }} aria-describedby={`rule-${g.id}`} data-testid={`option-group-${g.name}`}>
                <legend style={{ fontWeight: 700, marginBottom: 4 }}>
                  {g.name} {g.isRequired && <span>(zorunlu)</span>}
                </legend>
                <Text size="sm" c={problem ? 'red.8' : 'dimmed'} fw={problem ? 600 : undefined} id={`rule-${g.id}`} mb={6}>
                  {problem ?? (g.isRequired ? `Seçin: ${g.minChoices > 1 ? `en az ${g.minChoices}, ` : ''}${rule}` : `İsteğe bağlı, ${rule}`)}
                </Text>
                <div className={classes.optionGrid}>
                  {g.options.map((o) => {
                    const on = chosen.includes(o.id);
                    const full = !on && g.isMultiple && chosen.length >= g.maxChoices;
                    return (
                      <Button
                        key={o.id}
                        variant={on ? 'filled' : 'default'}
                        aria-pressed={on}
                        disabled={full}
                        onClick={() => setSelection((s) => toggleOption(s, g, o.id))}
                        styles={{ label: { whiteSpace: 'normal' }, root: { height: 'auto', minHeight: 44 } }}
                      >
                        {on ? '✓ ' : ''}
                        {o.name}
                        {o.priceKurus > 0 ? ` +${formatTL(o.priceKurus)}` : ''}
                      </Button>
                    );
                  })}
                </div>
              </fieldset>
            );
          })}
          <fieldset style={{ border: 0, padding: 0, margin: 0 }} data-testid="option-notes">
            <legend style={{ fontWeight: 700, marginBottom: 4 }}>Not (isteğe bağlı)</legend>
            <div className={classes.optionGrid}>
              {NOTE_SUGGESTIONS.map((n) => {
                const on = notes.includes(n);
                return (
                  <Button key={n} variant={on ? 'filled' : 'default'} aria-pressed={on} onClick={() => setNotes((all) => (on ? all.filter((x) => x !== n) : [...all, n]))}>
                    {on ? '✓ ' : '+ '}
                    {n}
                  </Button>
                );
              })}
            </div>
          </fieldset>
        </Stack>
      )}
    </TicketModal>
  );
}

/** The line under the options that says which group still needs a choice; "Ekle" points to it. */
const MISSING_ID = 'options-missing';
