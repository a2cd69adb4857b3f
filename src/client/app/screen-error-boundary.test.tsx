import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider, queryOptions, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUserSession } from '../api/session';
import { Modal } from '../components/modal';
import { ScreenErrorBoundary } from './screen-error-boundary';

/** The settings document as its own screen caches it; another screen once cached it bare, in another shape. */
const settingsQuery = queryOptions({
  queryKey: ['test-settings'],
  queryFn: async () => ({ value: { paperWidth: 80 } }),
});

function SettingsScreen() {
  const { data } = useQuery(settingsQuery);
  if (!data) return <p>Yükleniyor...</p>;
  return <h2>Kağıt {data.value.paperWidth} mm</h2>;
}

let isBroken = true;
let failure = 'çizilemedi';
function FlakyScreen() {
  if (isBroken) throw new Error(failure);
  return <h2>Açık Masalar</h2>;
}

function draw(children: ReactNode, { at = '/owner/screen', queryClient = new QueryClient() } = {}) {
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[at]}>
          {/* the sidebar: outside the boundary, as in the dashboard layout */}
          <nav>
            <Link to="/owner/other">Diğer Ekran</Link>
          </nav>
          <ScreenErrorBoundary home={{ to: '/owner', text: 'Açık Masalar ekranına dön' }}>
            <Routes>
              <Route path="/owner/screen" element={children} />
              <Route path="/owner/other" element={<h2>Diğer ekran</h2>} />
              <Route path="/owner" element={<h2>İlk ekran</h2>} />
            </Routes>
          </ScreenErrorBoundary>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return userEvent.setup();
}

const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
beforeEach(() => {
  isBroken = true;
  failure = 'çizilemedi';
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  // React logs every error a boundary catches; here that is the point of the test.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  setUserSession({ uid: 'u1', email: 'owner@demo.local', role: 'owner', restaurantId: 'r1', name: 'Sahip' } as never);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('a screen that throws', () => {
  it('shows the Turkish error screen with Yeniden Dene and the way back, and the sidebar stays', async () => {
    draw(<FlakyScreen />);
    expect(await screen.findByRole('heading', { name: 'Bir şeyler ters gitti' })).toBeInTheDocument();
    expect(screen.getByText(/beklenmedik bir hatayla durdu/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Yeniden Dene' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Açık Masalar ekranına dön' })).toHaveAttribute('href', '/owner');
    expect(screen.getByRole('link', { name: 'Diğer Ekran' })).toBeInTheDocument();
  });

  it('comes back with Yeniden Dene once the cause is gone', async () => {
    const user = draw(<FlakyScreen />);
    await screen.findByText('Bir şeyler ters gitti');
    isBroken = false;
    await user.click(screen.getByRole('button', { name: 'Yeniden Dene' }));
    expect(await screen.findByRole('heading', { name: 'Açık Masalar' })).toBeInTheDocument();
    expect(screen.queryByText('Bir şeyler ters gitti')).not.toBeInTheDocument();
  });

  it('Yeniden Dene drops a cache entry in the wrong shape and fetches it again', async () => {
    const queryClient = new QueryClient();
    // what another screen left under the same key: the bare document, without { value }
    queryClient.setQueryData(['test-settings'], { paperWidth: 58 } as never);
    const user = draw(<SettingsScreen />, { queryClient });
    await screen.findByText('Bir şeyler ters gitti');
    await user.click(screen.getByRole('button', { name: 'Yeniden Dene' }));
    expect(await screen.findByRole('heading', { name: 'Kağıt 80 mm' })).toBeInTheDocument();
  });

  it('goes away when the person opens another screen from the sidebar', async () => {
    const user = draw(<FlakyScreen />);
    await screen.findByText('Bir şeyler ters gitti');
    await user.click(screen.getByRole('link', { name: 'Diğer Ekran' }));
    expect(await screen.findByRole('heading', { name: 'Diğer ekran' })).toBeInTheDocument();
    expect(screen.queryByText('Bir şeyler ters gitti')).not.toBeInTheDocument();
  });

  it("sends the error to the server's log, with the screen and the version, and the same error only once", async () => {
    failure = 'bir kez bildirilir';
    const reports = () => (fetchMock.mock.calls as unknown as [string, RequestInit][]).filter(([url]) => url === '/api/client-errors');
    const user = draw(<FlakyScreen />);
    await screen.findByText('Bir şeyler ters gitti');
    await waitFor(() => expect(reports()).toHaveLength(1));
    const body = JSON.parse(String(reports()[0][1].body));
    expect(body).toMatchObject({ message: 'Error: bir kez bildirilir', screen: '/owner/screen', version: 'dev' });
    expect(body.stack).toContain('FlakyScreen');
    // it throws again on Yeniden Dene: nothing new to tell the server
    await user.click(screen.getByRole('button', { name: 'Yeniden Dene' }));
    await screen.findByText('Bir şeyler ters gitti');
    expect(reports()).toHaveLength(1);
  });
});

describe('a dialog that throws', () => {
  it('shows the message in the dialog, keeps the screen under it, and Kapat closes it', async () => {
    const onClose = vi.fn();
    const user = draw(
      <>
        <h2>Kapalı Hesaplar</h2>
        <Modal opened onClose={onClose} title="Hesap No 7">
          <FlakyScreen />
        </Modal>
      </>,
    );
    const dialog = await screen.findByRole('dialog');
    expect(await screen.findByText(/Bu pencere beklenmedik bir hatayla durdu/)).toBeInTheDocument();
    expect(within(dialog).getByText('Bir şeyler ters gitti')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Kapalı Hesaplar', hidden: true })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Kapat' }));
    expect(onClose).toHaveBeenCalled();
  });
});
