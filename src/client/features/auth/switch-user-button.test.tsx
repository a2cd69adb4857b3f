import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { rememberSharedDevice } from '../../api/shared-device-hint';
import { SwitchUserButton } from './switch-user-button';

const draw = () =>
  render(
    <MantineProvider>
      <MemoryRouter>
        <SwitchUserButton />
      </MemoryRouter>
    </MantineProvider>,
  );

afterEach(() => localStorage.clear());

describe('Kullanıcı Değiştir', () => {
  it('is not offered on an ordinary browser', () => {
    draw();
    expect(screen.queryByRole('button', { name: 'Kullanıcı Değiştir' })).toBeNull();
  });

  it('appears as soon as the owner registers this browser, and goes when it is revoked', () => {
    draw();
    act(() => rememberSharedDevice('Kasa PC'));
    expect(screen.getByRole('button', { name: 'Kullanıcı Değiştir' })).toBeInTheDocument();
    act(() => rememberSharedDevice(null));
    expect(screen.queryByRole('button', { name: 'Kullanıcı Değiştir' })).toBeNull();
  });
});
