import { NativeSelect, Select } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CSSProperties, ReactNode } from 'react';

const TOUCH_QUERY = '(pointer: coarse)';

/**
 * True on a touch screen (phone, tablet). Read at once, not after a first render, so a form never
 * flips from one kind of control to the other while someone is using it.
 */
export function useIsTouch(): boolean {
  const initial = typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(TOUCH_QUERY).matches;
  return useMediaQuery(TOUCH_QUERY, initial, { getInitialValueInEffect: false }) ?? false;
}

export interface Choice {
  value: string;
  label: string;
}

interface Props {
  label: string;
  description?: ReactNode;
  data: readonly Choice[];
  /** '' or null: nothing chosen (shown as `emptyLabel` when given) */
  value: string | null;
  onChange(value: string): void;
  /** offers "no choice" as the first entry, e.g. 'Yazıcı seçilmedi'; choosing it gives '' */
  emptyLabel?: string;
  error?: ReactNode;
  required?: boolean;
  size?: 'sm' | 'md';
  style?: CSSProperties;
  className?: string;
}

/**
 * Every single choice on every screen. On a touch device it is the browser's own `<select>`: the
 * phone's picker opens, never off screen and never widening the page (Mantine's combobox inside a
 * scrolling form did both). With a mouse it is Mantine's Select with its searchable list.
 */
export function ChoiceSelect({ label, description, data, value, onChange, emptyLabel, error, required, size, style, className }: Props) {
  const isTouch = useIsTouch();
  const common = { label, description, error, required, size, style, className };
  if (isTouch) {
    const options = emptyLabel !== undefined ? [{ value: '', label: emptyLabel }, ...data] : [...data];
    return <NativeSelect {...common} data={options} value={value ?? ''} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
  return (
    <Select
      {...common}
      data={[...data]}
      value={value || null}
      placeholder={emptyLabel}
      clearable={emptyLabel !== undefined}
      allowDeselect={false}
      onChange={(v) => onChange(v ?? '')}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
