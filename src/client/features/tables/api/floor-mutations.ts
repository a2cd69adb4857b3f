import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type {
  CreateTableRequest,
  FloorResponse,
  FloorTable,
  LayoutSection,
  LayoutTable,
  UpdateTableRequest,
} from '../../../../shared/floor-contract';
import { ApiError, api } from '../../../api/http';
import { floorQuery } from './floor-queries';
import { queryKeys } from '../../../api/query-keys';
import { messageFor } from '../../../api/field-errors';
import { restaurantPath } from '../../../api/restaurant';
import { createWriteQueue } from '../../../api/write-queue';

const restaurantBase = () => restaurantPath();

/** Said after a 409 on the layout: the screen has refreshed to what the other person saved. */
export const STALE_LAYOUT_MESSAGE = 'Masa düzeni başka bir ekranda değişti; güncel hali yüklendi. Değişikliğinizi tekrar yapın.';

/**
 * Layout writes refresh the floor (and the section lists other screens read) when they land; the
 * live 'tables' event does so on every other screen. A table's answer goes into the floor at once,
 * so the next drag of the same table carries the new version.
 */
function useLayoutMutation<I, O>(request: (input: I) => Promise<O>, apply?: (floor: FloorResponse, out: O) => FloorResponse) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (out) => {
      if (!apply) return;
      queryClient.setQueryData(floorQuery().queryKey, (floor) => (floor ? apply(floor, out) : floor));
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.floor() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.sections() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.tables() }),
      ]),
  });
}

/** The floor fields of a table no ticket is open on (a new table starts so). */
export const FREE_TABLE: Omit<FloorTable, keyof LayoutTable> = {
  ticketId: null,
  ticketNumber: null,
  total: null,
  remaining: null,
  openedAt: null,
  waiterId: null,
  waiterName: null,
  guests: null,
  state: 'free',
};

/** The saved layout fields of a table, put into the floor in place of the old ones. */
export function withTable(floor: FloorResponse, t: LayoutTable): FloorResponse {
  const sections = floor.sections.map((s) => ({ ...s, tables: s.tables.filter((x) => x.id !== t.id) }));
  return {
    sections: sections.map((s) => {
      if (s.id !== t.sectionId) return s;
      const old = floor.sections.flatMap((x) => x.tables).find((x) => x.id === t.id);
      const next = { ...(old ?? FREE_TABLE), ...t };
      // Keep the table where it was in its section's order.
      const index = old ? floor.sections.find((x) => x.id === s.id)?.tables.findIndex((x) => x.id === t.id) ?? -1 : -1;
      const tables = [...s.tables];
      if (index >= 0) tables.splice(index, 0, next);
      else tables.push(next);
      return { ...s, tables };
    }),
  };
}

export const useCreateSection = () =>
  useLayoutMutation((name: string) => api<LayoutSection>(`${restaurantBase()}/sections`, { method: 'POST', body: { name } }));

export const useRenameSection = () =>
  useLayoutMutation(({ id, version, name }: { id: string; version: number; name: string }) =>
    api<LayoutSection>(`${restaurantBase()}/sections/${id}`, { method: 'PATCH', body: { version, name } }),
  );

export const useReorderSections = () =>
  useLayoutMutation((ids: string[]) => api<LayoutSection[]>(`${restaurantBase()}/sections/reorder`, { method: 'POST', body: { ids } }));

export const useDeleteSection = () =>
  useLayoutMutation(({ id, version }: { id: string; version: number }) =>
    api<void>(`${restaurantBase()}/sections/${id}?version=${version}`, { method: 'DELETE' }),
  );

export const useCreateTable = () =>
  useLayoutMutation((body: CreateTableRequest) => api<LayoutTable>(`${restaurantBase()}/tables`, { method: 'POST', body }), withTable);

export const useUpdateTable = () =>
  useLayoutMutation(
    ({ id, ...body }: UpdateTableRequest & { id: string }) => api<LayoutTable>(`${restaurantBase()}/tables/${id}`, { method: 'PATCH', body }),
    withTable,
  );

export const useDuplicateTable = () =>
  useLayoutMutation((id: string) => api<LayoutTable>(`${restaurantBase()}/tables/${id}/duplicate`, { method: 'POST' }), withTable);

export const useDeleteTable = () =>
  useLayoutMutation(({ id, version }: { id: string; version: number }) =>
    api<void>(`${restaurantBase()}/tables/${id}?version=${version}`, { method: 'DELETE' }),
  );

/** True for a refusal because someone else saved first (the screen has refetched by then). */
export const isStale = (err: unknown) => err instanceof ApiError && err.status === 409;

type TableChange = Omit<UpdateTableRequest, 'version'>;

/**
 * Saves tables one write after another, each with the version the table has when its write starts
 * (a drag right after another drag of the same table is not refused as stale). A move shows at
 * once; a refusal refetches the floor, which puts the table back, and says why in Turkish.
 */
export function useTableSaver(onSaved?: (t: LayoutTable) => void) {
  const queryClient = useQueryClient();
  const queue = useRef(createWriteQueue());
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const showAt = useCallback(
    (id: string, change: TableChange) =>
      queryClient.setQueryData(floorQuery().queryKey, (floor) =>
        floor && {
          sections: floor.sections.map((s) => ({ ...s, tables: s.tables.map((t) => (t.id === id ? { ...t, ...change } : t)) })),
        },
      ),
    [queryClient],
  );

  const save = useCallback(
    (id: string, change: TableChange, { optimistic = false } = {}) => {
      if (optimistic) showAt(id, change);
      return queue.current
        .run(async () => {
          const key = floorQuery().queryKey;
          await queryClient.cancelQueries({ queryKey: key });
          const table = queryClient.getQueryData(key)?.sections.flatMap((s) => s.tables).find((t) => t.id === id);
          if (!table) throw new ApiError(404, 'Masa bulunamadı; silinmiş olabilir.');
          const saved = await api<LayoutTable>(`${restaurantBase()}/tables/${id}`, { method: 'PATCH', body: { ...change, version: table.version } });
          queryClient.setQueryData(key, (floor) => (floor ? withTable(floor, saved) : floor));
          setError(null);
          setFieldErrors({});
          onSaved?.(saved);
          return saved;
        })
        .catch((err: unknown) => {
          setError(isStale(err) ? `${(err as Error).message} ${STALE_LAYOUT_MESSAGE}` : messageFor(err));
          setFieldErrors(err instanceof ApiError ? err.fields : {});
          return undefined;
        })
        .finally(() => void queryClient.invalidateQueries({ queryKey: queryKeys.floor() }));
    },
    [queryClient, showAt, onSaved],
  );

  return { save, showAt, error, fieldErrors, clearError: () => setError(null) };
}
