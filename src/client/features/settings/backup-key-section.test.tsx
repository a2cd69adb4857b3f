import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test-support/render';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BackupKeyState } from '../../../shared/backup-key-contract';
import { setUserSession } from '../../api/session';
import { BackupKeySection } from './backup-key-section';

const KEY = '0123456789abcdef'.repeat(4);
const shown: BackupKeyState = {
  source: 'file',
  location: '/var/lib/sofra/secrets/backup.key',
  fingerprint: '1A2B-3C4D-5E6F-7081',
  key: KEY,
  isKeeper: true,
  keptAt: null,
  keptByName: null,
};

function renderSection() {
  return renderWithProviders(<BackupKeySection />);
}

/** The server: the backup key's status on GET, the marked status on POST …/kept; other reads (settings) fail quietly. */
function server(status: BackupKeyState, afterKept?: BackupKeyState) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const json = (body: unknown, code = 200) => new Response(JSON.stringify(body), { status: code, headers: { 'content-type': 'application/json' } });
    if (url.endsWith('/backup-key/kept') && init?.method === 'POST') return afterKept ? json(afterKept) : json({ error: 'Yedek anahtarı bu arada değişti; sayfayı yenileyip yeni anahtarı saklayın.' }, 409);
    if (url.endsWith('/backup-key')) return json(status);
    return json({ error: 'yok' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => setUserSession({ uid: 'u', email: 'sahip@example.com', role: 'owner', restaurantId: 'r1' }));
afterEach(() => vi.unstubAllGlobals());

describe('Ayarlar → Yedek anahtarı', () => {
  it('shows the key once, with where it is and where to keep a copy; Anahtarı sakladım sends its fingerprint and hides it', async () => {
    const fetchMock = server(shown, { ...shown, key: null, keptAt: '2026-11-28T18:30:00.000Z', keptByName: 'Ayşe Yılmaz' });
    renderSection();
    const key = await screen.findByTestId('backup-key');
    expect(key.textContent!.replace(/\s/g, '')).toBe(KEY.toUpperCase());
    expect(screen.getByText('/var/lib/sofra/secrets/backup.key')).toBeInTheDocument();
    expect(screen.getByText(/ayrı tutulan bir USB bellekte/)).toBeInTheDocument();
    expect(screen.getByText(/hiçbir yedek geri yüklenemez/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Anahtarı sakladım' }));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0]).toBe('/api/restaurants/r1/backup-key/kept');
    expect(JSON.parse(String(post[1]!.body))).toEqual({ fingerprint: '1A2B-3C4D-5E6F-7081' });
    expect(await screen.findByText(/Ayşe Yılmaz, .* tarihinde anahtarı sakladığını bildirdi/)).toBeInTheDocument();
    expect(screen.queryByTestId('backup-key')).not.toBeInTheDocument();
    expect(screen.getByText('1A2B-3C4D-5E6F-7081')).toBeInTheDocument();
  });

  it('says in Turkish when the key changed meanwhile, and keeps the key on screen', async () => {
    server(shown);
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Anahtarı sakladım' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Yedek anahtarı bu arada değişti');
    expect(screen.getByTestId('backup-key')).toBeInTheDocument();
  });

  it('to a second restaurant on the server: where it is and its fingerprint, never the key', async () => {
    server({ ...shown, key: null, isKeeper: false });
    renderSection();
    const section = await screen.findByRole('region', { name: 'Yedek anahtarı' });
    expect(await within(section).findByText('Anahtar bu sunucunun ilk işletmesinin sahibine gösterilir.')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Anahtarı sakladım' })).not.toBeInTheDocument();
    expect(within(section).getByText('1A2B-3C4D-5E6F-7081')).toBeInTheDocument();
  });

  it('names SOFRA_BACKUP_KEY when the key comes from there', async () => {
    server({ ...shown, source: 'env', location: null, key: null });
    renderSection();
    expect(await screen.findByText(/SOFRA_BACKUP_KEY ayarından okunuyor/)).toBeInTheDocument();
  });
});
