import { Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { Modal } from '../../components/modal';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { MENU_LIMITS, type MenuCategory } from '../../../shared/menu-contract';
import { EmojiPicker } from './emoji-picker';
import { useCreateCategory, useUpdateCategory } from './api/menu-mutations';
import { FormActions } from '../../components/form-actions';
import classes from './menu-management.module.css';

/** Adds a category (category = null) or edits one: an icon (emoji or one short word) and a name. */
export function CategoryFormModal({ category, onClose }: { category: MenuCategory | null; onClose(): void }) {
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const isPhone = useMediaQuery('(max-width: 48em)');
  const [icon, setIcon] = useState(category?.icon ?? '🍲');
  const [name, setName] = useState(category?.name ?? '');
  const [isVisible, setVisible] = useState(category?.isVisible ?? true);
  const [tried, setTried] = useState(false);
  const mutation = category ? update : create;

  const iconError = !icon.trim() ? 'Bir simge seçin ya da yazın' : /\s/.test(icon.trim()) ? 'Simge boşluk içeremez' : null;
  const nameError = !name.trim() ? 'Kategori adı boş olamaz' : null;

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (iconError || nameError) return;
    const body = { icon: icon.trim(), name: name.trim(), isVisible };
    if (category) await update.mutateAsync({ id: category.id, version: category.version, ...body });
    else await create.mutateAsync(body);
    onClose();
  }

  return (
    <Modal opened onClose={onClose} title={category ? 'Kategoriyi Düzenle' : 'Kategori Ekle'} fullScreen={isPhone} centered size="lg">
      <form onSubmit={(e) => void handleSubmit(e).catch(() => {})} noValidate>
        <Stack>
          <div>
            <Text fw={500} size="sm" mb={6}>
              Simge
            </Text>
            <EmojiPicker value={icon} onChange={setIcon} />
          </div>
          <Group align="flex-start" wrap="nowrap">
            <TextInput
              label="Simge (emoji ya da kısa kelime)"
              value={icon}
              onChange={(e) => setIcon(e.currentTarget.value)}
              maxLength={MENU_LIMITS.icon}
              error={tried && iconError}
              w={150}
              classNames={{ input: classes.iconInput }}
            />
            <TextInput
              label="Kategori adı"
              placeholder="ör. Çorbalar"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              maxLength={MENU_LIMITS.categoryName}
              error={tried && nameError}
              style={{ flex: 1 }}
              data-autofocus
              required
            />
          </Group>
          <Text size="sm" c="dimmed">
            Müşteri menüsünde görünen başlık: <b>{name.trim() || '…'}</b> (simge: {icon.trim() || '…'})
          </Text>
          <Switch
            size="md"
            label="Müşteri menüsünde görünsün"
            checked={isVisible}
            onChange={(e) => setVisible(e.currentTarget.checked)}
            className={classes.switchRow}
          />
          <FormActions error={mutation.error?.message} isBusy={mutation.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
