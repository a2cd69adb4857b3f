import { Alert, Badge, Button, Checkbox, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatTL } from '../../../shared/domain/money';
import { RECIPE_MODES, type IngredientInfo, type RecipeBookResponse, type RecipeInfo, type RecipeMode, type SaveRecipeRequest } from '../../../shared/recipes-contract';
import { QUANTITY_PATTERN, UNITS, UNIT_LABELS, UNIT_MESSAGES, areCompatible, type Unit } from '../../../shared/units';
import { fieldErrorsFrom, messageFor, useFieldErrors } from '../../api/field-errors';
import { ingredientsQuery, recipeBookQuery, saveItemRecipe, saveOptionRecipe } from './api/recipes';
import { queryKeys } from '../../api/query-keys';
import { currentRestaurantId } from '../../api/restaurant';
import { ChoiceSelect } from '../../components/choice-select';
import { Loaded } from '../../components/loaded';

type Dish = RecipeBookResponse['items'][number];
interface Row {
  key: number;
  ingredientId: string;
  quantity: string;
  unit: Unit;
  remove: boolean;
}

const MODE_LABELS: Record<RecipeMode, string> = {
  add: 'Ekle / çıkar (ürünün reçetesine ek)',
  scale: 'Porsiyon çarpanı (ürünün reçetesi × çarpan)',
  replace: 'Kendi reçetesi (ürünün reçetesi yerine)',
};
let nextKey = 1;
const rowsOf = (recipe: RecipeInfo | null): Row[] =>
  (recipe?.lines ?? []).map((l) => ({ key: nextKey++, ingredientId: l.ingredientId, quantity: l.quantity, unit: l.unit, remove: l.remove }));

/** Reçeteler: pick a dish, edit its recipe and its options' recipes. Dishes without one are flagged. */
export function RecipesTab() {
  const book = useQuery(recipeBookQuery());
  const ingredients = useQuery(ingredientsQuery());
  const [dishId, setDishId] = useState('');
  return (
    <Loaded query={book}>
      {(data) => {
        const missing = data.items.filter((i) => i.recipe === null).length;
        const dish = data.items.find((i) => i.menuItemId === dishId) ?? null;
        return (
          <Stack gap="md">
            {missing > 0 && (
              <Alert color="yellow" role="status">
                {missing} ürünün reçetesi yok: satışları maliyetsiz kalır ve raporda "Reçetesiz" olarak görünür.
              </Alert>
            )}
            <ChoiceSelect
              label="Ürün"
              emptyLabel="Ürün seçin"
              data={data.items.map((i) => ({ value: i.menuItemId, label: `${i.name} · ${i.categoryName}${i.recipe ? '' : ' (reçetesiz)'}` }))}
              value={dishId}
              onChange={setDishId}
            />
            {dish && ingredients.data && <DishEditor key={`${dish.menuItemId}:${dish.recipe?.version ?? 0}`} dish={dish} ingredients={ingredients.data} />}
            {dish && ingredients.data?.length === 0 && <Text>Önce Malzemeler sekmesinden malzeme ekleyin.</Text>}
          </Stack>
        );
      }}
    </Loaded>
  );
}

function DishEditor({ dish, ingredients }: { dish: Dish; ingredients: IngredientInfo[] }) {
  return (
    <Stack gap="md">
      <Paper withBorder p="sm">
        <Group gap="xs" mb="xs" wrap="wrap">
          <Title order={3} size="h4">
            {dish.name}
          </Title>
          {dish.recipe ? <Badge variant="light">Reçete v{dish.recipe.version} · {formatTL(dish.recipe.cost)}</Badge> : <Badge color="dark" variant="outline">Reçetesiz</Badge>}
        </Group>
        <RecipeForm target={{ kind: 'item', id: dish.menuItemId }} recipe={dish.recipe} ingredients={ingredients} name={dish.name} />
      </Paper>
      {dish.options.length > 0 && (
        <Title order={3} size="h4">
          Seçenekler
        </Title>
      )}
      {dish.options.map((o) => (
        <Paper withBorder p="sm" key={`${o.optionId}:${o.recipe?.version ?? 0}`}>
          <Group gap="xs" mb="xs" wrap="wrap">
            <Text fw={600}>
              {o.groupName}: {o.name}
            </Text>
            {o.recipe ? <Badge variant="light">v{o.recipe.version}</Badge> : <Badge variant="outline">Reçete etkisi yok</Badge>}
          </Group>
          <RecipeForm target={{ kind: 'option', id: o.optionId }} recipe={o.recipe} ingredients={ingredients} name={`${o.groupName}: ${o.name}`} />
        </Paper>
      ))}
    </Stack>
  );
}

function RecipeForm({ target, recipe, ingredients, name }: { target: { kind: 'item' | 'option'; id: string }; recipe: RecipeInfo | null; ingredients: IngredientInfo[]; name: string }) {
  const [rows, setRows] = useState<Row[]>(() => rowsOf(recipe));
  const [mode, setMode] = useState<RecipeMode>(recipe?.mode ?? 'add');
  const [factor, setFactor] = useState(recipe?.factor ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const fields = useFieldErrors();
  const queryClient = useQueryClient();
  useEffect(() => setSaved(false), [rows, mode, factor]);
  const byId = new Map(ingredients.map((i) => [i.id, i]));
  const isOption = target.kind === 'option';

  const update = (key: number, patch: Partial<Row>) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const add = () => {
    const first = ingredients.find((i) => !rows.some((r) => r.ingredientId === i.id)) ?? ingredients[0];
    setRows((rs) => [...rs, { key: nextKey++, ingredientId: first.id, quantity: '', unit: first.unit, remove: false }]);
  };

  const submit = async () => {
    setError(null);
    const errors: Record<string, string> = {};
    rows.forEach((r, i) => {
      const ingredient = byId.get(r.ingredientId);
      if (!r.remove && !QUANTITY_PATTERN.test(r.quantity.trim())) errors[`lines.${i}.quantity`] = UNIT_MESSAGES.badQuantity;
      if (ingredient && !areCompatible(r.unit, ingredient.unit)) errors[`lines.${i}.unit`] = UNIT_MESSAGES.incompatible;
    });
    if (isOption && mode === 'scale' && !QUANTITY_PATTERN.test(factor.trim())) errors.factor = 'Porsiyon çarpanı girin (ör. 1,5)';
    if (fields.show(errors)) return;
    const body: SaveRecipeRequest = {
      version: recipe?.version ?? 0,
      mode: isOption ? mode : 'add',
      factor: isOption && mode === 'scale' ? factor.trim() : null,
      lines: rows.map((r) => ({ ingredientId: r.ingredientId, quantity: r.remove ? '0' : r.quantity.trim(), unit: r.unit, remove: r.remove })),
    };
    setBusy(true);
    try {
      const next = target.kind === 'item' ? await saveItemRecipe(target.id, body) : await saveOptionRecipe(target.id, body);
      queryClient.setQueryData(recipeBookQuery().queryKey, next);
      await queryClient.invalidateQueries({ queryKey: queryKeys.recipes(currentRestaurantId()) });
      setSaved(true);
    } catch (err) {
      fields.show(fieldErrorsFrom(err));
      setError(messageFor(err));
    } finally {
      setBusy(false);
    }
  };

  const ingredientChoices = ingredients.map((i) => ({ value: i.id, label: i.name }));
  return (
    <form
      noValidate
      aria-label={`${name} reçetesi`}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        {isOption && (
          <ChoiceSelect label="Reçeteye etkisi" data={RECIPE_MODES.map((m) => ({ value: m, label: MODE_LABELS[m] }))} value={mode} onChange={(v) => setMode(v as RecipeMode)} />
        )}
        {isOption && mode === 'scale' && (
          <TextInput label="Porsiyon çarpanı" description="ör. 1,5 porsiyon için 1,5" inputMode="decimal" value={factor} onChange={(e) => (setFactor(e.currentTarget.value), fields.clear('factor'))} {...fields.fieldProps('factor')} />
        )}
        {rows.length === 0 && <Text size="sm">{isOption ? 'Malzeme eklenmedi.' : 'Bu ürünün reçetesi yok.'}</Text>}
        {rows.map((r, i) => {
          const ingredient = byId.get(r.ingredientId);
          return (
            <Paper key={r.key} withBorder p="xs" aria-label={`Satır ${i + 1}`}>
              <Stack gap="xs">
                <ChoiceSelect
                  label="Malzeme"
                  data={ingredientChoices}
                  value={r.ingredientId}
                  onChange={(v) => update(r.key, { ingredientId: v, unit: byId.get(v)?.unit ?? r.unit })}
                />
                <Group align="flex-start" gap="xs" wrap="nowrap">
                  {!r.remove && (
                    <TextInput
                      label="Miktar"
                      inputMode="decimal"
                      value={r.quantity}
                      onChange={(e) => (update(r.key, { quantity: e.currentTarget.value }), fields.clear(`lines.${i}.quantity`))}
                      {...fields.fieldProps(`lines.${i}.quantity`)}
                      style={{ flex: 1 }}
                    />
                  )}
                  {!r.remove && (
                    <ChoiceSelect
                      label="Birim"
                      data={UNITS.filter((u) => !ingredient || areCompatible(u, ingredient.unit)).map((u) => ({ value: u, label: UNIT_LABELS[u] }))}
                      value={r.unit}
                      onChange={(v) => update(r.key, { unit: v as Unit })}
                      error={fields.errors[`lines.${i}.unit`]}
                      style={{ width: 110 }}
                    />
                  )}
                </Group>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  {isOption ? (
                    <Checkbox label="Bu malzemeyi çıkar (ör. Soğansız)" checked={r.remove} onChange={(e) => update(r.key, { remove: e.currentTarget.checked })} />
                  ) : (
                    <span />
                  )}
                  <Button variant="subtle" color="red" size="md" onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))} aria-label={`${ingredient?.name ?? 'Malzeme'} satırını sil`}>
                    Sil
                  </Button>
                </Group>
              </Stack>
            </Paper>
          );
        })}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {saved && (
          <Text role="status" size="sm">
            Kaydedildi. Yeni reçete bundan sonraki satışlarda kullanılır; geçmiş satışlar değişmez.
          </Text>
        )}
        <Group gap="sm" wrap="wrap">
          <Button variant="default" size="md" onClick={add} disabled={ingredients.length === 0}>
            Malzeme Ekle
          </Button>
          <Button type="submit" size="md" loading={busy}>
            Reçeteyi Kaydet
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
