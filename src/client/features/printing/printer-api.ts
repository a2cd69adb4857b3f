import { useQuery } from '@tanstack/react-query';
import type { PrinterSettings } from '../../../shared/printer-settings';
import { apiRequest } from '../../api/http';

export interface VersionedSettings {
  settings: PrinterSettings;
  /** the ETag, sent back as If-Match so a concurrent save is refused instead of overwritten */
  etag: string | null;
}

const url = (restaurantId: string) => `/api/restaurants/${encodeURIComponent(restaurantId)}/settings/printer`;

export function usePrinterSettings(restaurantId: string | undefined) {
  return useQuery({
    queryKey: ['settings', 'printer', restaurantId],
    enabled: Boolean(restaurantId),
    queryFn: async (): Promise<VersionedSettings> => {
      const { data, headers } = await apiRequest<PrinterSettings>(url(restaurantId!));
      return { settings: data, etag: headers.get('etag') };
    },
  });
}

export async function savePrinterSettings(
  restaurantId: string,
  settings: PrinterSettings,
  etag: string | null,
): Promise<VersionedSettings> {
  const { data, headers } = await apiRequest<PrinterSettings>(url(restaurantId), {
    method: 'PUT',
    body: settings,
    headers: etag ? { 'if-match': etag } : {},
  });
  return { settings: data, etag: headers.get('etag') };
}
