import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// In development, /menu/<id> is the public menu page, as the server does in production.
const publicMenuPage = (): Plugin => ({
  name: 'sofra-public-menu-page',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url?.startsWith('/menu/')) req.url = '/menu.html';
      next();
    });
  },
});

export default defineConfig({
  root: '.',
  plugins: [react(), publicMenuPage()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    modulePreload: { polyfill: false },
    rollupOptions: { input: { main: 'index.html', menu: 'menu.html' } },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
