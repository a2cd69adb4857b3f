import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { TINY_PNG, auditRows, multipart, restaurantWithStaff, type Staffed } from './menu-test-kit';
import { sniffImage } from './photo-store';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([40, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(32, 2)]);

async function withItem(): Promise<Staffed & { itemId: string }> {
  const r = await restaurantWithStaff(ctx);
  const cat = await r.addCategory('Tatlılar', '🍮');
  const item = await r.addItem(cat.id, 'Künefe', 22000);
  return { ...r, itemId: item.id };
}
const upload = (r: Staffed, itemId: string, body: ReturnType<typeof multipart>) =>
  r.call('PUT', `/items/${itemId}/photo`, undefined, r.owner.cookies, body);
const fetchUrl = (url: string) => ctx.app.inject({ method: 'GET', url });

describe('item photos', () => {
  it.each([
    ['PNG', TINY_PNG, 'image/png', /\.png$/],
    ['JPEG', JPEG, 'image/jpeg', /\.jpg$/],
    ['WebP', WEBP, 'image/webp', /\.webp$/],
  ])('stores a %s under a random name and serves it with a year of caching', async (_, bytes, type, ext) => {
    const r = await withItem();
    const res = await upload(r, r.itemId, multipart(bytes, 'foto.bin', 'application/octet-stream'));
    expect(res.statusCode).toBe(200);
    const url: string = res.json().photoUrl;
    expect(url).toMatch(/^\/api\/public\/photos\/[0-9a-f-]{36}\.\w+$/);
    expect(url).toMatch(ext);
    expect(res.json().version).toBe(1); // a photo does not make an open edit form stale

    const served = await fetchUrl(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(type);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(bytes)).toBe(true);

    const menu = (await fetchUrl(`/api/public/menus/${r.id}`)).json();
    expect(menu.menuItems[0].photo).toBe(url);
    const [audit] = await auditRows(ctx, r.id, 'menu.item.photo.set');
    expect(audit).toMatchObject({ before: { photoPath: null }, after: { photoPath: url.split('/').pop() } });
  });

  it('replacing a photo removes the old file; removing leaves none', async () => {
    const r = await withItem();
    const first = (await upload(r, r.itemId, multipart(TINY_PNG))).json().photoUrl;
    const second = (await upload(r, r.itemId, multipart(JPEG, 'x.jpg', 'image/jpeg'))).json().photoUrl;
    expect(second).not.toBe(first);
    expect((await fetchUrl(first)).statusCode).toBe(404);
    expect((await fetchUrl(second)).statusCode).toBe(200);

    const removed = await r.call('DELETE', `/items/${r.itemId}/photo`);
    expect(removed.json().photoUrl).toBeNull();
    expect((await fetchUrl(second)).statusCode).toBe(404);
    expect((await fetchUrl(`/api/public/menus/${r.id}`)).json().menuItems[0]).not.toHaveProperty('photo');
  });

  it('deleting the item deletes its photo', async () => {
    const r = await withItem();
    const url = (await upload(r, r.itemId, multipart(TINY_PNG))).json().photoUrl;
    await r.call('DELETE', `/items/${r.itemId}`);
    expect((await fetchUrl(url)).statusCode).toBe(404);
  });

  it.each([
    ['a text file named .png', () => multipart(Buffer.from('merhaba, ben bir resim değilim'), 'foto.png', 'image/png'), 415, 'Fotoğraf JPEG, PNG ya da WebP biçiminde olmalı'],
    ['an SVG (scripts could hide in it)', () => multipart(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'a.svg', 'image/svg+xml'), 415, 'Fotoğraf JPEG, PNG ya da WebP biçiminde olmalı'],
    ['a GIF', () => multipart(Buffer.from('GIF89a......'), 'a.gif', 'image/gif'), 415, 'Fotoğraf JPEG, PNG ya da WebP biçiminde olmalı'],
    ['a file over 2 MB', () => multipart(Buffer.concat([TINY_PNG, Buffer.alloc(2 * 1024 * 1024)])), 413, 'Fotoğraf en fazla 2 MB olabilir'],
    ['an empty file', () => multipart(Buffer.alloc(0)), 400, 'Fotoğraf dosyası gönderilmedi'],
  ])('refuses %s and keeps the item as it was', async (_, body, status, error) => {
    const r = await withItem();
    const res = await upload(r, r.itemId, body());
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ error });
    expect((await r.menu()).items[0].photoUrl).toBeNull();
  });

  it.each([
    ['no boundary in its content type', () => ({ headers: { 'content-type': 'multipart/form-data' }, payload: multipart(TINY_PNG).payload })],
    ['a truncated body', () => {
      const full = multipart(TINY_PNG);
      return { headers: full.headers, payload: full.payload.subarray(0, full.payload.length - 30) };
    }],
    ['a body of garbage', () => ({ headers: { 'content-type': 'multipart/form-data; boundary=----sofra' }, payload: Buffer.from('\u0000\u00ff garbage, not multipart at all \r\n\r\n') })],
    ['a body that never starts a part', () => ({ headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: Buffer.from('--x--\r\n') })],
  ])('answers a multipart upload with %s with a Turkish 400 and keeps the item as it was', async (_, body) => {
    const r = await withItem();
    const res = await upload(r, r.itemId, body() as ReturnType<typeof multipart>);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^Fotoğraf/);
    expect(res.body).not.toMatch(/[Bb]oundary|Unexpected end|Malformed/);
    expect((await r.menu()).items[0].photoUrl).toBeNull();
  });

  it('refuses a JSON body instead of a file', async () => {
    const r = await withItem();
    const res = await r.call('PUT', `/items/${r.itemId}/photo`, { photo: 'data:image/png;base64,AAAA' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: 'Fotoğrafı dosya olarak (multipart/form-data) gönderin' });
  });

  it('serves nothing but stored photo names', async () => {
    for (const name of ['..%2F..%2Fetc%2Fpasswd', 'sofra.lock', '00000000-0000-4000-8000-000000000000.png', 'x.png']) {
      const res = await fetchUrl(`/api/public/photos/${name}`);
      expect(res.statusCode, name).toBe(404);
      expect(res.json()).toEqual({ error: 'Fotoğraf bulunamadı' });
    }
  });

  it('recognises images by their first bytes, not their names', () => {
    expect(sniffImage(TINY_PNG)).toBe('png');
    expect(sniffImage(JPEG)).toBe('jpg');
    expect(sniffImage(WEBP)).toBe('webp');
    expect(sniffImage(Buffer.from('RIFF0000WAVE'))).toBeNull();
    expect(sniffImage(Buffer.alloc(2))).toBeNull();
  });
});
