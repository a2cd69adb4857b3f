import './styles/mantine-base';
import './styles/phone-first.css';
import './styles/emoji-font.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { setUnauthorizedHandler } from './api/http';
import { preloadRoute } from './app/route-preload';
import { AppRoutes } from './app/router';
import { setUpdateReady } from './app/app-update';
import { clearUserSession } from './api/session';
import { noteSessionEnded } from './features/auth/session-notice';
import { loadEmojiFontIfMissing } from './styles/emoji-font';
import { cssVariablesResolver, theme } from './styles/theme';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: true } } });

// A session that died on the server (logout elsewhere, deactivated account) ends on the login
// page; a full load also drops whatever the dead session had cached.
setUnauthorizedHandler((reason) => {
  clearUserSession();
  noteSessionEnded(reason);
  window.location.assign('/');
});

// The service worker (vite.config.ts) only in a build: in development it would serve stale modules.
// A new version is offered ("Yeni sürüm hazır — Yenile"), never forced (app/app-update.ts).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  void import('virtual:pwa-register').then(({ registerSW }) => {
    const updateSW = registerSW({ onNeedRefresh: () => setUpdateReady(() => updateSW(true)) });
  });
}

// Before the start-up's own work: the screen in the address bar gets its data meanwhile.
preloadRoute(window.location.pathname, queryClient);

void loadEmojiFontIfMissing().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  ),
);
