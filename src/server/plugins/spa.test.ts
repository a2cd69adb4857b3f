import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { openDatabase, type Database } from '../db/client';

// A tiny stand-in for dist/client: the real build is not needed to check how files are served.
let clientDir: string;
let database: Database;
let app: App;

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'sofra-spa-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Sofra giriş</title>');
  writeFileSync(path.join(clientDir, 'menu.html'), '<!doctype html><title>Menü</title>');
  writeFileSync(path.join(clientDir, 'assets', 'app-AbC123.js'), 'console.log("sofra")');
  writeFileSync(path.join(clientDir, 'assets', 'app-AbC123.js.gz'), gzipSync('console.log("sofra")'));
  database = await openDatabase({ kind: 'pglite' });
  app = await buildApp({ database, config: { cookieSecure: 'auto', trustProxy: false }, clientDir });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('serving the built app', () => {
  it('serves the login page at / to a client that sends no Accept-Encoding (curl, uptime monitors)', async () => {
    const res = await app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('Sofra giriş');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves the login page at / to a browser too', async () => {
    const res = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Sofra giriş');
  });

  it('caches hashed files under /assets/ for a year as immutable, compressed or not', async () => {
    for (const headers of [{}, { 'accept-encoding': 'gzip' }]) {
      const res = await app.inject({ url: '/assets/app-AbC123.js', headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('never caches the HTML pages, whichever way they are reached', async () => {
    for (const url of ['/index.html', '/owner/menu', '/menu/abc/x']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    // the public menu's page, filled in by the public-menu module: here for a restaurant that does not exist
    const menuPage = await app.inject({ url: '/menu/abc' });
    expect(menuPage.statusCode).toBe(404);
    expect(menuPage.headers['cache-control']).toBe('no-cache');
  });
});
