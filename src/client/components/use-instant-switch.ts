import { useState } from 'react';

/**
 * A switch whose truth is on the server shows the new position the moment it is touched, and
 * falls back to the server's value once the request settles (refused or not).
 */
export function useInstantSwitch(serverValue: boolean, save: (value: boolean) => Promise<unknown>) {
  const [pending, setPending] = useState<boolean | null>(null);
  return {
    checked: pending ?? serverValue,
    onChange: (value: boolean) => {
      setPending(value);
      void save(value)
        .catch(() => {})
        .finally(() => setPending(null));
    },
  };
}
