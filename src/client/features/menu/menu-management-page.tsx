import { Alert, Center, Loader, Stack, Tabs, Title } from '@mantine/core';
import { useState } from 'react';
import { CategoriesPanel } from './categories-panel';
import { CsvPanel } from './csv-panel';
import { ItemsPanel } from './items-panel';
import { useMenu } from './api/menu-queries';
import classes from './menu-management.module.css';
import { OptionGroupsPanel } from './option-groups-panel';

const TABS = [
  { value: 'items', label: 'Ürünler' },
  { value: 'categories', label: 'Kategoriler' },
  { value: 'options', label: 'Seçenekler' },
  { value: 'csv', label: 'İçe / Dışa Aktar' },
] as const;

/** Menü Yönetimi: every change shows on every open screen and on the public menu without a reload. */
export default function MenuManagementPage() {
  const menu = useMenu();
  const [tab, setTab] = useState<string>('items');

  return (
    <Stack gap="md">
      <Title order={2}>Menü Yönetimi</Title>
      {menu.error && (
        <Alert color="red" role="alert">
          {menu.error.message}
        </Alert>
      )}
      {menu.isLoading && (
        <Center mih={200} role="status">
          <Loader size="sm" />
        </Center>
      )}
      {menu.data && (
        <Tabs value={tab} onChange={(v) => setTab(v ?? 'items')} keepMounted={false}>
          <Tabs.List mb="md" className={classes.tabs}>
            {TABS.map((t) => (
              <Tabs.Tab key={t.value} value={t.value} fz="md" py="sm">
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="items">
            <ItemsPanel menu={menu.data} />
          </Tabs.Panel>
          <Tabs.Panel value="categories">
            <CategoriesPanel menu={menu.data} />
          </Tabs.Panel>
          <Tabs.Panel value="options">
            <OptionGroupsPanel menu={menu.data} />
          </Tabs.Panel>
          <Tabs.Panel value="csv">
            <CsvPanel />
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}
