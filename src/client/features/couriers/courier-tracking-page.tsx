import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import type { CourierBoardResponse } from '../../../shared/couriers-contract';
import { courierBoardQuery } from './api/couriers';
import { Loaded } from '../../components/loaded';
import { useNow } from '../../components/use-now';
import { AddCourierForm } from './courier-form';
import { CourierCard } from './courier-card';
import { ageText, isLivePosition } from './courier-time';
import { LeafletCourierMap } from './leaflet-courier-map';
import type { MapMark } from './map-marks';
import { PlainCourierMap } from './plain-courier-map';
import { ReadyOrdersPanel } from './ready-orders-panel';

/**
 * Kurye Takibi: the ready Paket Servis orders to give, the couriers on a map (Leaflet with the
 * tile server of Ayarlar, a plain plan without one) and in a list with their orders, positions
 * and the money they collected. Live 'couriers' events keep it current.
 */
export default function CourierTrackingPage() {
  const board = useQuery(courierBoardQuery());
  return (
    <Stack gap="lg">
      <Title order={2}>Kurye Takibi</Title>
      <Loaded query={board}>{(data) => <Board data={data} />}</Loaded>
    </Stack>
  );
}

/** The server's clock now: the board's serverTime plus what has passed here since it arrived. */
function useServerNow(serverTime: string) {
  const arrived = useRef({ serverTime, at: Date.now() });
  if (arrived.current.serverTime !== serverTime) arrived.current = { serverTime, at: Date.now() };
  const now = useNow(10_000);
  return Date.parse(arrived.current.serverTime) + (now - arrived.current.at);
}

function Board({ data }: { data: CourierBoardResponse }) {
  const now = useServerNow(data.serverTime);
  const active = data.couriers.filter((c) => c.isActive);
  const marks: MapMark[] = useMemo(
    () =>
      data.couriers.flatMap((c) =>
        c.lastPosition
          ? [{ id: c.id, name: c.name, ...c.lastPosition, isLive: isLivePosition(c.lastPosition.recordedAt, now), age: ageText(c.lastPosition.recordedAt, now) }]
          : [],
      ),
    [data.couriers, now],
  );
  return (
    <>
      <ReadyOrdersPanel tickets={data.assignable} couriers={active} />
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Title order={3}>Harita</Title>
          {data.mapTileUrl ? (
            <LeafletCourierMap marks={marks} tileUrl={data.mapTileUrl} />
          ) : (
            <>
              <Text size="sm">Harita sunucusu ayarlanmadı: konumlar düz bir plan üzerinde gösteriliyor (Ayarlar, Harita adresi).</Text>
              <PlainCourierMap marks={marks} />
            </>
          )}
        </Stack>
      </Paper>
      <Stack gap="md" component="section" aria-label="Kuryeler">
        <Title order={3}>Kuryeler</Title>
        {data.couriers.length === 0 && <Alert color="blue">Henüz kurye yok. Aşağıdan ilk kuryenizi ekleyin.</Alert>}
        {data.couriers.map((c) => (
          <CourierCard key={c.id} courier={c} now={now} />
        ))}
      </Stack>
      <AddCourierForm />
    </>
  );
}
