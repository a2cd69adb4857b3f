import { SegmentedControl, Stack } from '@mantine/core';
import { useState } from 'react';
import touch from '../../components/touch-targets.module.css';
import KitchenScreen from './kitchen-screen';
import { kt } from './kitchen-text';
import WaiterScreen from './waiter-screen';

type View = 'kitchen' | 'ready';

/** The owner's Mutfak Ekranı: the kitchen's cards, and every waiter's lines ready to serve. */
export default function OwnerKitchenPage() {
  const [view, setView] = useState<View>('kitchen');
  return (
    <Stack gap="sm">
      <SegmentedControl
        className={touch.touch}
        value={view}
        onChange={(v) => setView(v as View)}
        data={[
          { value: 'kitchen', label: kt.kitchenTitle },
          { value: 'ready', label: `✓ ${kt.readyTitle}` },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {view === 'kitchen' ? <KitchenScreen title={kt.kitchenTitle} /> : <WaiterScreen />}
    </Stack>
  );
}
