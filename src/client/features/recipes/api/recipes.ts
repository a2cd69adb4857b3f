import { queryOptions } from '@tanstack/react-query';
import type {
  CountRequest,
  CreateIngredientRequest,
  IngredientInfo,
  PurchaseRequest,
  RecipeBookResponse,
  RecipeReportResponse,
  SaveRecipeRequest,
  UpdateIngredientRequest,
} from '../../../../shared/recipes-contract';
import { api } from '../../../api/http';
import { newIdempotencyKey } from '../../../api/idempotency-key';
import { queryKeys } from '../../../api/query-keys';
import { currentRestaurantId, hasRestaurant, restaurantPath } from '../../../api/restaurant';

/** Reçete Raporu (owner): Malzemeler, the recipe book and the report of a period of business days. */
export const ingredientsQuery = () =>
  queryOptions({
    queryKey: queryKeys.ingredients(currentRestaurantId()),
    queryFn: () => api<IngredientInfo[]>(restaurantPath('/ingredients')),
    enabled: hasRestaurant,
  });

export const recipeBookQuery = () =>
  queryOptions({
    queryKey: queryKeys.recipeBook(currentRestaurantId()),
    queryFn: () => api<RecipeBookResponse>(restaurantPath('/recipes')),
    enabled: hasRestaurant,
  });

export const recipeReportQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: queryKeys.recipeReport(currentRestaurantId(), from, to),
    queryFn: () => api<RecipeReportResponse>(restaurantPath(`/reports/recipes?from=${from}&to=${to}`)),
    enabled: () => hasRestaurant() && from !== '' && to !== '',
  });

const ingredientPath = (id: string) => restaurantPath(`/ingredients/${encodeURIComponent(id)}`);
const keyed = () => ({ 'idempotency-key': newIdempotencyKey() });

export const createIngredient = (body: CreateIngredientRequest) =>
  api<IngredientInfo>(restaurantPath('/ingredients'), { method: 'POST', body, headers: keyed() });
export const updateIngredient = (id: string, body: UpdateIngredientRequest) => api<IngredientInfo>(ingredientPath(id), { method: 'PATCH', body });
export const deleteIngredient = (id: string, version: number) => api<void>(`${ingredientPath(id)}?version=${version}`, { method: 'DELETE' });
export const recordPurchase = (id: string, body: PurchaseRequest) =>
  api<IngredientInfo>(`${ingredientPath(id)}/purchases`, { method: 'POST', body, headers: keyed() });
export const recordCount = (id: string, body: CountRequest) => api<IngredientInfo>(`${ingredientPath(id)}/counts`, { method: 'POST', body, headers: keyed() });
export const saveItemRecipe = (menuItemId: string, body: SaveRecipeRequest) =>
  api<RecipeBookResponse>(restaurantPath(`/recipes/items/${encodeURIComponent(menuItemId)}`), { method: 'PUT', body });
export const saveOptionRecipe = (optionId: string, body: SaveRecipeRequest) =>
  api<RecipeBookResponse>(restaurantPath(`/recipes/options/${encodeURIComponent(optionId)}`), { method: 'PUT', body });
