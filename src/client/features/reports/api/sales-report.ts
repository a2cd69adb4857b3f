import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ReportTable, SalesReportResponse } from '../../../../shared/reports-contract';
import { api } from '../../../api/http';
import { queryKeys } from '../../../api/query-keys';
import { currentRestaurantId, hasRestaurant, restaurantPath } from '../../../api/restaurant';

const periodParams = (period: { from: string; to: string }) => new URLSearchParams({ from: period.from, to: period.to });

/** Satış Raporları for a range of business days (both included), with the previous equal period's summary. */
export const salesReportQuery = (period: { from: string; to: string }) =>
  queryOptions({
    queryKey: queryKeys.salesReport(currentRestaurantId(), period.from, period.to),
    queryFn: () => api<SalesReportResponse>(restaurantPath(`/reports/sales?${periodParams(period)}`)),
    enabled: hasRestaurant,
    // a new period keeps the last figures on screen until its own arrive (no jump to a spinner)
    placeholderData: keepPreviousData,
  });

/**
 * The CSV of one table (UTF-8 with BOM, `;`, Turkish headers, decimal comma): a same-origin link
 * the browser downloads with the session cookie, no script in between.
 */
export const salesCsvUrl = (period: { from: string; to: string }, table: ReportTable) => {
  const params = periodParams(period);
  params.set('table', table);
  return restaurantPath(`/reports/sales.csv?${params}`);
};
