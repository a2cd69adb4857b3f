import { afterEach, describe, expect, it, vi } from 'vitest';
import { tr } from '../i18n/tr';
import { ApiError, api, endSession, setSigningOut, setUnauthorizedHandler } from './http';

afterEach(() => vi.unstubAllGlobals());

const answer = (status: number, body: string, type = 'text/html') => vi.fn(async () => new Response(body, { status, headers: { 'content-type': type } }));

describe('a refused request', () => {
  it('carries the server’s Turkish sentence when it sent one', async () => {
    vi.stubGlobal('fetch', answer(409, JSON.stringify({ error: 'Bu masada açık bir adisyon var' }), 'application/json'));
    await expect(api('/api/x')).rejects.toMatchObject({ status: 409, message: 'Bu masada açık bir adisyon var' });
  });

  it('without one (a proxy’s error page, a restarting server) says so in Turkish, never "HTTP 502"', async () => {
    vi.stubGlobal('fetch', answer(502, '<html><body>Bad Gateway</body></html>'));
    const err = await api('/api/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe(tr.network.serverDown);
    vi.stubGlobal('fetch', answer(413, ''));
    await expect(api('/api/x', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 413, message: tr.network.failed });
  });

  it('that never reached the server says to check the connection', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(api('/api/x')).rejects.toMatchObject({ status: 0, message: tr.network.offline });
  });
});

describe('a 401 from a signed-in call', () => {
  afterEach(() => setSigningOut(false));

  it('ends the session on the dashboard: the session died elsewhere', async () => {
    const ended = vi.fn();
    setUnauthorizedHandler(ended);
    vi.stubGlobal('fetch', answer(401, JSON.stringify({ error: 'Oturum açmanız gerekiyor' }), 'application/json'));
    await expect(api('/api/restaurants/r/tickets')).rejects.toMatchObject({ status: 401 });
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('is the expected end while this screen signs its person out, and news again after the next sign-in', async () => {
    const ended = vi.fn();
    setUnauthorizedHandler(ended);
    vi.stubGlobal('fetch', answer(401, JSON.stringify({ error: 'Oturum açmanız gerekiyor' }), 'application/json'));
    setSigningOut(true);
    await expect(api('/api/restaurants/r/tickets')).rejects.toMatchObject({ status: 401 });
    endSession('başka bir cihazdan');
    expect(ended).not.toHaveBeenCalled();

    setSigningOut(false);
    await expect(api('/api/restaurants/r/tickets')).rejects.toMatchObject({ status: 401 });
    expect(ended).toHaveBeenCalledTimes(1);
  });
});
