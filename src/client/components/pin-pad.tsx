import { Button } from '@mantine/core';
import { useEffect } from 'react';
import { PIN_LIMITS } from '../../shared/pin-contract';
import classes from './pin-pad.module.css';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

/**
 * The number pad: big keys, dots instead of digits (whoever stands behind sees no PIN), and the
 * keyboard's digits, Backspace and Enter too. The typed PIN lives only in the parent's state.
 */
export function PinPad({
  value,
  onChange,
  onSubmit,
  submitLabel,
  disabled = false,
}: {
  value: string;
  onChange(pin: string): void;
  onSubmit(): void;
  submitLabel: string;
  disabled?: boolean;
}) {
  const canSubmit = value.length >= PIN_LIMITS.minLength && !disabled;
  const press = (digit: string) => {
    if (!disabled && value.length < PIN_LIMITS.maxLength) onChange(value + digit);
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // typing into a field of its own (e.g. another dialog) is not for the pad
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) return;
      if (/^\d$/.test(e.key)) press(e.key);
      else if (e.key === 'Backspace') onChange(value.slice(0, -1));
      else if (e.key === 'Enter' && canSubmit) onSubmit();
      else return;
      e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  return (
    <div>
      <div className={classes.dots} role="status" aria-label={`${value.length} hane girildi`}>
        {Array.from({ length: Math.max(PIN_LIMITS.minLength, value.length) }, (_, i) => (
          <span key={i} className={classes.dot} data-filled={i < value.length} aria-hidden />
        ))}
      </div>
      <div className={classes.pad} role="group" aria-label="Tuş takımı" style={{ marginTop: 16 }}>
        {KEYS.map((k) => (
          <Button key={k} variant="default" className={classes.key} onClick={() => press(k)} disabled={disabled}>
            {k}
          </Button>
        ))}
        <Button variant="light" color="gray" className={classes.key} onClick={() => onChange(value.slice(0, -1))} disabled={disabled || !value} aria-label="Sil">
          ⌫
        </Button>
        <Button variant="default" className={classes.key} onClick={() => press('0')} disabled={disabled}>
          0
        </Button>
        <Button className={classes.key} onClick={onSubmit} disabled={!canSubmit} aria-label={submitLabel}>
          ✓
        </Button>
      </div>
    </div>
  );
}
