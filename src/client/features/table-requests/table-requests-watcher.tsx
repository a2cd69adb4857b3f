import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { formatLira } from '../../../shared/domain/money';
import { rejectTableRequestRequest, type TableRequestInfo } from '../../../shared/table-requests-contract';
import { usePreferences } from '../settings/api';
import { playChime } from '../../components/chime';
import { Modal } from '../../components/modal';
import { useAcceptTableRequest, useAcknowledgeTableCall, useRejectTableRequest } from './api/table-requests-mutations';
import classes from './table-requests.module.css';
import { clock, noticeText, trt } from './table-requests-text';
import { useTableRequests } from './api/table-requests-queries';

/** As the ready notices vibrate (kitchen-alerts-watcher.tsx). */
const VIBRATION = [200, 100, 200];
/** More would cover the screen; the rest are counted. */
const MAX_SHOWN = 3;

interface Notice {
  /** the oldest waiting request of its table and kind: the one a tap opens */
  first: TableRequestInfo;
  requests: number;
  items: number;
}

/**
 * One notice per table and kind: a second order from the same table is counted on the first one's
 * notice instead of standing under it with the very same words. Waiting requests come oldest first.
 */
function noticesOf(requests: TableRequestInfo[]): Notice[] {
  const byTable = new Map<string, Notice>();
  for (const r of requests) {
    const key = `${r.tableId ?? r.tableName}|${r.kind}`;
    const notice = byTable.get(key);
    if (notice) {
      notice.requests++;
      notice.items += r.itemCount;
    } else byTable.set(key, { first: r, requests: 1, items: r.itemCount });
  }
  return [...byTable.values()];
}

const noticeLine = (n: Notice) => (n.requests > 1 ? trt.newOrders(n.first.tableName, n.requests, n.items) : noticeText(n.first));

/**
 * On every screen of the waiter and the owner: a guest's order request or call from a table's QR
 * code that is theirs to answer (their table, or a table nobody has; the owner: all) rings and
 * vibrates once as it arrives and waits at the bottom of the screen until someone answers it or it
 * expires. One tap opens it: the lines, Onayla / Reddet for an order, Gördüm for a call.
 */
export function TableRequestsWatcher() {
  const prefs = usePreferences();
  const requests = useTableRequests();
  const mine = useMemo(() => (requests.data?.requests ?? []).filter((r) => r.status === 'pending' && r.isMine), [requests.data]);
  const ids = mine.map((r) => r.id).join(',');
  const hasAnswer = requests.data !== undefined;
  const known = useRef<Set<string> | null>(null);
  const prefsRef = useRef(prefs);
  prefsRef.current = prefs;
  const [openId, setOpenId] = useState<string | null>(null);
  const opened = requests.data?.requests.find((r) => r.id === openId) ?? null;

  useEffect(() => {
    // before the first answer nothing is known: what it brings was there before this screen opened
    if (!hasAnswer) return;
    const current = new Set(mine.map((r) => r.id));
    const previous = known.current;
    known.current = current;
    if (previous && [...current].some((id) => !previous.has(id))) {
      const p = prefsRef.current;
      if (p.soundEnabled) playChime(p.volume);
      if (p.vibrationEnabled && typeof navigator.vibrate === 'function') navigator.vibrate(VIBRATION);
    }
  }, [ids, hasAnswer]);

  const notices = noticesOf(mine);
  const room = useRoom(mine.length > 0);
  return (
    <>
      {mine.length > 0 && (
        <div className={classes.notices} ref={room} role="region" aria-label={trt.title} aria-live="assertive" data-testid="table-request-notices">
          {notices.slice(0, MAX_SHOWN).map((n) => (
            <Button
              key={n.first.id}
              size="lg"
              fullWidth
              color={n.first.kind === 'order' ? 'orange' : 'teal'}
              className={classes.notice}
              classNames={{ label: classes.noticeLabel }}
              justify="flex-start"
              leftSection={<span aria-hidden>🛎️</span>}
              onClick={() => setOpenId(n.first.id)}
              data-testid="table-request-notice"
            >
              {noticeLine(n)}
            </Button>
          ))}
          {notices.length > MAX_SHOWN && (
            <Button size="md" variant="white" color="dark" onClick={() => setOpenId(notices[MAX_SHOWN].first.id)}>
              {trt.more(notices.slice(MAX_SHOWN).reduce((sum, n) => sum + n.requests, 0))}
            </Button>
          )}
        </div>
      )}
      <RequestDialog request={opened} onClose={() => setOpenId(null)} />
    </>
  );
}

function RequestDialog({ request, onClose }: { request: TableRequestInfo | null; onClose: () => void }) {
  const accept = useAcceptTableRequest();
  const reject = useRejectTableRequest();
  const acknowledge = useAcknowledgeTableCall();
  const [isRejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const id = request?.id;
  useEffect(() => {
    setRejecting(false);
    setReason('');
    setReasonError(null);
    accept.reset();
    reject.reset();
    acknowledge.reset();
  }, [id]);
  const error = accept.error ?? reject.error ?? acknowledge.error;
  const isBusy = accept.isPending || reject.isPending || acknowledge.isPending;

  async function sendReject(event: FormEvent) {
    event.preventDefault();
    const checked = rejectTableRequestRequest.safeParse({ reason });
    if (!checked.success) return setReasonError(checked.error.issues[0]?.message ?? null);
    setReasonError(null);
    await reject.mutateAsync({ id: id!, body: checked.data }).then(onClose, () => {});
  }

  return (
    <Modal opened={request !== null} onClose={onClose} title={request ? noticeText(request) : ''} centered>
      {request && (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {[request.sectionName, clock(request.createdAt)].filter(Boolean).join(' · ')}
          </Text>
          {request.kind === 'order' && (
            <>
              <ul className={classes.lines} aria-label="Ürünler">
                {request.lines.map((line, i) => (
                  <li key={i} className={classes.line}>
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <Text fw={600}>
                        {line.quantity} × {line.name}
                      </Text>
                      <Text fw={600}>{formatLira(line.unitPriceKurus * line.quantity)}</Text>
                    </Group>
                    {line.options.length > 0 && <Text size="sm">{line.options.map((o) => o.name).join(', ')}</Text>}
                    {line.note && <Text size="sm">{trt.note(line.note)}</Text>}
                  </li>
                ))}
              </ul>
              <Text fw={700}>{trt.total(request.totalKurus)}</Text>
            </>
          )}
          {request.status !== 'pending' && (
            <Alert color="gray" role="status">
              {trt.answered} {request.answeredByName ? trt.answeredBy(request.answeredByName) : ''}
            </Alert>
          )}
          {error && (
            <Alert color="red" role="alert">
              {error.message}
            </Alert>
          )}
          {request.status === 'pending' && request.kind !== 'order' && (
            <Group justify="flex-end">
              <Button size="md" loading={acknowledge.isPending} onClick={() => void acknowledge.mutateAsync(request.id).then(onClose, () => {})}>
                {trt.seen}
              </Button>
            </Group>
          )}
          {request.status === 'pending' && request.kind === 'order' && !isRejecting && (
            <Group justify="flex-end">
              <Button size="md" variant="outline" color="red" disabled={isBusy} onClick={() => setRejecting(true)}>
                {trt.reject}
              </Button>
              <Button size="md" color="green" loading={accept.isPending} disabled={isBusy} onClick={() => void accept.mutateAsync(request.id).then(onClose, () => {})}>
                {trt.accept}
              </Button>
            </Group>
          )}
          {request.status === 'pending' && isRejecting && (
            <form noValidate onSubmit={(e) => void sendReject(e)}>
              <Stack gap="sm">
                <Textarea
                  label={trt.reason}
                  description={trt.reasonHint}
                  value={reason}
                  error={reasonError}
                  rows={3}
                  data-autofocus
                  onChange={(e) => {
                    setReason(e.currentTarget.value);
                    setReasonError(null);
                  }}
                />
                <Group justify="flex-end">
                  <Button size="md" variant="default" onClick={() => setRejecting(false)}>
                    {trt.back}
                  </Button>
                  <Button size="md" color="red" type="submit" loading={reject.isPending}>
                    {trt.sendReject}
                  </Button>
                </Group>
              </Stack>
            </form>
          )}
        </Stack>
      )}
    </Modal>
  );
}

/** While notices show, the screen under them ends above them: their height goes into a CSS variable on <body>. */
function useRoom(isShown: boolean) {
  const [node, setNode] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!isShown || !node) return;
    const body = document.body;
    // the notices' height and the 12 px under them, and a gap: what a bar fixed at the bottom rises by
    const measure = () => body.style.setProperty('--table-requests-room', `${Math.ceil(node.getBoundingClientRect().height) + 20}px`);
    measure();
    body.dataset.tableRequests = '';
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(node);
    return () => {
      observer?.disconnect();
      delete body.dataset.tableRequests;
      body.style.removeProperty('--table-requests-room');
    };
  }, [isShown, node]);
  return setNode;
}
