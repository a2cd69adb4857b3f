import { Alert, Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { type SimulatedSource } from '../../../shared/online-orders-contract';
import { ONLINE_ORDER_SOURCE_LABELS } from '../../../shared/domain/channels';
import { onlineOrderSimulatorQuery, simulateOnlineOrder } from './api/platform-simulator';
import { queryKeys } from '../../api/query-keys';
import { SettingsSection } from '../../components/settings-section';
import { ErrorNotice } from '../../components/error-notice';

/** "Yemeksepeti'den", "Getir Yemek'ten", ...: the ablative as Turkish writes it after a name. */
const BUTTON_LABELS: Record<SimulatedSource, string> = {
  yemeksepeti: "Yemeksepeti'den deneme siparişi",
  getir: "Getir Yemek'ten deneme siparişi",
  trendyol: "Trendyol Yemek'ten deneme siparişi",
  sofra: 'Kendi Kanalımızdan deneme siparişi',
};

/** A long label wraps onto a second line on a narrow phone instead of running out of its button. */
const WRAPPING = { root: { height: 'auto', minHeight: 50, paddingBlock: 8 }, label: { whiteSpace: 'normal', textAlign: 'center' } } as const;

/**
 * Deneme Siparişleri: on a restaurant set up with demo data only (the server says whether), one
 * button per source sends a realistic sample order through the same door a real one comes in by,
 * so a new owner hears the inbox ring and can follow an order to the kitchen and the courier.
 */
export function PlatformSimulatorSection() {
  const qc = useQueryClient();
  const info = useQuery(onlineOrderSimulatorQuery());
  const send = useMutation({
    mutationFn: (platform: SimulatedSource) => simulateOnlineOrder({ platform }),
    // the live event refreshes the inbox too; this makes the ring immediate on this screen
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.onlineOrders() }),
  });
  if (!info.data?.available) return null;
  const sent = send.data;
  return (
    <SettingsSection title="Deneme Siparişleri">
      <Text size="sm">
        Bu demo restoranı Yemeksepeti, Getir Yemek ve Trendyol Yemek’e deneme bağlantısıyla bağlı. Bir düğmeye bastığınızda o platformdan gerçekçi bir
        örnek sipariş, gerçek bir siparişin geldiği yoldan gelir: her ekranda zil çalar, Online Sipariş Takibi’nde yanıt bekler; onaylayınca mutfağa,
        hazır olunca kuryeye gider. Platformlara giden yanıtlar gönderilmiş sayılır, hiçbir platforma bağlanılmaz.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {info.data.sources.map((source) => (
          <Button
            key={source}
            size="lg"
            variant="default"
            styles={WRAPPING}
            loading={send.isPending && send.variables === source}
            disabled={send.isPending && send.variables !== source}
            onClick={() => send.mutate(source)}
          >
            {BUTTON_LABELS[source]}
          </Button>
        ))}
      </SimpleGrid>
      {sent && !send.isPending && (
        <Alert color="green" role="status">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {ONLINE_ORDER_SOURCE_LABELS[sent.source]} siparişi geldi: #{sent.externalId}. Online Sipariş Takibi’nde yanıt bekliyor.
            </Text>
            <Button component={Link} to="/owner/online-takip" size="lg" color="green.9">
              Siparişlere git
            </Button>
          </Stack>
        </Alert>
      )}
      <ErrorNotice error={send.error} />
    </SettingsSection>
  );
}
