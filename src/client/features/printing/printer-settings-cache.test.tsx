import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PRINTER_SETTINGS, type PrinterSettings } from '../../../shared/printer-settings';
import { usePrinterSettings } from './api/printer-settings';
import { stubOwnerForm } from '../../test-support/browser-stubs';
import { PrinterSettingsPage } from './printer-settings-page';

const SAVED: PrinterSettings = {
  ...DEFAULT_PRINTER_SETTINGS,
  defaultPrinter: 'pos58',
  restaurantInfo: { name: 'Kardeşler Lokantası', address: 'Kızılay, Ankara', phone: '0312 111 22 33' },
};

const wrapper = (client: QueryClient) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={client}>
        <MantineProvider>{children}</MantineProvider>
      </QueryClientProvider>
    );
  };

beforeEach(() => {
  stubOwnerForm();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(SAVED), { status: 200, headers: { 'content-type': 'application/json', etag: '"4"' } })),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the printer settings cache shared by the bill screens and Yazıcı Ayarları', () => {
  it('Yazıcı Ayarları opens with the settings a bill screen loaded earlier in the session', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    const bill = renderHook(() => usePrinterSettings(), { wrapper: wrapper(client) });
    await waitFor(() => expect(bill.result.current.data?.defaultPrinter).toBe('pos58'));

    render(<PrinterSettingsPage />, { wrapper: wrapper(client) });
    expect(await screen.findByDisplayValue('Kardeşler Lokantası')).toBeInTheDocument();
  });

  it('a bill screen reads the settings Yazıcı Ayarları loaded', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    render(<PrinterSettingsPage />, { wrapper: wrapper(client) });
    await screen.findByDisplayValue('Kardeşler Lokantası');
    const calls = vi.mocked(fetch).mock.calls.length;

    const bill = renderHook(() => usePrinterSettings(), { wrapper: wrapper(client) });
    await waitFor(() => expect(bill.result.current.data?.restaurantInfo.name).toBe('Kardeşler Lokantası'));
    expect(vi.mocked(fetch).mock.calls.length).toBe(calls); // served from the same cache entry
  });
});
