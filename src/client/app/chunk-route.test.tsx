import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, ChunkRoute } from './chunk-route';

const Screen = () => <p>Hazır ekran</p>;
const renderRoute = (load: () => Promise<{ default: typeof Screen }>) =>
  render(
    <MantineProvider>
      <ChunkRoute load={load} />
    </MantineProvider>,
  );

afterEach(() => vi.useRealTimers());

describe('ChunkRoute', () => {
  it("shows 'Yükleniyor...' and then the screen", async () => {
    renderRoute(() => Promise.resolve({ default: Screen }));
    expect(screen.getByText('Yükleniyor...')).toBeInTheDocument();
    expect(await screen.findByText('Hazır ekran')).toBeInTheDocument();
  });

  it('gives up after 120 s with a Turkish message, and the retry loads it', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let calls = 0;
    const load = () => (++calls === 1 ? new Promise<never>(() => {}) : Promise.resolve({ default: Screen }));
    renderRoute(load);
    await act(async () => vi.advanceTimersByTime(CHUNK_TIMEOUT_MS - 1));
    expect(screen.getByText('Yükleniyor...')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.getByRole('alert')).toHaveTextContent('Ekran 120 saniyede yüklenemedi');
    vi.useRealTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Tekrar Dene' }));
    expect(await screen.findByText('Hazır ekran')).toBeInTheDocument();
    expect(calls).toBe(2);
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it('says so when the chunk fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoute(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ekran yüklenemedi');
  });
});
