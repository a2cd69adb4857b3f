import { TextInput, type TextInputProps } from '@mantine/core';
import { readTurkishMoney } from '../../../shared/domain/money';

interface Props extends Omit<TextInputProps, 'value' | 'onChange' | 'error'> {
  value: string;
  onChange(value: string): void;
  /** shown once the field was left or a save was tried */
  showError: boolean;
  /** how the field is named in its error ("Fiyat", "Ek fiyat") */
  fieldName?: string;
}

/** Money typed the Turkish way ("1.250,50"); the parent reads it with readTurkishMoney on save. */
export function MoneyInput({ value, onChange, showError, fieldName = 'Fiyat', ...rest }: Props) {
  const reading = readTurkishMoney(value, fieldName);
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      placeholder="0,00"
      rightSection={<span aria-hidden>TL</span>}
      {...rest}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={showError && !reading.ok ? reading.error : undefined}
    />
  );
}
