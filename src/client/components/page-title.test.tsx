import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageTitle, useScreenTitle } from './page-title';

function Bill({ where }: { where: string }) {
  useScreenTitle(`Hesap · ${where}`);
  return null;
}

describe('the page title', () => {
  it("names the sidebar's screen, then a screen inside it while that is open", () => {
    const { rerender } = render(<PageTitle title="Sipariş Ekranı">{null}</PageTitle>);
    expect(document.title).toBe('Sipariş Ekranı · Sofra');
    rerender(
      <PageTitle title="Sipariş Ekranı">
        <Bill where="Masa 5" />
      </PageTitle>,
    );
    expect(document.title).toBe('Hesap · Masa 5 · Sofra');
    rerender(<PageTitle title="Sipariş Ekranı">{null}</PageTitle>);
    expect(document.title).toBe('Sipariş Ekranı · Sofra');
    rerender(<PageTitle title="Açık Masalar">{null}</PageTitle>);
    expect(document.title).toBe('Açık Masalar · Sofra');
  });
});
