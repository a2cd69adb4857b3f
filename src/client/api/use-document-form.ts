import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiRequest } from './http';

/** A versioned document as every screen caches it: one shape per endpoint, whichever screen fetched it. */
export interface Loaded<T> {
  value: T;
  /** the ETag, sent back as If-Match so a concurrent save is refused instead of overwritten */
  etag: string | null;
}

/** GET of a versioned document, kept with its ETag (the fetcher of every document query). */
export async function fetchDocument<T>(url: string): Promise<Loaded<T>> {
  const { data, headers } = await apiRequest<T>(url);
  return { value: data, etag: headers.get('etag') };
}

/**
 * A form over a whole versioned document (GET/PUT with ETag): the stored document replaces the
 * form state on load and whenever it changes elsewhere — unless the user has started editing, in
 * which case their save answers 409 rather than silently overwriting the other change.
 */
export function useDocumentForm<T>(options: { queryKey: readonly unknown[]; url: string | null; initial: T }) {
  const { queryKey, url, initial } = options;
  const queryClient = useQueryClient();
  const loaded = useQuery({
    queryKey,
    enabled: url !== null,
    queryFn: () => fetchDocument<T>(url!),
  });
  const [form, setForm] = useState<T>(initial);
  const [etag, setEtag] = useState<string | null>(null);
  const [isDirty, setDirty] = useState(false);
  const [isSaving, setSaving] = useState(false);

  useEffect(() => {
    if (loaded.data && !isDirty) {
      setForm(loaded.data.value);
      setEtag(loaded.data.etag);
    }
  }, [loaded.data, isDirty]);

  const update = (patch: Partial<T>) => {
    setDirty(true);
    setForm((f) => ({ ...f, ...patch }));
  };

  /** Saves the whole form; throws ApiError (409 on a concurrent change, 400 with the reason). */
  async function save(): Promise<T> {
    if (url === null) return form;
    setSaving(true);
    try {
      const { data, headers } = await apiRequest<T>(url, {
        method: 'PUT',
        body: form,
        headers: etag ? { 'if-match': etag } : {},
      });
      const saved = { value: data, etag: headers.get('etag') };
      setEtag(saved.etag);
      setForm(saved.value);
      setDirty(false);
      queryClient.setQueryData(queryKey, saved);
      return saved.value;
    } finally {
      setSaving(false);
    }
  }

  /** Drops local edits and shows the stored document again (after a 409). */
  function reload() {
    setDirty(false);
    void loaded.refetch();
  }

  return { form, update, save, reload, isDirty, isSaving, isLoading: loaded.isLoading, loadError: loaded.error };
}
