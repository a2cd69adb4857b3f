import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { PrintFailure } from '../../../shared/printing-contract';
import { printFailuresQuery } from './api/print-failures';

const RETRY_WORDS: Record<PrintFailure['retry'], string> = {
  scheduled: 'birazdan yeniden denenecek',
  printed: 'yeniden denendi ve yazdırıldı',
  failed: 'yeniden denendi, yine yazdırılamadı — fişi mutfağa elle iletin',
};

/** One failure in words: which station's printer, which order, and what became of the retry. */
export const describeFailure = (f: PrintFailure) => `${f.station} yazıcısı (${f.host}:${f.port}) — ${f.where} #${f.ticketNumber}: ${RETRY_WORDS[f.retry]}`;

/**
 * On every owner screen: a kitchen slip that did not reach its network printer is said at once
 * (the live 'printing' event refreshes the list), and so is the end of its retry. Never silent.
 */
export function PrintFailuresWatcher() {
  const failures = useQuery(printFailuresQuery());
  const known = useRef<Map<string, PrintFailure['retry']> | null>(null);
  const [shown, setShown] = useState<PrintFailure[]>([]);

  useEffect(() => {
    if (!failures.data) return;
    const before = known.current;
    known.current = new Map(failures.data.map((f) => [f.id, f.retry]));
    // what was already there when the screen opened does not pop up again
    if (before === null) return;
    const changed = failures.data.filter((f) => before.get(f.id) !== f.retry);
    if (changed.length > 0) setShown(changed);
  }, [failures.data]);

  if (shown.length === 0) return null;
  const allPrinted = shown.every((f) => f.retry === 'printed');
  return (
    <Alert
      role="alert"
      color={allPrinted ? 'green' : 'red'}
      title={allPrinted ? 'Mutfak fişi yazdırıldı' : 'Mutfak fişi yazdırılamadı'}
      withCloseButton
      closeButtonLabel="Kapat"
      onClose={() => setShown([])}
      style={{ position: 'fixed', bottom: 16, left: 16, right: 16, zIndex: 300 }}
      data-testid="print-failure-alert"
    >
      {shown.map((f) => (
        <div key={f.id}>{describeFailure(f)}</div>
      ))}
    </Alert>
  );
}
