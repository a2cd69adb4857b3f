import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test-support/render';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminMenu } from '../../../shared/menu-contract';
import type { PlatformConnectionInfo } from '../../../shared/online-orders-contract';
import { setUserSession } from '../../api/session';
import { PlatformConnectionsSection } from './platform-connections-section';
import { webhookUrlOf } from './platform-connection-form';
import { stubTouchScreen } from '../../test-support/browser-stubs';

const MENU: AdminMenu = {
  categories: [{ id: 'c1', icon: '🍲', name: 'Çorbalar', sortOrder: 0, isVisible: true, version: 1 }],
  items: [
    { id: 'd-ezo', categoryId: 'c1', name: 'Ezogelin', description: null, priceKurus: 9500, vatRate: 10, sortOrder: 1, isAvailable: true, station: 'Mutfak', photoUrl: null, optionGroupIds: [], version: 1 },
    { id: 'd-merc', categoryId: 'c1', name: 'Mercimek', description: null, priceKurus: 9000, vatRate: 10, sortOrder: 0, isAvailable: true, station: 'Mutfak', photoUrl: null, optionGroupIds: [], version: 1 },
  ],
  optionGroups: [],
};

const connection = (over: Partial<PlatformConnectionInfo> = {}): PlatformConnectionInfo => ({
  platform: 'getir',
  enabled: true,
  clientId: 'app-1',
  chainCode: '',
  storeId: '',
  executorUser: '',
  remoteCode: 'r-9',
  baseUrl: 'https://food-external-api-gateway.getirapi.com',
  productMap: { 'getir-p-merc': 'd-merc' },
  hasWebhookSecret: true,
  hasClientSecret: true,
  autoAcceptMinutes: null,
  lastPause: null,
  updatedAt: '2026-11-26T10:00:00.000Z',
  ...over,
});

type Call = { url: string; method: string; body: unknown };
let calls: Call[] = [];

/** The server: the connections and the menu; a PUT answers `putAnswer` (saved, or refused). */
function serve(connections: PlatformConnectionInfo[], putAnswer: { status: number; body: unknown } = { status: 200, body: null }) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, method, body });
      const json = (status: number, data: unknown) => new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
      if (url.endsWith('/menu')) return json(200, MENU);
      if (method === 'GET' && url.endsWith('/integrations/platforms')) return json(200, connections);
      if (method === 'PUT') return json(putAnswer.status, putAnswer.body ?? { ...connection(), ...body, hasWebhookSecret: true, updatedAt: '2026-11-26T11:00:00.000Z' });
      return json(404, { error: 'yok' });
    }),
  );
}

const puts = () => calls.filter((c) => c.method === 'PUT');

function renderSection() {
  renderWithProviders(<PlatformConnectionsSection />);
  return userEvent.setup();
}

/** Opens a platform's fold; its panel is the region of the form. */
async function open(user: ReturnType<typeof userEvent.setup>, name: RegExp) {
  await user.click(await screen.findByRole('button', { name }));
  return screen.getByTestId(name.source.includes('Getir') ? 'platform-getir' : 'platform-trendyol');
}

// a phone: the dish choices are the browser's own <select>
beforeEach(() => {
  // jsdom has no scrolling: the form takes the owner to the first marked field
  Element.prototype.scrollIntoView ??= () => {};
  setUserSession({ uid: 'u', email: 'sahip@example.com', role: 'owner', restaurantId: 'r1' });
  stubTouchScreen();
});
afterEach(() => vi.unstubAllGlobals());

describe('Ayarlar → Yemek Platformları', () => {
  it('says each platform’s state in words and shows the address the platform must call', async () => {
    serve([connection({ autoAcceptMinutes: 20 })]);
    const user = renderSection();
    expect(await screen.findByRole('button', { name: /Getir Yemek.*Bağlı · Otomatik onay: 20 dk/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Yemeksepeti.*Bağlı değil/ })).toBeInTheDocument();
    const panel = await open(user, /Trendyol Yemek/);
    expect(within(panel).getByTestId('platform-webhook-url')).toHaveValue(`${window.location.origin}/api/integrations/trendyol/r1/orders`);
    expect(within(panel).getByRole('button', { name: 'Trendyol Yemek sipariş adresini kopyala' })).toBeInTheDocument();
  });

  it('gives Yemeksepeti (Delivery Hero) its plugin base: the middleware calls /order/<remoteId> under it', () => {
    expect(webhookUrlOf('yemeksepeti', 'r1', 'https://lokanta.example')).toBe('https://lokanta.example/api/integrations/yemeksepeti/r1');
    expect(webhookUrlOf('getir', 'r1', 'https://lokanta.example')).toBe('https://lokanta.example/api/integrations/getir/r1/orders');
  });

  it('refuses a first connection without its webhook secret and address, in Turkish on the fields, and sends nothing', async () => {
    serve([]);
    const user = renderSection();
    const panel = await open(user, /Trendyol Yemek/);
    await user.click(within(panel).getByRole('button', { name: 'Kaydet' }));
    expect(within(panel).getByLabelText(/Webhook anahtarı/)).toHaveAccessibleDescription(expect.stringContaining('Webhook anahtarı gerekli'));
    expect(within(panel).getByText('Platform adresi http:// ya da https:// ile başlamalı')).toBeInTheDocument();
    expect(within(panel).getByRole('alert')).toHaveTextContent('işaretli alanları düzeltip');
    expect(puts()).toEqual([]);
  });

  it('marks a mapping row without a code or a dish, and a code written twice', async () => {
    serve([connection()]);
    const user = renderSection();
    const panel = await open(user, /Getir Yemek/);
    await user.click(within(panel).getByRole('button', { name: 'Eşleştirme ekle' }));
    await user.click(within(panel).getByRole('button', { name: 'Eşleştirme ekle' }));
    const codes = within(panel).getAllByLabelText('Platform ürün kodu');
    const dishes = within(panel).getAllByRole('combobox', { name: 'Sofra ürünü' });
    expect(dishes[0].tagName).toBe('SELECT');
    await user.selectOptions(dishes[1], 'Ezogelin'); // a dish, no code
    await user.type(codes[2], 'getir-p-merc'); // the first row's code again, no dish
    await user.click(within(panel).getByRole('button', { name: 'Kaydet' }));
    expect(within(panel).getByText('Platform ürün kodu gerekli')).toBeInTheDocument();
    expect(within(panel).getByText('Bir Sofra ürünü seçin')).toBeInTheDocument();
    expect(within(panel).getByText(/Bu kod zaten eşleştirilmiş/)).toBeInTheDocument();
    expect(puts()).toEqual([]);

    // the row removed, its marks go with it
    await user.click(within(panel).getAllByRole('button', { name: /eşleştirmesini sil|Bu satırı sil/ })[2]);
    await user.type(within(panel).getAllByLabelText('Platform ürün kodu')[1], 'getir-p-ezo');
    await user.click(within(panel).getByRole('button', { name: 'Kaydet' }));
    expect(await within(panel).findByRole('status')).toHaveTextContent('Getir Yemek bağlantısı kaydedildi');
    expect(puts()[0].body).toMatchObject({ productMap: { 'getir-p-merc': 'd-merc', 'getir-p-ezo': 'd-ezo' } });
  });

  it('keeps stored secrets write-only: says they are set, sends them empty unless retyped, with auto-accept’s minutes', async () => {
    serve([connection()]);
    const user = renderSection();
    const panel = await open(user, /Getir Yemek/);
    const secret = within(panel).getByLabelText(/İstemci anahtarı/);
    expect(secret).toHaveValue('');
    expect(within(panel).getAllByText('kayıtlı')).toHaveLength(2);
    await user.click(within(panel).getByRole('switch', { name: /Otomatik onay/ }));
    const minutes = within(panel).getByLabelText('Hazırlama süresi (dakika)');
    await user.clear(minutes);
    await user.click(within(panel).getByRole('button', { name: 'Kaydet' }));
    expect(within(panel).getByText('Otomatik onay için hazırlama süresini yazın')).toBeInTheDocument();
    await user.type(minutes, '30');
    expect(within(panel).queryByText('Otomatik onay için hazırlama süresini yazın')).toBeNull();
    await user.click(within(panel).getByRole('button', { name: 'Kaydet' }));
    expect(await within(panel).findByRole('status')).toHaveTextContent('Getir Yemek bağlantısı kaydedildi');
    expect(puts()).toHaveLength(1);
    expect(puts()[0]).toMatchObject({
      url: '/api/restaurants/r1/integrations/platforms/getir',
      body: { enabled: true, webhookSecret: '', clientSecret: '', clientId: 'app-1', remoteCode: 'r-9', productMap: { 'getir-p-merc': 'd-merc' }, autoAcceptMinutes: 30 },
    });
  });

  it('asks Yemeksepeti for its chain code and Trendyol for its store id and acting e-mail, says Trendyol is polled, and sends them', async () => {
    serve([connection({ platform: 'trendyol', remoteCode: '107385', baseUrl: 'https://api.tgoapis.com', productMap: {} })]);
    const user = renderSection();
    const panel = await open(user, /Trendyol Yemek/);
    expect(within(panel).queryByLabelText('Zincir kodu (chain code)')).toBeNull();
    expect(panel).toHaveTextContent('Sofra yeni paketleri 15 saniyede bir Trendyol’dan kendisi çeker');
    await user.type(within(panel).getByLabelText('Şube kimliği (storeId)'), '164');
    await user.type(within(panel).getByLabelText('İşlemi yapan e-posta'), 'mutfak@lokanta.example');
    await user.click(within(panel).getByRole('button', { name: 'Kaydet' }));
    await within(panel).findByRole('status');
    expect(puts()[0].body).toMatchObject({ remoteCode: '107385', storeId: '164', executorUser: 'mutfak@lokanta.example', chainCode: '' });
    await user.click(screen.getByRole('button', { name: /Yemeksepeti/ }));
    expect(await screen.findByLabelText('Zincir kodu (chain code)')).toBeInTheDocument();
    expect(screen.getByText('Delivery Hero’daki POS restoran kodu (posVendorId, remoteId olarak da geçer).')).toBeInTheDocument();
  });

  it('puts the server’s refusal on its field', async () => {
    serve([], { status: 400, body: { error: 'Webhook anahtarı gerekli: platformun size verdiği anahtarı yazın', fields: { webhookSecret: 'Webhook anahtarı gerekli: platformun size verdiği anahtarı yazın' } } });
    const user = renderSection();
    const panel = await open(user, /Trendyol Yemek/);
    await user.type(within(panel).getByLabelText(/Webhook anahtarı/), 'trendyol-secret');
    await user.type(within(panel).getByLabelText(/Platform API adresi/), 'https://api.example.com');
    await user.click(within(panel).getByRole('button', { name: 'Kaydet' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('işaretli alanları düzeltip');
    expect(within(panel).getByLabelText(/Webhook anahtarı/)).toHaveAttribute('aria-invalid', 'true');
  });
});
