import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DateField, parseTrDate } from './date-field';

describe('parseTrDate', () => {
  it('reads a day typed the Turkish way, and the API form', () => {
    expect(parseTrDate('25.11.2026')).toBe('2026-11-25');
    expect(parseTrDate(' 5/1/2026 ')).toBe('2026-01-05');
    expect(parseTrDate('29-02-2024')).toBe('2024-02-29');
    expect(parseTrDate('2026-11-25')).toBe('2026-11-25');
  });

  it('refuses what is not a calendar day (and the American month-first order past the 12th)', () => {
    for (const bad of ['31.02.2026', '29.02.2026', '11/25/2026', '25.11.26', 'yarın', '']) expect(parseTrDate(bad)).toBeNull();
  });
});

function Harness({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <MantineProvider>
      <DateField label="Başlangıç" value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </MantineProvider>
  );
}

describe('DateField', () => {
  it('shows the day as 25.11.2026 and takes a typed 24.12.2026', async () => {
    render(<Harness initial="2026-11-25" />);
    const input = screen.getByLabelText('Başlangıç');
    expect(input).toHaveValue('25.11.2026');
    await userEvent.clear(input);
    await userEvent.type(input, '24.12.2026');
    await userEvent.tab();
    expect(screen.getByTestId('value')).toHaveTextContent('2026-12-24');
    expect(input).toHaveValue('24.12.2026');
  });

  it('opens a Turkish calendar whose week starts on Monday', async () => {
    render(<Harness initial="2026-11-25" />);
    await userEvent.click(screen.getByLabelText('Başlangıç'));
    expect(await screen.findByText('Kasım 2026')).toBeInTheDocument();
    const weekdays = [...document.querySelectorAll('th')].map((h) => h.textContent);
    expect(weekdays.slice(0, 2)).toEqual(['Pt', 'Sa']);
    expect(weekdays.at(-1)).toBe('Pz');
  });
});
