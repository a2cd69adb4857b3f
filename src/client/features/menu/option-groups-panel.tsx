import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { AdminMenu, OptionGroup } from '../../../shared/menu-contract';
import { useDeleteOptionGroup } from './api/menu-mutations';
import { describeGroup, describeOption } from './menu-format';
import { OptionGroupFormModal } from './option-group-form-modal';
import { ConfirmDeleteModal } from './confirm-delete-modal';

/** Reusable option groups; attach them to items in the item form. They print as the receipt's add-ons. */
export function OptionGroupsPanel({ menu }: { menu: AdminMenu }) {
  const [editing, setEditing] = useState<OptionGroup | 'new' | null>(null);
  const [deleting, setDeleting] = useState<OptionGroup | null>(null);
  const remove = useDeleteOptionGroup();
  const usage = (id: string) => menu.items.filter((i) => i.optionGroupIds.includes(id)).length;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text c="dimmed" size="sm" maw={560}>
          Porsiyon, pişirme, ekstralar gibi grupları bir kez tanımlayın, ürünlere bağlayın. Ek fiyatlar fişte ürünün altında yazar.
        </Text>
        <Button size="md" onClick={() => setEditing('new')}>
          Seçenek Grubu Ekle
        </Button>
      </Group>
      {menu.optionGroups.length === 0 && <Text c="dimmed">Henüz seçenek grubu yok.</Text>}
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
        {menu.optionGroups.map((g) => (
          <Paper key={g.id} withBorder radius="md" p="md" data-testid="option-group-card" aria-label={g.name}>
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <div>
                <Text fw={700}>{g.name}</Text>
                <Text size="sm" c="dimmed">
                  {describeGroup(g)}
                </Text>
              </div>
              <Badge variant="light">{usage(g.id)} ürün</Badge>
            </Group>
            <Group gap={6} mt="xs">
              {g.options.map((o) => (
                <Badge key={o.id} variant="outline" color="gray" tt="none" size="lg">
                  {describeOption(o)}
                </Badge>
              ))}
            </Group>
            <Group gap="xs" mt="md">
              <Button variant="light" size="md" onClick={() => setEditing(g)} aria-label={`${g.name} düzenle`}>
                Düzenle
              </Button>
              <Button
                variant="subtle"
                color="red"
                size="md"
                onClick={() => {
                  remove.reset();
                  setDeleting(g);
                }}
                aria-label={`${g.name} sil`}
              >
                Sil
              </Button>
            </Group>
          </Paper>
        ))}
      </SimpleGrid>
      {editing && <OptionGroupFormModal group={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDeleteModal
        target={deleting}
        title="Seçenek grubunu sil"
        message={(d) => `“${d.name}” silinecek${usage(d.id) > 0 ? ` ve ${usage(d.id)} üründen kaldırılacak` : ''}. Ürünler menüde kalır.`}
        remove={remove}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
