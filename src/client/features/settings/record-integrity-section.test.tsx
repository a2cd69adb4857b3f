import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test-support/render';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditChainReport } from '../../../shared/audit-chain-contract';
import { setUserSession } from '../../api/session';
import { RecordIntegritySection } from './record-integrity-section';

function renderSection() {
  return renderWithProviders(<RecordIntegritySection />);
}

const answer = (report: AuditChainReport) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(report), { status: 200, headers: { 'content-type': 'application/json' } })),
  );

beforeEach(() => setUserSession({ uid: 'u', email: 'sahip@example.com', role: 'owner', restaurantId: 'r1' }));
afterEach(() => vi.unstubAllGlobals());

describe('Ayarlar → Kayıt bütünlüğü', () => {
  it('checks only when the owner taps Denetle, then says the chain holds with its counts', async () => {
    answer({ auditRows: 1234, auditRowsBeforeChain: 0, bills: 56, billsBeforeChain: 0, firstBroken: null, brokenChains: [] });
    renderSection();
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Denetle' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Zincir sağlam: 1.234 denetim kaydı, 56 hesap');
    expect(vi.mocked(fetch).mock.calls[0][0]).toBe('/api/restaurants/r1/audit-chain');
  });

  it('goes on from the last sound check with Denetle, says how much was new, and reads everything again with Baştan Denetle', async () => {
    answer({ auditRows: 1300, auditRowsBeforeChain: 0, bills: 60, billsBeforeChain: 0, firstBroken: null, brokenChains: [], since: { auditRows: 1234, bills: 56 } });
    renderSection();
    await userEvent.click(screen.getByRole('button', { name: 'Denetle' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Son denetimden bu yana 66 yeni denetim kaydı ve 4 yeni hesap denetlendi');
    answer({ auditRows: 1300, auditRowsBeforeChain: 0, bills: 60, billsBeforeChain: 0, firstBroken: null, brokenChains: [] });
    await userEvent.click(screen.getByRole('button', { name: 'Baştan Denetle' }));
    await vi.waitFor(() => expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe('/api/restaurants/r1/audit-chain?full=true'));
    const verdict = await screen.findByRole('status');
    expect(verdict).toHaveTextContent('Zincir sağlam: 1.300 denetim kaydı, 60 hesap');
    expect(verdict).not.toHaveTextContent('Son denetimden');
  });

  it('names the first broken link in words and with a warning sign, not in colour alone', async () => {
    answer({
      auditRows: 40,
      auditRowsBeforeChain: 0,
      bills: 3,
      billsBeforeChain: 0,
      firstBroken: { kind: 'bill', seq: null, billNumber: 2, id: 't2', reason: 'Hesabın tutarları, ödemeleri ya da kapanış zamanı mühürlendiği andan beri değişmiş' },
      brokenChains: ['bill'],
    });
    renderSection();
    await userEvent.click(screen.getByRole('button', { name: 'Denetle' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('⚠');
    expect(alert).toHaveTextContent('Uyarı: zincir bozuk');
    expect(alert).toHaveTextContent('Hesap No 2');
    expect(alert).toHaveTextContent('mühürlendiği andan beri değişmiş');
  });
});
