import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { choosePreset, periodError, type PeriodChoice } from './period';
import { PeriodPicker } from './period-picker';

const TODAY = '2026-11-25'; // a Wednesday

function Harness({ onChange }: { onChange?(c: PeriodChoice): void }) {
  const [choice, setChoice] = useState<PeriodChoice>(() => choosePreset('today', TODAY));
  return (
    <MantineProvider>
      <PeriodPicker
        value={choice}
        today={TODAY}
        onChange={(c) => {
          setChoice(c);
          onChange?.(c);
        }}
      />
      <output data-testid="period">{`${choice.preset} ${choice.from} ${choice.to}`}</output>
    </MantineProvider>
  );
}

describe('PeriodPicker', () => {
  it('offers the Turkish presets and says which one is chosen (aria-pressed and a check mark, not colour alone)', () => {
    render(<Harness />);
    const group = screen.getByRole('group', { name: 'Dönem' });
    const names = [...group.querySelectorAll('button')].map((b) => b.textContent);
    expect(names).toEqual(['✓\u00a0Bugün', 'Dün', 'Bu hafta', 'Bu ay', 'Geçen ay', 'Özel aralık']);
    expect(screen.getByRole('button', { name: 'Bugün' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Dün' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('turns each preset into business days: yesterday, the week from Monday, this month, last month', async () => {
    render(<Harness />);
    const period = screen.getByTestId('period');
    await userEvent.click(screen.getByRole('button', { name: 'Dün' }));
    expect(period).toHaveTextContent('yesterday 2026-11-24 2026-11-24');
    expect(screen.getByRole('button', { name: 'Dün' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Bu hafta' }));
    expect(period).toHaveTextContent('thisWeek 2026-11-23 2026-11-25');
    await userEvent.click(screen.getByRole('button', { name: 'Bu ay' }));
    expect(period).toHaveTextContent('thisMonth 2026-11-01 2026-11-25');
    await userEvent.click(screen.getByRole('button', { name: 'Geçen ay' }));
    expect(period).toHaveTextContent('lastMonth 2026-10-01 2026-10-31');
  });

  it('takes a custom range typed the Turkish way and shows it only after Göster', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Özel aralık' }));
    onChange.mockClear();
    const from = screen.getByLabelText('Başlangıç');
    const to = screen.getByLabelText('Bitiş');
    await userEvent.clear(from);
    await userEvent.type(from, '03.11.2026');
    await userEvent.clear(to);
    await userEvent.type(to, '10.11.2026');
    await userEvent.tab();
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Göster' }));
    expect(onChange).toHaveBeenLastCalledWith({ preset: 'custom', from: '2026-11-03', to: '2026-11-10' });
  });

  it('refuses a range that ends before it starts, in Turkish on the field, and asks nothing', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Özel aralık' }));
    onChange.mockClear();
    const from = screen.getByLabelText('Başlangıç');
    await userEvent.clear(from);
    await userEvent.type(from, '20.11.2026');
    const to = screen.getByLabelText('Bitiş');
    await userEvent.clear(to);
    await userEvent.type(to, '10.11.2026');
    await userEvent.tab();
    await userEvent.click(screen.getByRole('button', { name: 'Göster' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByText('Başlangıç tarihi bitişten sonra olamaz')).toBeInTheDocument();
    expect(from).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('periodError', () => {
  it('accepts up to 366 days and refuses more, an empty end and a reversed range', () => {
    expect(periodError({ from: '2025-11-25', to: '2026-11-25' })).toBeNull(); // 366 days
    expect(periodError({ from: '2025-11-24', to: '2026-11-25' })).toMatch(/en fazla 366 gün/);
    expect(periodError({ from: '', to: '2026-11-25' })).toBe('Başlangıç ve bitiş günlerini seçin');
    expect(periodError({ from: '2026-11-26', to: '2026-11-25' })).toBe('Başlangıç tarihi bitişten sonra olamaz');
  });
});
