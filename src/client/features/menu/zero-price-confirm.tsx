import { Button, Group, Stack, Text } from '@mantine/core';
import { Modal } from '../../components/modal';

interface Props {
  opened: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * Asked before a dish is saved at 0,00 TL: an empty or mistyped price would otherwise go onto the
 * public menu as a free dish (the server refuses 0 without this confirmation, too).
 */
export function ZeroPriceConfirm({ opened, onConfirm, onCancel }: Props) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Fiyat 0,00 TL" centered>
      <Stack>
        <Text>Fiyatı 0,00 TL olarak kaydetmek istiyor musunuz? Ürün müşteri menüsünde ücretsiz görünür.</Text>
        <Group justify="flex-end">
          <Button variant="default" size="md" onClick={onCancel} data-autofocus>
            Fiyatı Düzelt
          </Button>
          <Button size="md" color="orange" onClick={onConfirm}>
            0,00 TL olarak kaydet
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
