import { Loaded } from '../../components/loaded';
import { FormActions } from '../../components/form-actions';
import { Alert, Button, Group, SegmentedControl, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { Modal } from '../../components/modal';
import { useState, type ReactNode } from 'react';
import { Link, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { formatTL } from '../../../shared/domain/money';
import type { FloorTable } from '../../../shared/floor-contract';
import { formatTurkishPhone, normalizeTurkishPhone } from '../../../shared/phone';
import { TICKET_LIMITS, TICKET_TYPE_LABELS, openTicketRequest } from '../../../shared/ticket-contract';
import { fieldErrorsFrom, fieldErrorsFromIssues, messageFor, useFieldErrors } from '../../api/field-errors';
import { useNow } from '../../components/use-now';
import { usePreferences } from '../settings/api';
import { useFloor } from '../tables/api';
import { CounterOrders } from './counter-orders';
import { FloorView, type TableView } from './floor-view';
import { ticketPath } from './paths';
import { openTicket } from './api/ticket-actions';
import TicketPage from './ticket-page';
import classes from './orders.module.css';


/**
 * Sipariş Ekranı: the floor (or list) of tables and, under it, each ticket's adisyon; `bill` is the
 * Hesap screen of a ticket (another feature's, so the app hands it in).
 */
export default function OrdersPage({ bill }: { bill?: ReactNode }) {
  return (
    <Routes>
      <Route index element={<FloorScreen />} />
      <Route path=":ticketId" element={<TicketPage />} />
      {bill && <Route path=":ticketId/hesap" element={bill} />}
    </Routes>
  );
}

/** Hesabı Kapat comes back here with the bill's number. */
function ClosedBillNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const closed = (location.state as { closedBill?: { billNumber: number; ticketId: string; change: number } } | null)?.closedBill;
  if (!closed) return null;
  return (
    <Alert color="green" role="status" withCloseButton closeButtonLabel="Kapat" onClose={() => navigate('.', { replace: true, state: null })}>
      <Group gap="sm" justify="space-between">
        <span data-testid="closed-bill-number">
          ✓ Hesap kapandı · Hesap No: {closed.billNumber}
          {closed.change > 0 ? ` · Para üstü ${formatTL(closed.change)}` : ''}
        </span>
        <Button component={Link} to={`${ticketPath(closed.ticketId)}/hesap`} variant="default" size="sm">
          🖨️ Hesabı Yazdır
        </Button>
      </Group>
    </Alert>
  );
}

/** A choice made on this screen, kept while the tab lives (back from an adisyon, it is still there). */
function useSessionChoice<T extends string>(key: string): [T | null, (value: T) => void] {
  const [value, setValue] = useState<T | null>(() => {
    try {
      return sessionStorage.getItem(key) as T | null;
    } catch {
      return null;
    }
  });
  const set = (next: T) => {
    setValue(next);
    try {
      sessionStorage.setItem(key, next);
    } catch {
      // private mode: the choice lasts until the screen closes
    }
  };
  return [value, set];
}

function FloorScreen() {
  const floor = useFloor();
  const prefs = usePreferences();
  const navigate = useNavigate();
  const now = useNow(30_000);
  // The saved preference decides until the person switches here; the switch lasts for this tab's session.
  const [view, setView] = useSessionChoice<TableView>('sofra.orders.view');
  const [sectionId, setSectionId] = useSessionChoice<string>('sofra.orders.section');
  const [busyTableId, setBusyTableId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [newType, setNewType] = useState<'takeaway' | 'delivery' | null>(null);
  const shownView = view ?? prefs.tableView;
  const shownSection = sectionId ?? prefs.defaultSectionId;

  const tap = async (t: FloorTable) => {
    if (t.ticketId) return navigate(ticketPath(t.ticketId));
    if (busyTableId) return;
    setBusyTableId(t.id);
    setError(null);
    try {
      const { ticketId } = await openTicket({ type: 'table', tableId: t.id });
      navigate(ticketPath(ticketId));
    } catch (err) {
      setError(messageFor(err));
      setBusyTableId(null);
    }
  };

  return (
    <Stack gap="md" maw={1400}>
      <div className={classes.toolbar}>
        <Title order={2}>Sipariş Ekranı</Title>
        {/* the two stay side by side, on the title's row or, on a phone, under it */}
        <div className={classes.toolbarActions}>
          <Button variant="light" onClick={() => setNewType('takeaway')}>
            🥡 {TICKET_TYPE_LABELS.takeaway}
          </Button>
          <Button variant="light" onClick={() => setNewType('delivery')}>
            🛵 {TICKET_TYPE_LABELS.delivery}
          </Button>
        </div>
      </div>
      <SegmentedControl
        aria-label="Masa görünümü"
        value={shownView}
        onChange={(v) => setView(v as TableView)}
        data={[
          { value: 'floor', label: 'Kat planı' },
          { value: 'list', label: 'Liste' },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      <ClosedBillNotice />
      {error && (
        <Alert color="red" role="alert" withCloseButton closeButtonLabel="Kapat" onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      <CounterOrders now={now} />
      <Loaded query={floor}>
        {(data) =>
          data.sections.length === 0 ? (
        <Alert color="blue">Henüz masa yok. İşletme sahibi Masa Düzeni ekranından bölüm ve masa ekleyebilir.</Alert>
      ) : (
        <FloorView
          sections={data.sections}
          view={shownView}
          sectionId={shownSection}
          onSection={setSectionId}
          now={now}
          busyTableId={busyTableId}
          onTap={(t) => void tap(t)}
        />
      )
        }
      </Loaded>
      <NewOrderDialog type={newType} onClose={() => setNewType(null)} onOpened={(id) => navigate(ticketPath(id))} />
    </Stack>
  );
}

/**
 * Gel-Al or Paket Servis: a ticket without a table for a named customer. Paket Servis needs a
 * phone and an address; Gel-Al may have a phone. The shared contract checks the form before it is
 * sent (the server checks the same), each message on its own field.
 */
function NewOrderDialog({ type, onClose, onOpened }: { type: 'takeaway' | 'delivery' | null; onClose(): void; onOpened(id: string): void }) {
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [address, setAddress] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fields = useFieldErrors();
  const isDelivery = type === 'delivery';

  const submit = async () => {
    if (!type) return;
    const checked = openTicketRequest.safeParse({ type, customer: { name, phone, ...(isDelivery ? { address } : {}) } });
    if (!checked.success) {
      const errors = fieldErrorsFromIssues(checked.error.issues);
      if (!name.trim()) errors['customer.name'] = 'Müşteri adı gerekli';
      fields.show(errors);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const { ticketId } = await openTicket(checked.data);
      setName('');
      setPhone('');
      setAddress('');
      fields.clear();
      onOpened(ticketId);
    } catch (err) {
      setError(messageFor(err));
      fields.show(fieldErrorsFrom(err));
    } finally {
      setSaving(false);
    }
  };
  const close = () => {
    fields.clear();
    setError(null);
    onClose();
  };

  return (
    <Modal opened={type !== null} onClose={close} title={type ? `Yeni ${TICKET_TYPE_LABELS[type]} siparişi` : ''} centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TextInput
            label="Müşteri adı"
            withAsterisk
            data-autofocus
            value={name}
            maxLength={TICKET_LIMITS.customerName}
            onChange={(e) => (setName(e.currentTarget.value), fields.clear('customer.name'))}
            {...fields.fieldProps('customer.name')}
          />
          <TextInput
            label="Telefon"
            description={isDelivery ? 'ör. 0532 123 45 67' : 'İsteğe bağlı · ör. 0532 123 45 67'}
            withAsterisk={isDelivery}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={phone}
            onChange={(e) => (setPhone(e.currentTarget.value), fields.clear('customer.phone'))}
            // a number typed any way reads back the one way it is shown everywhere
            onBlur={() => normalizeTurkishPhone(phone) && setPhone(formatTurkishPhone(phone))}
            {...fields.fieldProps('customer.phone')}
          />
          {isDelivery && (
            <Textarea
              label="Adres"
              withAsterisk
              autosize
              minRows={2}
              value={address}
              maxLength={TICKET_LIMITS.customerAddress}
              onChange={(e) => (setAddress(e.currentTarget.value), fields.clear('customer.address'))}
              {...fields.fieldProps('customer.address')}
            />
          )}
          <FormActions error={error} isBusy={saving} onCancel={close} submitLabel="Adisyon Aç" />
        </Stack>
      </form>
    </Modal>
  );
}
