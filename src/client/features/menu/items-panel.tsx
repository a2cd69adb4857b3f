import { ActionIcon, Alert, Badge, Button, Group, Image, Menu, Paper, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { AdminMenu, MenuItem } from '../../../shared/menu-contract';
import { formatTL } from '../../../shared/domain/money';
import { matchesSearch } from '../../../shared/turkish-search';
import { ItemFormModal } from './item-form-modal';
import { useDeleteItem, useDuplicateItem, useSetItemAvailable } from './api/menu-mutations';
import classes from './menu-management.module.css';
import { PriceChangeModal } from './price-change-modal';
import { useInstantSwitch } from '../../components/use-instant-switch';
import { ConfirmDeleteModal } from './confirm-delete-modal';
import { ChoiceSelect } from '../../components/choice-select';

const ALL = 'all';

/** Items grouped by category, searchable the Turkish way, with sold-out switches and row actions. */
export function ItemsPanel({ menu }: { menu: AdminMenu }) {
  const [search, setSearch] = useState('');
  const [categoryFilter, setCategoryFilter] = useState<string>(ALL);
  const [editing, setEditing] = useState<MenuItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<MenuItem | null>(null);
  const [isPricing, setPricing] = useState(false);
  const update = useSetItemAvailable();
  const duplicate = useDuplicateItem();
  const remove = useDeleteItem();

  const groups = menu.categories
    .filter((c) => categoryFilter === ALL || c.id === categoryFilter)
    .map((c) => ({ category: c, items: menu.items.filter((i) => i.categoryId === c.id && matchesSearch(i.name, search)) }))
    .filter((g) => g.items.length > 0 || (!search && categoryFilter !== ALL));
  const shown = groups.reduce((n, g) => n + g.items.length, 0);
  const error = update.error ?? duplicate.error;

  return (
    <Stack gap="md">
      <Group align="flex-end" wrap="wrap" gap="sm">
        <TextInput
          label="Ürün ara"
          placeholder="ör. işkembe"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          style={{ flex: '1 1 200px' }}
          size="md"
        />
        <ChoiceSelect
          label="Kategori"
          size="md"
          data={[{ value: ALL, label: 'Tüm kategoriler' }, ...menu.categories.map((c) => ({ value: c.id, label: `${c.icon} ${c.name}` }))]}
          value={categoryFilter}
          onChange={(v) => setCategoryFilter(v || ALL)}
          style={{ flex: '1 1 200px' }}
        />
        <Group gap="sm" wrap="nowrap">
          <Button variant="default" size="md" onClick={() => setPricing(true)} disabled={menu.items.length === 0}>
            Toplu Fiyat
          </Button>
          <Button size="md" onClick={() => setEditing('new')} disabled={menu.categories.length === 0}>
            Ürün Ekle
          </Button>
        </Group>
      </Group>
      {menu.categories.length === 0 && <Text c="dimmed">Ürün eklemeden önce Kategoriler sekmesinden bir kategori ekleyin.</Text>}
      {error && (
        <Alert color="red" role="alert" withCloseButton onClose={() => (update.reset(), duplicate.reset())}>
          {error.message}
        </Alert>
      )}
      {search && (
        <Text size="sm" c="dimmed" role="status">
          {shown === 0 ? `“${search}” ile eşleşen ürün yok.` : `${shown} ürün bulundu.`}
        </Text>
      )}

      {groups.map(({ category, items }) => (
        <section key={category.id} aria-labelledby={`items-${category.id}`}>
          <Group gap="xs" mb={6}>
            <Text component="h3" id={`items-${category.id}`} fw={700} size="lg" m={0}>
              {category.icon} {category.name}
            </Text>
            <Text size="sm" c="dimmed">
              ({items.length})
            </Text>
            {!category.isVisible && (
              <Badge color="gray" variant="light">
                Gizli kategori
              </Badge>
            )}
          </Group>
          <Stack gap={6}>
            {items.length === 0 && (
              <Text size="sm" c="dimmed">
                Bu kategoride ürün yok.
              </Text>
            )}
            {items.map((item) => (
              <ItemRow
                key={item.id}
                item={item}
                menu={menu}
                onToggle={(isAvailable) => update.mutateAsync({ id: item.id, version: item.version, isAvailable })}
                onEdit={() => setEditing(item)}
                onDuplicate={() => duplicate.mutate(item.id)}
                onDelete={() => {
                  remove.reset();
                  setDeleting(item);
                }}
              />
            ))}
          </Stack>
        </section>
      ))}

      {editing && (
        <ItemFormModal
          menu={menu}
          item={editing === 'new' ? null : editing}
          categoryId={categoryFilter !== ALL ? categoryFilter : undefined}
          onClose={() => setEditing(null)}
        />
      )}
      {isPricing && <PriceChangeModal menu={menu} initialCategoryId={categoryFilter !== ALL ? categoryFilter : undefined} onClose={() => setPricing(false)} />}
      <ConfirmDeleteModal
        target={deleting}
        title="Ürünü sil"
        message={(d) => `“${d.name}” menüden silinecek. Bu işlem geri alınamaz; geçici olarak kaldırmak için “Tükendi” yapın.`}
        remove={remove}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

interface RowProps {
  item: MenuItem;
  menu: AdminMenu;
  onToggle(isAvailable: boolean): Promise<unknown>;
  onEdit(): void;
  onDuplicate(): void;
  onDelete(): void;
}

function ItemRow({ item, menu, onToggle, onEdit, onDuplicate, onDelete }: RowProps) {
  const available = useInstantSwitch(item.isAvailable, onToggle);
  const groupNames = item.optionGroupIds.map((id) => menu.optionGroups.find((g) => g.id === id)?.name).filter(Boolean);
  return (
    <Paper withBorder radius="md" p="xs" className={classes.itemRow} data-testid="item-row" data-sold-out={!item.isAvailable} aria-label={item.name}>
      {item.photoUrl ? (
        <Image src={item.photoUrl} alt="" w={56} h={56} radius="sm" fit="cover" className={classes.thumb} loading="lazy" />
      ) : (
        <div className={classes.thumbPlaceholder} aria-hidden>
          🍽️
        </div>
      )}
      <div className={classes.itemText}>
        <Group gap={6} wrap="nowrap">
          <Text fw={600} truncate>
            {item.name}
          </Text>
          {!item.isAvailable && (
            <Badge color="red" variant="light" size="sm">
              Tükendi
            </Badge>
          )}
        </Group>
        {item.description && (
          <Text size="sm" c="dimmed" lineClamp={1}>
            {item.description}
          </Text>
        )}
        <Group gap={6} mt={2}>
          <Badge variant="outline" color="gray" size="sm" tt="none">
            {item.station}
          </Badge>
          <Badge variant="outline" color="gray" size="sm" tt="none">
            KDV %{item.vatRate}
          </Badge>
          {groupNames.length > 0 && (
            <Text size="xs" c="dimmed">
              Seçenekler: {groupNames.join(', ')}
            </Text>
          )}
        </Group>
      </div>
      <Text fw={700} className={classes.price}>
        {formatTL(item.priceKurus)}
      </Text>
      <Group gap="xs" wrap="nowrap" className={classes.itemActions}>
        <Switch
          size="md"
          checked={available.checked}
          onChange={(e) => available.onChange(e.currentTarget.checked)}
          label={available.checked ? 'Satışta' : 'Tükendi'}
          aria-label={`${item.name} satışta`}
          className={classes.switchRow}
        />
        <Button variant="light" size="md" onClick={onEdit} aria-label={`${item.name} düzenle`}>
          Düzenle
        </Button>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" size="xl" aria-label={`${item.name} için diğer işlemler`}>
              <span aria-hidden>⋯</span>
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={onDuplicate} className={classes.menuItem}>
              Kopyala
            </Menu.Item>
            <Menu.Item color="red" onClick={onDelete} className={classes.menuItem}>
              Sil
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Paper>
  );
}
