import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// In development, /menu/<id> is the public menu page and /kurye/<token> the courier's, as the server does in production.
const publicMenuPage = (): Plugin => ({
  name: 'sofra-public-menu-page',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url?.startsWith('/menu/')) req.url = '/menu.html';
      if (req.url?.startsWith('/kurye/')) req.url = '/courier.html';
      next();
    });
  },
});

// Crash reports name the build they came from (src/client/api/client-errors.ts).
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/**
 * Installable Sofra (web app manifest, Workbox service worker). The worker keeps the app shell
 * (precached at build) and the last answer of every signed-in API read (network first, the saved
 * copy only when the server cannot be reached), so a waiter can reload and still see their tables,
 * the menu and their adisyons. Writes never go through it: they wait in the IndexedDB queue
 * (src/client/api/offline-queue.ts). registerType 'prompt': a new version waits for "Yenile".
 */
const pwa = () =>
  VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
    manifest: {
      name: 'Sofra',
      short_name: 'Sofra',
      description: 'Sofra — restoran adisyon ve sipariş yönetimi',
      lang: 'tr',
      dir: 'ltr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'any',
      theme_color: '#c2410c',
      background_color: '#ffffff',
      icons: [
        { src: '/icons/sofra-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/sofra-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/sofra-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      // the staff app's shell; the public menu and courier pages stay network-only pages of their own
      globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
      // the colour emoji fallback font (~4 MB) is fetched only by devices without emoji of their own
      globIgnores: ['**/menu.html', '**/courier.html', '**/noto-color-emoji-*'],
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [/^\/api\//, /^\/menu\//, /^\/kurye\//],
      cleanupOutdatedCaches: true,
      // the first install takes the open page at once, so its tables are saved from the first
      // session; a later version still waits for "Yenile" (no skipWaiting)
      clientsClaim: true,
      runtimeCaching: [
        {
          // Signed-in reads except the live feed (its stream and its long polls: a saved poll
          // answered offline would replay old events in a tight loop); the copy is served only
          // when the network fails.
          urlPattern: ({ url, request, sameOrigin }) =>
            sameOrigin && request.method === 'GET' && url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/events') && !url.pathname.startsWith('/api/public/'),
          handler: 'NetworkFirst',
          options: {
            cacheName: 'sofra-api',
            expiration: { maxEntries: 300, maxAgeSeconds: 7 * 24 * 60 * 60 },
            cacheableResponse: { statuses: [200] },
            plugins: [
              {
                // The page's own copy answers a 304; the worker's copy must stay as fresh, so a
                // conditional read whose tag the worker does not hold asks for the whole answer.
                requestWillFetch: async ({ request }) => {
                  const tag = request.headers.get('if-none-match');
                  if (!tag) return request;
                  const saved = await caches.match(request.url, { cacheName: 'sofra-api' });
                  if (saved?.headers.get('etag') === tag) return request;
                  const headers = new Headers(request.headers);
                  headers.delete('if-none-match');
                  return new Request(request.url, { method: 'GET', headers, credentials: request.credentials });
                },
                // Marks the saved copy, so the page knows the server did not answer (reachability.ts).
                cachedResponseWillBeUsed: async ({ cachedResponse }) => {
                  if (!cachedResponse) return cachedResponse;
                  const headers = new Headers(cachedResponse.headers);
                  headers.set('x-sofra-offline-copy', '1');
                  return new Response(await cachedResponse.blob(), { status: cachedResponse.status, statusText: cachedResponse.statusText, headers });
                },
              },
            ],
          },
        },
      ],
    },
  });

export default defineConfig({
  root: '.',
  define: { __APP_VERSION__: JSON.stringify(version) },
  plugins: [react(), publicMenuPage(), pwa()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    modulePreload: { polyfill: false },
    rollupOptions: {
      // courier.html: the courier's phone page (/kurye/<token>), small and without the staff UI kit
      input: { main: 'index.html', menu: 'menu.html', courier: 'courier.html' },
      // What the public menu shares with the staff app goes into one small chunk, so a customer's
      // phone fetches three files (page script, this, stylesheet) instead of one per shared module.
      output: { codeSplitting: { groups: [{ name: 'menu-shared', test: /src[\\/]shared[\\/](domain[\\/]money|public-menu-view|table-request-view|turkish-search)\.ts$/ }] } },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
