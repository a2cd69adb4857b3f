import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Approval } from '../../../shared/bill-contract';
import type { SharedDeviceInfo } from '../../../shared/pin-contract';
import { ApprovalDialog } from './bill-dialogs';

const answer = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const sharedDevice: SharedDeviceInfo = { device: { name: 'Kasa PC', restaurantName: 'Lokanta' }, people: [{ id: 'owner-1', name: 'Selin', role: 'owner', isLocked: false }] };
const ordinaryBrowser: SharedDeviceInfo = { device: null, people: [] };

/** The dialog as the bill screen uses it: opened for a refused write, closed once approved. */
function draw(device: SharedDeviceInfo, onApprove: (a: Approval) => Promise<string | null>) {
  vi.stubGlobal('fetch', vi.fn(async () => answer(device)));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  function Host() {
    const [opened, setOpened] = useState(true);
    return (
      <>
        <button onClick={() => setOpened(true)}>Yeniden iste</button>
        <ApprovalDialog opened={opened} onClose={() => setOpened(false)} message="İkram için yetkiniz yok" onApprove={onApprove} />
      </>
    );
  }
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider>
        <Host />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

afterEach(() => vi.unstubAllGlobals());

describe('Yönetici onayı', () => {
  it('on a shared device takes the owner’s PIN on the pad', async () => {
    const onApprove = vi.fn(async () => null);
    const user = draw(sharedDevice, onApprove);
    expect(await screen.findByText('Selin')).toBeInTheDocument();
    for (const d of '3907') await user.click(screen.getByRole('button', { name: d }));
    await user.click(screen.getByRole('button', { name: 'PIN ile onayla' }));
    expect(onApprove).toHaveBeenCalledWith({ approverId: 'owner-1', pin: '3907' });
  });

  it('leaves nothing of the owner’s filled in: the password after a refusal, the email once approved', async () => {
    const onApprove = vi.fn<(a: Approval) => Promise<string | null>>().mockResolvedValueOnce('Onaylayan işletme sahibinin e-postası ya da şifresi hatalı').mockResolvedValueOnce(null);
    const user = draw(ordinaryBrowser, onApprove);
    const email = await screen.findByLabelText('Onaylayan e-postası');
    await user.type(email, 'sahip@lokanta.test');
    await user.type(screen.getByLabelText('Onaylayan şifresi'), 'yanlis');
    await user.click(screen.getByRole('button', { name: 'Onayla' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('hatalı');
    expect(screen.getByLabelText('Onaylayan şifresi')).toHaveValue('');
    await user.type(screen.getByLabelText('Onaylayan şifresi'), 'dogru-sifre');
    await user.click(screen.getByRole('button', { name: 'Onayla' }));
    expect(onApprove).toHaveBeenLastCalledWith({ email: 'sahip@lokanta.test', password: 'dogru-sifre' });
    // the next request for approval on this phone starts empty
    await user.click(screen.getByRole('button', { name: 'Yeniden iste' }));
    expect(await screen.findByLabelText('Onaylayan e-postası')).toHaveValue('');
    expect(screen.getByLabelText('Onaylayan şifresi')).toHaveValue('');
  });
});
