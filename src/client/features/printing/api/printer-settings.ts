import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PrinterSettings } from '../../../../shared/printer-settings';
import { queryKeys } from '../../../api/query-keys';
import { currentRestaurantId } from '../../../api/restaurant';
import { fetchDocument } from '../../../api/use-document-form';

/** The printer document's URL (GET and PUT). */
export const printerSettingsUrl = (restaurantId: string) => `/api/restaurants/${encodeURIComponent(restaurantId)}/settings/printer`;

/**
 * The printer settings, one key, one fetcher, one cached shape ({ value, etag }) for every screen:
 * Yazıcı Ayarları edits it through useDocumentForm and the bill screens print with it, so whichever
 * screen fills the cache first, the other reads what it expects.
 */
export const printerSettingsQuery = (restaurantId: string = currentRestaurantId()) =>
  queryOptions({
    queryKey: queryKeys.printerSettings(restaurantId),
    queryFn: () => fetchDocument<PrinterSettings>(printerSettingsUrl(restaurantId)),
    enabled: restaurantId !== '',
  });

/** The printer settings for printing (the document's value). */
export const usePrinterSettings = () => useQuery({ ...printerSettingsQuery(), select: (doc) => doc.value });
