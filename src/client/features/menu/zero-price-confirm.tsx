import { Button, Group, List, Stack, Text } from '@mantine/core';
import { Modal } from '../../components/modal';

interface Props {
  opened: boolean;
  onConfirm(): void;
  onCancel(): void;
  /**
   * The dishes a bulk change (Toplu Fiyat, CSV import) would make 0,00 TL, listed so the owner sees
   * which; left out: the one dish of the form being saved.
   */
  itemNames?: readonly string[];
}

/** How many names the list shows; the rest are counted. */
const SHOWN_NAMES = 10;

/**
 * Asked before a dish is saved at 0,00 TL: an empty or mistyped price would otherwise go onto the
 * public menu as a free dish (the server refuses 0 without this confirmation, too).
 */
export function ZeroPriceConfirm({ opened, onConfirm, onCancel, itemNames }: Props) {
  const isBulk = itemNames !== undefined;
  const hidden = isBulk ? itemNames.length - SHOWN_NAMES : 0;
  return (
    <Modal opened={opened} onClose={onCancel} title="Fiyat 0,00 TL" centered>
      <Stack>
        {isBulk ? (
          <>
            <Text fw={600}>{itemNames.length} ürünün fiyatı 0,00 TL olacak. Emin misiniz?</Text>
            <List size="sm" aria-label="Fiyatı 0,00 TL olacak ürünler">
              {itemNames.slice(0, SHOWN_NAMES).map((name, i) => (
                <List.Item key={`${name}-${i}`}>{name}</List.Item>
              ))}
            </List>
            {hidden > 0 && <Text size="sm">ve {hidden} ürün daha</Text>}
            <Text size="sm" c="dimmed">
              Bu ürünler müşteri menüsünde ücretsiz görünür.
            </Text>
          </>
        ) : (
          <Text>Fiyatı 0,00 TL olarak kaydetmek istiyor musunuz? Ürün müşteri menüsünde ücretsiz görünür.</Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" size="md" onClick={onCancel} data-autofocus>
            {isBulk ? 'Vazgeç' : 'Fiyatı Düzelt'}
          </Button>
          <Button size="md" color="orange" onClick={onConfirm}>
            0,00 TL olarak kaydet
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
