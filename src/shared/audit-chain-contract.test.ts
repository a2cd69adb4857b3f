import { describe, expect, it } from 'vitest';
import { auditChainVerdict, brokenLinkPlace, type AuditChainReport, type BrokenLink } from './audit-chain-contract';

const link = (over: Partial<BrokenLink>): BrokenLink => ({ kind: 'audit', seq: null, billNumber: null, id: 'x', reason: 'Özet tutmuyor', ...over });
const report = (over: Partial<AuditChainReport>): AuditChainReport => ({
  auditRows: 0,
  auditRowsBeforeChain: 0,
  bills: 0,
  billsBeforeChain: 0,
  firstBroken: null,
  brokenChains: [],
  ...over,
});

describe('audit chain verdict for people', () => {
  it('names a broken bill, Gün Sonu and audit row by their Turkish numbers', () => {
    expect(brokenLinkPlace(link({ kind: 'bill', billNumber: 1234 }))).toBe('Hesap No 1.234');
    expect(brokenLinkPlace(link({ kind: 'bill' }))).toBe('Hesap No 0');
    expect(brokenLinkPlace(link({ kind: 'day', dayNumber: 7 }))).toBe('Gün Sonu No 7');
    expect(brokenLinkPlace(link({ kind: 'day' }))).toBe('Gün Sonu No 0');
    expect(brokenLinkPlace(link({ kind: 'audit', seq: 12345 }))).toBe('Denetim kaydı 12.345. satır');
    expect(brokenLinkPlace(link({ kind: 'audit', seq: null }))).toBe('Denetim kaydı (sırasız satır)');
  });

  it('says where and why a chain is broken, or counts what it found sound', () => {
    expect(auditChainVerdict(report({ firstBroken: link({ kind: 'bill', billNumber: 7 }), brokenChains: ['bill'] }))).toBe(
      'Zincir bozuk: Hesap No 7 — Özet tutmuyor',
    );
    expect(auditChainVerdict(report({ auditRows: 12_500, bills: 1_001 }))).toBe('Zincir sağlam: 12.500 denetim kaydı, 1.001 hesap');
  });
});
