import { describe, expect, it } from 'vitest';
import { checkConnectionForm, formErrorsFrom, formFrom, newRow, type ConnectionForm } from './platform-connection-model';

const form = (over: Partial<ConnectionForm> = {}): ConnectionForm => ({
  ...formFrom(null),
  webhookSecret: 'getir-api-key-1',
  baseUrl: 'https://api.example.com',
  ...over,
});

describe('a platform connection form', () => {
  it('starts from the stored connection with both secrets empty (write-only) and auto-accept off when none is stored', () => {
    const f = formFrom({
      platform: 'getir',
      enabled: false,
      clientId: 'app',
      remoteCode: 'r-1',
      chainCode: '',
      storeId: '',
      executorUser: '',
      baseUrl: 'https://api.example.com',
      productMap: { b: 'd2', a: 'd1' },
      hasWebhookSecret: true,
      hasClientSecret: true,
      autoAcceptMinutes: null,
      lastPause: null,
      updatedAt: '2026-11-26T10:00:00.000Z',
    });
    expect(f).toMatchObject({ enabled: false, clientSecret: '', webhookSecret: '', autoAccept: false, autoAcceptMinutes: 20 });
    expect(f.rows.map((r) => [r.code, r.menuItemId])).toEqual([
      ['a', 'd1'],
      ['b', 'd2'],
    ]);
  });

  it('becomes the request: empty rows ignored, codes trimmed, auto-accept off as null', () => {
    const checked = checkConnectionForm(form({ rows: [newRow(' P-1 ', 'd1'), newRow()], autoAccept: false }), false);
    expect(checked).toEqual({ ok: true, request: expect.objectContaining({ productMap: { 'P-1': 'd1' }, autoAcceptMinutes: null, webhookSecret: 'getir-api-key-1' }) });
  });

  it('keeps a stored webhook secret when left empty, but needs one the first time', () => {
    expect(checkConnectionForm(form({ webhookSecret: '' }), true).ok).toBe(true);
    expect(checkConnectionForm(form({ webhookSecret: '' }), false)).toEqual({ ok: false, errors: { webhookSecret: 'Webhook anahtarı gerekli: platformun size verdiği anahtarı yazın' } });
  });

  it('puts the contract’s Turkish messages on the form’s fields, a bad code on its row', () => {
    const checked = checkConnectionForm(form({ rows: [newRow('ok', 'd1'), newRow('kod 2', 'd2')], autoAccept: true, autoAcceptMinutes: 3, baseUrl: 'ftp://x' }), true);
    expect(checked).toEqual({
      ok: false,
      errors: {
        'rows.1.code': 'Platform ürün kodu yalnızca boşluksuz Latin harf, rakam ve işaretlerden oluşabilir',
        autoAcceptMinutes: 'Hazırlama süresi en az 5 dakika olmalı',
        baseUrl: 'Platform adresi http:// ya da https:// ile başlamalı',
      },
    });
  });

  it('moves the server’s product-map errors onto the rows', () => {
    const rows = [newRow('a', 'd1'), newRow('b', 'x')];
    expect(formErrorsFrom({ 'productMap.b': 'Bir Sofra ürünü seçin', baseUrl: 'Hatalı' }, rows)).toEqual({ 'rows.1.menuItemId': 'Bir Sofra ürünü seçin', baseUrl: 'Hatalı' });
  });
});
