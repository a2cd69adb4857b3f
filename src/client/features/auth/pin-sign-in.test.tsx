import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SharedDeviceInfo } from '../../../shared/pin-contract';
import { PinSignIn } from './pin-sign-in';

const info: SharedDeviceInfo = {
  device: { name: 'Kasa PC', restaurantName: 'Lokanta' },
  people: [
    { id: 'u-ayse', name: 'Ayşe', role: 'waiter', isLocked: false },
    { id: 'u-mehmet', name: 'Mehmet', role: 'kitchen', isLocked: true },
  ],
};

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function draw() {
  const onSignedIn = vi.fn();
  render(
    <MantineProvider>
      <PinSignIn info={info} onSignedIn={onSignedIn} onUsePassword={() => {}} />
    </MantineProvider>,
  );
  return { user: userEvent.setup(), onSignedIn };
}

const pressDigits = async (user: ReturnType<typeof userEvent.setup>, digits: string) => {
  for (const d of digits) await user.click(screen.getByRole('button', { name: d }));
};

afterEach(() => vi.unstubAllGlobals());

describe('the number pad on a shared device', () => {
  it('picks the name, takes the PIN on the pad and signs that person in', async () => {
    const fetchMock = vi.fn(async () => answer(200, { uid: 'u-ayse', email: 'ayse@lokanta.test', role: 'waiter', restaurantId: 'r1' }));
    vi.stubGlobal('fetch', fetchMock);
    const { user, onSignedIn } = draw();
    await user.click(screen.getByRole('button', { name: /Ayşe/ }));
    const submit = screen.getByRole('button', { name: 'PIN ile giriş yap' });
    await pressDigits(user, '482');
    // three digits are not a PIN yet
    expect(submit).toBeDisabled();
    await pressDigits(user, '6');
    expect(screen.getByRole('status')).toHaveAccessibleName('4 hane girildi');
    await user.click(submit);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/pin');
    expect(JSON.parse(String(init.body))).toEqual({ userId: 'u-ayse', pin: '4826' });
    expect(onSignedIn).toHaveBeenCalledWith(expect.objectContaining({ uid: 'u-ayse', role: 'waiter' }));
  });

  it('shows the server’s Turkish refusal and forgets the typed PIN', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(401, { error: 'PIN hatalı' })));
    const { user, onSignedIn } = draw();
    await user.click(screen.getByRole('button', { name: /Ayşe/ }));
    await pressDigits(user, '4827');
    await user.click(screen.getByRole('button', { name: 'PIN ile giriş yap' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('PIN hatalı');
    expect(screen.getByRole('status')).toHaveAccessibleName('0 hane girildi');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('takes the keyboard’s digits too, and Sil takes the last one back', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(200, {})));
    const { user } = draw();
    await user.click(screen.getByRole('button', { name: /Mehmet/ }));
    expect(screen.getByText('PIN kilitli')).toBeInTheDocument();
    await user.keyboard('591');
    await user.click(screen.getByRole('button', { name: 'Sil' }));
    expect(screen.getByRole('status')).toHaveAccessibleName('2 hane girildi');
  });
});
