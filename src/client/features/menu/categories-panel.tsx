import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Alert, Badge, Button, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import type { AdminMenu, MenuCategory } from '../../../shared/menu-contract';
import { CategoryFormModal } from './category-form-modal';
import { useDeleteCategory, useReorderCategories, useSetCategoryVisible } from './api/menu-mutations';
import classes from './menu-management.module.css';
import { useInstantSwitch } from '../../components/use-instant-switch';
import { ConfirmDeleteModal } from './confirm-delete-modal';

const nameOf = (menu: AdminMenu, id: unknown) => menu.categories.find((c) => c.id === id)?.name ?? '';
const positionOf = (menu: AdminMenu, id: unknown) => menu.categories.findIndex((c) => c.id === id) + 1;

/** Categories in their order: drag by the handle (mouse, touch) or pick it up with Space and move with the arrows. */
export function CategoriesPanel({ menu }: { menu: AdminMenu }) {
  const reorder = useReorderCategories();
  const update = useSetCategoryVisible();
  const remove = useDeleteCategory();
  const [editing, setEditing] = useState<MenuCategory | 'new' | null>(null);
  const [deleting, setDeleting] = useState<MenuCategory | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const counts = new Map<string, number>();
  for (const item of menu.items) counts.set(item.categoryId, (counts.get(item.categoryId) ?? 0) + 1);

  const announcements: Announcements = {
    onDragStart: ({ active }) => `${nameOf(menu, active.id)} seçildi. Ok tuşlarıyla taşıyın, bırakmak için Boşluk, vazgeçmek için Esc.`,
    onDragOver: ({ active, over }) => (over ? `${nameOf(menu, active.id)}, ${positionOf(menu, over.id)}. sıraya taşınıyor.` : ''),
    onDragEnd: ({ active, over }) => (over ? `${nameOf(menu, active.id)} ${positionOf(menu, over.id)}. sıraya bırakıldı.` : ''),
    onDragCancel: ({ active }) => `${nameOf(menu, active.id)} taşınmadı.`,
  };

  function handleDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const ids = menu.categories.map((c) => c.id);
    reorder.mutate(arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  }

  const error = reorder.error ?? update.error;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text c="dimmed" size="sm" maw={560}>
          Sırayı değiştirmek için ⠿ tutamağından sürükleyin; klavyede tutamağa gelip Boşluk, ardından ok tuşları.
        </Text>
        <Button size="md" onClick={() => setEditing('new')}>
          Kategori Ekle
        </Button>
      </Group>
      {error && (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      )}
      {menu.categories.length === 0 && <Text c="dimmed">Henüz kategori yok. İlk kategoriyi ekleyin (ör. 🍲 Çorbalar).</Text>}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={handleDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: 'Taşımak için Boşluk tuşuna basın, ok tuşlarıyla yerini seçin, yeniden Boşluk ile bırakın.' },
        }}
      >
        <SortableContext items={menu.categories.map((c) => c.id)} strategy={verticalListSortingStrategy}>
          <ul className={classes.sortList} aria-label="Kategoriler">
            {menu.categories.map((category) => (
              <CategoryRow
                key={category.id}
                category={category}
                itemCount={counts.get(category.id) ?? 0}
                onToggle={(isVisible) => update.mutateAsync({ id: category.id, version: category.version, isVisible })}
                onEdit={() => setEditing(category)}
                onDelete={() => {
                  remove.reset();
                  setDeleting(category);
                }}
              />
            ))}
          </ul>
        </SortableContext>
      </DndContext>

      {editing && <CategoryFormModal category={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDeleteModal
        target={deleting}
        title="Kategoriyi sil"
        message={(d) => `“${d.icon} ${d.name}” silinecek. Bu işlem geri alınamaz.`}
        remove={remove}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

interface RowProps {
  category: MenuCategory;
  itemCount: number;
  onToggle(isVisible: boolean): Promise<unknown>;
  onEdit(): void;
  onDelete(): void;
}

function CategoryRow({ category, itemCount, onToggle, onEdit, onDelete }: RowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: category.id });
  const visible = useInstantSwitch(category.isVisible, onToggle);
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={classes.sortItem}
      data-dragging={isDragging}
      data-testid="category-row"
    >
      <Paper withBorder radius="md" p="xs" className={classes.categoryRow}>
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray"
          size="xl"
          aria-label={`${category.name} kategorisini taşı`}
          className={classes.handle}
          {...attributes}
          {...listeners}
        >
          <span aria-hidden>⠿</span>
        </ActionIcon>
        <span className={classes.categoryIcon} aria-hidden>
          {category.icon}
        </span>
        <div className={classes.categoryName}>
          <Text fw={600}>{category.name}</Text>
          <Group gap={6}>
            <Text size="sm" c="dimmed">
              {itemCount} ürün
            </Text>
            {!category.isVisible && (
              <Badge color="gray" variant="light" size="sm">
                Gizli
              </Badge>
            )}
          </Group>
        </div>
        <Group gap="xs" className={classes.categoryActions} wrap="nowrap">
          <Switch
            size="md"
            checked={visible.checked}
            onChange={(e) => visible.onChange(e.currentTarget.checked)}
            label="Görünür"
            aria-label={`${category.name} müşteri menüsünde görünür`}
            className={classes.switchRow}
          />
          <Button variant="light" size="md" onClick={onEdit} aria-label={`${category.name} düzenle`}>
            Düzenle
          </Button>
          <Button variant="subtle" color="red" size="md" onClick={onDelete} aria-label={`${category.name} sil`}>
            Sil
          </Button>
        </Group>
      </Paper>
    </li>
  );
}
