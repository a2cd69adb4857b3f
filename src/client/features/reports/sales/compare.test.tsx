import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { compare } from './compare';
import { Change } from './summary-cards';

describe('compare (± % against the previous equal period)', () => {
  it('says a rise with an up arrow, a plus sign and the word artış, the percent the Turkish way', () => {
    const c = compare(11250, 10000);
    expect(c).toMatchObject({ trend: 'up', percent: 12.5 });
    expect(c.text).toBe('▲ +%12,5 artış');
    expect(c.label).toBe('Önceki döneme göre %12,5 artış');
  });

  it('says a fall with a down arrow, a minus sign and the word azalış', () => {
    const c = compare(7000, 10000);
    expect(c).toMatchObject({ trend: 'down', percent: -30 });
    expect(c.text).toBe('▼ −%30,0 azalış');
  });

  it('a figure that fell to nothing is a 100 % fall', () => {
    expect(compare(0, 4500).text).toBe('▼ −%100,0 azalış');
  });

  it('says "değişmedi" when both periods are equal, even both zero', () => {
    expect(compare(0, 0)).toMatchObject({ trend: 'same', text: '= değişmedi' });
    expect(compare(5000, 5000).trend).toBe('same');
    // a change under 0.05 % rounds to 0,0: said as unchanged, never "▲ +%0,0"
    expect(compare(100001, 100000).trend).toBe('same');
  });

  it('never divides by a zero previous period: a figure that was 0 before is "yeni"', () => {
    const c = compare(2500, 0);
    expect(c).toMatchObject({ trend: 'new', percent: null });
    expect(c.text).toContain('yeni');
    expect(c.text).not.toMatch(/Infinity|NaN/);
  });

  it('rounds to one decimal and reads a negative previous figure by its size', () => {
    expect(compare(1, 3).percent).toBe(-66.7);
    expect(compare(0, -100).trend).toBe('up');
  });
});

describe('Change', () => {
  it('shows the arrow and the word, and tells a screen reader the whole sentence (never colour alone)', () => {
    render(
      <MantineProvider>
        <Change now={9000} before={12000} />
      </MantineProvider>,
    );
    const change = screen.getByTestId('change');
    expect(change).toHaveAttribute('data-trend', 'down');
    expect(change).toHaveTextContent('▼ −%25,0 azalış');
    expect(screen.getByText('Önceki döneme göre %25,0 azalış')).toBeInTheDocument();
  });
});
