import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminMenu,
  CreateCategoryRequest,
  CreateItemRequest,
  ImportReport,
  MenuCategory,
  MenuItem,
  OptionGroup,
  PriceChangeRequest,
  ReplaceOptionGroupRequest,
  SaveOptionGroupRequest,
  UpdateCategoryRequest,
  UpdateItemRequest,
} from '../../../../shared/menu-contract';
import { ApiError, api, failureMessage } from '../../../api/http';
import { useIdempotentRequest } from '../../../api/idempotency-key';
import { tr } from '../../../i18n/tr';
import { queryKeys } from '../../../api/query-keys';
import { restaurantPath } from '../../../api/restaurant';
import { menuQuery } from './menu-queries';

export const menuBase = () => restaurantPath('/menu');
/** The live 'menu' event refreshes every open menu screen through this prefix. */
export const MENU_KEY = queryKeys.menu();

/** Every menu change refreshes the menu when it lands (the live event does so on other screens). */
function useMenuMutation<I, O>(request: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: request, onSettled: () => queryClient.invalidateQueries({ queryKey: MENU_KEY }) });
}

export const useCreateCategory = () =>
  useMenuMutation(
    useIdempotentRequest((body: CreateCategoryRequest, headers) =>
      api<MenuCategory>(`${menuBase()}/categories`, { method: 'POST', body, headers }),
    ),
  );
export const useUpdateCategory = () =>
  useMenuMutation(({ id, ...body }: UpdateCategoryRequest & { id: string }) =>
    api<MenuCategory>(`${menuBase()}/categories/${id}`, { method: 'PATCH', body }),
  );
export const useDeleteCategory = () =>
  useMenuMutation((id: string) => api<void>(`${menuBase()}/categories/${id}`, { method: 'DELETE' }));
export const useChangePrices = () =>
  useMenuMutation(({ categoryId, ...body }: PriceChangeRequest & { categoryId: string }) =>
    api<{ updated: number }>(`${menuBase()}/categories/${categoryId}/price-change`, { method: 'POST', body }),
  );

/** Drag and drop shows the new order at once; a refusal puts the old one back. */
export function useReorderCategories() {
  const queryClient = useQueryClient();
  const key = menuQuery().queryKey;
  return useMutation({
    mutationFn: (ids: string[]) => api<MenuCategory[]>(`${menuBase()}/categories/order`, { method: 'PUT', body: { ids } }),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      if (previous) {
        const byId = new Map(previous.categories.map((c) => [c.id, c]));
        queryClient.setQueryData<AdminMenu>(key, {
          ...previous,
          categories: ids.flatMap((id, sortOrder) => (byId.has(id) ? [{ ...byId.get(id)!, sortOrder }] : [])),
        });
      }
      return { previous };
    },
    onError: (_err, _ids, context) => context?.previous && queryClient.setQueryData(key, context.previous),
    onSettled: () => queryClient.invalidateQueries({ queryKey: MENU_KEY }),
  });
}

/**
 * A switch (sold out, hidden) flips at once; the server's answer and the refetch confirm it, a
 * refusal puts it back. The version moves as the server will move it, so a second flip in a row
 * is not refused as stale.
 */
function useOptimisticToggle<I extends { id: string; version: number }, O>(
  request: (input: I) => Promise<O>,
  apply: (menu: AdminMenu, input: I) => AdminMenu,
) {
  const queryClient = useQueryClient();
  const key = menuQuery().queryKey;
  return useMutation({
    mutationFn: request,
    onMutate: async (input: I) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      if (previous) queryClient.setQueryData<AdminMenu>(key, apply(previous, input));
      return { previous };
    },
    onError: (_err, _input, context) => context?.previous && queryClient.setQueryData(key, context.previous),
    onSettled: () => queryClient.invalidateQueries({ queryKey: MENU_KEY }),
  });
}

export const useSetItemAvailable = () =>
  useOptimisticToggle(
    ({ id, version, isAvailable }: { id: string; version: number; isAvailable: boolean }) =>
      api<MenuItem>(`${menuBase()}/items/${id}`, { method: 'PATCH', body: { version, isAvailable } }),
    (menu, { id, isAvailable }) => ({
      ...menu,
      items: menu.items.map((i) => (i.id === id ? { ...i, isAvailable, version: i.version + 1 } : i)),
    }),
  );

export const useSetCategoryVisible = () =>
  useOptimisticToggle(
    ({ id, version, isVisible }: { id: string; version: number; isVisible: boolean }) =>
      api<MenuCategory>(`${menuBase()}/categories/${id}`, { method: 'PATCH', body: { version, isVisible } }),
    (menu, { id, isVisible }) => ({
      ...menu,
      categories: menu.categories.map((c) => (c.id === id ? { ...c, isVisible, version: c.version + 1 } : c)),
    }),
  );

export const useCreateItem = () =>
  useMenuMutation(
    useIdempotentRequest((body: CreateItemRequest, headers) => api<MenuItem>(`${menuBase()}/items`, { method: 'POST', body, headers })),
  );
export const useUpdateItem = () =>
  useMenuMutation(({ id, ...body }: UpdateItemRequest & { id: string }) =>
    api<MenuItem>(`${menuBase()}/items/${id}`, { method: 'PATCH', body }),
  );
export const useDeleteItem = () => useMenuMutation((id: string) => api<void>(`${menuBase()}/items/${id}`, { method: 'DELETE' }));
export const useDuplicateItem = () =>
  useMenuMutation((id: string) => api<MenuItem>(`${menuBase()}/items/${id}/duplicate`, { method: 'POST' }));

/** Multipart, so not through apiRequest (which sends JSON); same error shape. */
export async function uploadItemPhoto(itemId: string, file: Blob): Promise<MenuItem> {
  const body = new FormData();
  body.append('photo', file);
  let res: Response;
  try {
    res = await fetch(`${menuBase()}/items/${itemId}/photo`, { method: 'PUT', body, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, tr.network.offline);
  }
  const json = (await res.json().catch(() => ({}))) as MenuItem & { error?: string };
  if (!res.ok) throw new ApiError(res.status, json.error ?? failureMessage(res.status));
  return json;
}
export const useUploadPhoto = () => useMenuMutation(({ itemId, file }: { itemId: string; file: Blob }) => uploadItemPhoto(itemId, file));
export const useRemovePhoto = () =>
  useMenuMutation((itemId: string) => api<MenuItem>(`${menuBase()}/items/${itemId}/photo`, { method: 'DELETE' }));

export const useCreateOptionGroup = () =>
  useMenuMutation(
    useIdempotentRequest((body: SaveOptionGroupRequest, headers) =>
      api<OptionGroup>(`${menuBase()}/option-groups`, { method: 'POST', body, headers }),
    ),
  );
export const useReplaceOptionGroup = () =>
  useMenuMutation(({ id, ...body }: ReplaceOptionGroupRequest & { id: string }) =>
    api<OptionGroup>(`${menuBase()}/option-groups/${id}`, { method: 'PUT', body }),
  );
export const useDeleteOptionGroup = () =>
  useMenuMutation((id: string) => api<void>(`${menuBase()}/option-groups/${id}`, { method: 'DELETE' }));

/** Dry run or real import; a refused import still answers its report of bad rows. */
export async function importMenuCsv(csv: string, dryRun: boolean, allowZeroPrice = false): Promise<{ report?: ImportReport; error?: string }> {
  const body = allowZeroPrice ? { csv, allowZeroPrice } : { csv };
  try {
    return { report: await api<ImportReport>(`${menuBase()}/import${dryRun ? '?dryRun=1' : ''}`, { method: 'POST', body }) };
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
}
