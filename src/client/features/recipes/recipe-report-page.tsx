import { Stack, Tabs, Title } from '@mantine/core';
import { useState } from 'react';
import { IngredientsTab } from './ingredients-tab';
import { RecipesTab } from './recipes-tab';
import { ReportTab } from './report-tab';

/**
 * Reçete Raporu (owner, issue 23): the report of a period (theoretical use, cost of goods and
 * margin, dishes sold without a recipe), Malzemeler (ingredients with Alış and Sayım) and Reçeteler
 * (each dish's recipe and its options'). Recipes are edited here, beside the figures they change.
 */
export default function RecipeReportPage() {
  const [tab, setTab] = useState<string | null>('report');
  return (
    <Stack gap="md" maw={1100}>
      <Title order={2}>Reçete Raporu</Title>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="report">Rapor</Tabs.Tab>
          <Tabs.Tab value="ingredients">Malzemeler</Tabs.Tab>
          <Tabs.Tab value="recipes">Reçeteler</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="report" pt="md">
          <ReportTab />
        </Tabs.Panel>
        <Tabs.Panel value="ingredients" pt="md">
          <IngredientsTab />
        </Tabs.Panel>
        <Tabs.Panel value="recipes" pt="md">
          <RecipesTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
