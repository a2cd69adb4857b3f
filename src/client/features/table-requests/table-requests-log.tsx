import { Alert, Button, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import type { TableRequestInfo } from '../../../shared/table-requests-contract';
import { getUserSession } from '../../api/session';
import { useTableRequests } from './api/table-requests-queries';
import classes from './table-requests.module.css';
import { logLine, logState, trt } from './table-requests-text';

type Scope = 'mine' | 'all';
/** A busy hour has dozens: the screen it sits on (QR Menü, Garson Ekranı) stays reachable below. */
const FIRST_ROWS = 8;

/**
 * Masa İstekleri · son bir saat: every order, Garson Çağır and Hesap İste that came from the
 * tables' QR codes in the last hour, waiting ones first, each with where it stands and who
 * answered it when ("Salon 7 · Hesap İste · 21:04" / "Ayşe yanıtladı · 21:05"). The owner sees
 * every table; a waiter starts with their own (their tables and those nobody has: the ones whose
 * notices ring on their phone) and may look at all. The same list as the notices read, kept live
 * by the same query. Read only: a waiting request is answered from its notice.
 */
export function TableRequestsLog() {
  const isWaiter = getUserSession()?.role === 'waiter';
  const requests = useTableRequests();
  const [scope, setScope] = useState<Scope>('mine');
  const [isFull, setFull] = useState(false);
  const titleId = useId();
  const all = requests.data?.requests ?? [];
  const shown = isWaiter && scope === 'mine' ? all.filter((r) => r.isMine) : all;

  return (
    <section aria-labelledby={titleId} className={classes.log} data-testid="table-requests-log">
      <Stack gap="xs">
        <Title order={3} size="h4" id={titleId}>
          🛎️ {trt.logTitle}
        </Title>
        <Text size="sm" c="dimmed">
          {trt.logHint}
        </Text>
        {isWaiter && (
          <SegmentedControl
            aria-label={trt.logScope}
            value={scope}
            onChange={(v) => setScope(v as Scope)}
            data={[
              { value: 'mine', label: trt.logMine },
              { value: 'all', label: trt.logAll },
            ]}
            className={classes.logScope}
          />
        )}
        {requests.error ? (
          <Alert color="red" role="alert">
            {requests.error.message}
          </Alert>
        ) : requests.isPending ? (
          <Loader role="status" aria-label="Yükleniyor..." />
        ) : shown.length === 0 ? (
          <Text>{trt.logEmpty}</Text>
        ) : (
          <ul className={classes.logList}>
            {(isFull ? shown : shown.slice(0, FIRST_ROWS)).map((r) => (
              <LogRow key={r.id} request={r} />
            ))}
          </ul>
        )}
        {!isFull && shown.length > FIRST_ROWS && (
          <Button variant="light" onClick={() => setFull(true)} className={classes.logScope}>
            {trt.logMore(shown.length)}
          </Button>
        )}
      </Stack>
    </section>
  );
}

function LogRow({ request: r }: { request: TableRequestInfo }) {
  return (
    <li className={classes.logRow} data-status={r.status} data-testid="table-request-row">
      <Text fw={700} className={classes.logText}>
        {logLine(r)}
      </Text>
      <Text size="sm" className={classes.logText}>
        {logState(r)}
      </Text>
    </li>
  );
}
