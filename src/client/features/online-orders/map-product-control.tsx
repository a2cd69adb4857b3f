import { Button, Group, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { DeliveryPlatform } from '../../../shared/domain/channels';
import { mapPlatformProduct } from './api/online-orders-mutations';
import { queryKeys } from '../../api/query-keys';
import { useMenu } from '../menu/api';
import { ChoiceSelect } from '../../components/choice-select';
import { dishChoices, suggestedDish } from './dish-choices';
import { pt } from './platform-text';
import { ErrorNotice } from '../../components/error-notice';

/**
 * Eşleştir, on an unmapped line of a waiting platform order: choose the Sofra dish (a native select
 * on touch) and the platform's code is mapped for good; this order and every other waiting one
 * with that code get the dish, and the card updates (the answer's live event and the refetch).
 */
export function MapProductControl({ platform, code, name }: { platform: DeliveryPlatform; code: string; name: string }) {
  const qc = useQueryClient();
  const menu = useMenu();
  const dishes = useMemo(() => dishChoices(menu.data), [menu.data]);
  const [isOpen, setOpen] = useState(false);
  const [dish, setDish] = useState('');
  const map = useMutation({
    mutationFn: () => mapPlatformProduct(platform, code, { menuItemId: dish }),
    onSuccess: async () => {
      setOpen(false);
      await qc.invalidateQueries({ queryKey: queryKeys.onlineOrders() });
    },
  });
  if (!isOpen) {
    return (
      <Button
        size="md"
        variant="outline"
        color="dark"
        onClick={() => {
          setDish(suggestedDish(dishes, name));
          map.reset();
          setOpen(true);
        }}
        aria-label={`${pt.mapNow}: ${name}`}
      >
        {pt.mapNow}
      </Button>
    );
  }
  return (
    <Stack gap="xs">
      <ChoiceSelect label={pt.mapFor(name)} data={dishes} value={dish} emptyLabel={pt.chooseDish} onChange={setDish} size="md" />
      <ErrorNotice error={map.error} />
      <Group gap="sm">
        <Button size="md" color="dark" disabled={!dish} loading={map.isPending} onClick={() => map.mutate()}>
          {pt.mapSave}
        </Button>
        <Button size="md" variant="default" onClick={() => setOpen(false)}>
          {pt.mapCancel}
        </Button>
      </Group>
    </Stack>
  );
}
