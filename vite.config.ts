import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

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

export default defineConfig({
  root: '.',
  define: { __APP_VERSION__: JSON.stringify(version) },
  plugins: [react(), publicMenuPage()],
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
      output: { codeSplitting: { groups: [{ name: 'menu-shared', test: /src[\\/]shared[\\/](money|public-menu-view|turkish-search)\.ts$/ }] } },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
