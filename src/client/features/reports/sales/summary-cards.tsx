import { VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import type { SalesReportResponse } from '../../../../shared/reports-contract';
import { NET_SALES_DEFINITION } from '../../../../shared/sales-definitions';
import { compare } from './compare';
import { formatCount, formatTL } from './format';
import classes from './reports.module.css';

/** "▲ +%12,5 artış" with its screen-reader sentence; the arrow and the word carry it, colour only adds. */
export function Change({ now, before, isCost }: { now: number; before: number; isCost?: boolean }) {
  const c = compare(now, before);
  return (
    <span className={classes.trend} data-trend={c.trend} data-cost={isCost || undefined} data-testid="change" title={c.label}>
      <span aria-hidden="true">{c.text}</span>
      <VisuallyHidden>{c.label}</VisuallyHidden>
    </span>
  );
}

function Figure({
  label,
  value,
  now,
  before,
  sub,
  wide,
  isCost,
  testId,
  children,
}: {
  label: string;
  value: string;
  now: number;
  before: number;
  sub?: string;
  wide?: boolean;
  /** İndirim, İkram, İptal, İade: a rise is not good news (its colour only; the words say the same either way) */
  isCost?: boolean;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <div className={`${classes.card} ${wide ? classes.wide : ''}`} data-testid={`figure-${testId}`}>
      <div className={classes.cardLabel}>{label}</div>
      <div className={classes.cardValue} data-testid={`figure-${testId}-value`}>
        {value}
      </div>
      {sub && <div className={classes.cardSub}>{sub}</div>}
      <Change now={now} before={before} isCost={isCost} />
      {children}
    </div>
  );
}

/** The period's figures, each against the previous equal period. */
export function SummaryCards({ report }: { report: SalesReportResponse }) {
  const s = report.summary;
  const p = report.previous.summary;
  return (
    <div className={classes.cards}>
      <Figure wide label="Net Satış" value={formatTL(s.net)} now={s.net} before={p.net} testId="net">
        <p className={classes.definition}>{NET_SALES_DEFINITION}</p>
      </Figure>
      <Figure label="Brüt Satış" value={formatTL(s.gross)} now={s.gross} before={p.gross} testId="gross" />
      <Figure label="İndirim" value={formatTL(s.discounts)} now={s.discounts} before={p.discounts} isCost testId="discounts" />
      <Figure label="İkram" value={formatTL(s.comps)} now={s.comps} before={p.comps} isCost testId="comps" />
      <Figure
        label="İptal"
        value={formatTL(s.cancellations.amount)}
        sub={`${formatCount(s.cancellations.count)} adet`}
        now={s.cancellations.amount}
        before={p.cancellations.amount}
        isCost testId="cancellations"
      />
      <Figure label="Servis Ücreti" value={formatTL(s.serviceCharge)} now={s.serviceCharge} before={p.serviceCharge} testId="service" />
      <Figure label="İade" value={formatTL(s.refunds)} now={s.refunds} before={p.refunds} isCost testId="refunds" />
      <Figure label="Bahşiş (satış dışı)" value={formatTL(s.tips)} now={s.tips} before={p.tips} testId="tips" />
      <Figure label="Hesap Sayısı" value={formatCount(s.bills)} now={s.bills} before={p.bills} testId="bills" />
      <Figure label="Kişi Sayısı" value={formatCount(s.guests)} now={s.guests} before={p.guests} testId="guests" />
      <Figure label="Ortalama Hesap" value={formatTL(s.averageBill)} now={s.averageBill} before={p.averageBill} testId="average-bill" />
      <Figure label="Kişi Başı Ortalama" value={formatTL(s.averagePerGuest)} sub="yalnızca masa satışları" now={s.averagePerGuest} before={p.averagePerGuest} testId="average-guest" />
    </div>
  );
}
