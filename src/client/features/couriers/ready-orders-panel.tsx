import { Alert, Button, Checkbox, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { AssignableTicketSummary, CourierInfo } from '../../../shared/couriers-contract';
import { formatTL } from '../../../shared/domain/money';
import { useAssignToCourier } from './api/courier-mutations';
import { messageFor } from '../../api/field-errors';

/** Hazır paket siparişler: tick one or several, choose a courier, Kuryeye Ver (one trip). */
export function ReadyOrdersPanel({ tickets, couriers }: { tickets: AssignableTicketSummary[]; couriers: CourierInfo[] }) {
  const [chosen, setChosen] = useState<string[]>([]);
  const [courierId, setCourierId] = useState('');
  const stillThere = chosen.filter((id) => tickets.some((t) => t.ticketId === id));
  const target = couriers.some((c) => c.id === courierId) ? courierId : (couriers[0]?.id ?? '');
  const assign = useAssignToCourier(() => setChosen([]));
  const toggle = (id: string, on: boolean) => setChosen((list) => (on ? [...list, id] : list.filter((x) => x !== id)));
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Hazır paket siparişler">
      <Stack gap="sm">
        <Title order={3}>Hazır paket siparişler</Title>
        {tickets.length === 0 ? (
          <Text>Kuryeye verilecek hazır paket sipariş yok. Mutfak hazır dediğinde burada görünür.</Text>
        ) : (
          <>
            {tickets.map((t) => (
              <Checkbox
                key={t.ticketId}
                size="md"
                checked={stillThere.includes(t.ticketId)}
                onChange={(e) => toggle(t.ticketId, e.currentTarget.checked)}
                label={`#${t.number} ${t.customerName ?? ''}, ${t.customerAddress ?? ''} (${formatTL(t.remaining > 0 ? t.remaining : t.total)}${t.remaining === 0 ? ', ödenmiş' : ''})`}
              />
            ))}
            {couriers.length === 0 ? (
              <Alert color="yellow">Sipariş vermek için önce etkin bir kurye ekleyin.</Alert>
            ) : (
              <Group align="end">
                <NativeSelect
                  label="Kurye"
                  size="md"
                  value={target}
                  onChange={(e) => setCourierId(e.currentTarget.value)}
                  data={couriers.map((c) => ({ value: c.id, label: c.name }))}
                />
                <Button size="md" disabled={stillThere.length === 0} loading={assign.isPending} onClick={() => assign.mutate({ courierId: target, ticketIds: stillThere })}>
                  {stillThere.length > 1 ? `${stillThere.length} siparişi kuryeye ver` : 'Kuryeye ver'}
                </Button>
              </Group>
            )}
          </>
        )}
        {assign.error && (
          <Alert color="red" role="alert" withCloseButton onClose={() => assign.reset()}>
            {messageFor(assign.error)}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
