import { Alert, Badge, Button, Group, Paper, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { Modal } from '../../components/modal';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { isRole, type Role } from '../../../shared/domain/roles';
import { updateStaffRequest, type StaffMember } from '../../../shared/staff-contract';
import { fieldErrorsFrom, fieldErrorsFromIssues, messageFor, useFieldErrors } from '../../api/field-errors';
import { FormActions } from '../../components/form-actions';
import { getUserSession } from '../../api/session';
import { OneTimePassword } from './one-time-password';
import { RoleSelect, roleLabel } from './role-select';
import { useResetPassword, useSetStaffActive, useUpdateStaff } from './api/staff-mutations';
import { useQuery } from '@tanstack/react-query';
import type { StaffPinState } from '../../../shared/pin-contract';
import { staffPinsQuery } from './api/shared-devices';
import { SharedDevicesSection } from './shared-devices-section';
import { StaffPinBadge, StaffPinButtons, useStaffPinAction } from './staff-pin-controls';
import { useStaffList } from './api/staff-queries';
import { formatDateTime } from '../../../shared/domain/calendar';
import { useRestaurantTimeZone } from '../settings/api';


type Confirm = { kind: 'deactivate' | 'reactivate' | 'reset'; staff: StaffMember };

export function StaffListPage() {
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const list = useStaffList({ search, role });
  const [editing, setEditing] = useState<StaffMember | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [revealed, setRevealed] = useState<{ email: string; password: string } | null>(null);
  const setActive = useSetStaffActive();
  const reset = useResetPassword();
  const pins = useQuery(staffPinsQuery());
  const pinAction = useStaffPinAction();
  const pinOf = (id: string) => pins.data?.find((p) => p.userId === id);
  const actionError = setActive.error ?? reset.error ?? pinAction.error;

  async function runConfirmed() {
    if (!confirm) return;
    const { staff, kind } = confirm;
    setConfirm(null);
    try {
      if (kind === 'reset') {
        const result = await reset.mutateAsync({ id: staff.id, version: staff.version });
        if (result.generatedPassword) setRevealed({ email: staff.email, password: result.generatedPassword });
      } else {
        await setActive.mutateAsync({ id: staff.id, isActive: kind === 'reactivate', version: staff.version });
      }
    } catch {
      // shown through actionError
    }
  }

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Personel Listesi</Title>
        <Button component={Link} to="/owner/add-staff">
          Personel Ekle
        </Button>
      </Group>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="Ara"
          placeholder="Ad ya da e-posta"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
        />
        <SegmentedControl
          aria-label="Role göre süz"
          value={role || 'all'}
          onChange={(v) => setRole(v === 'all' ? '' : (v as Role))}
          data={[
            { value: 'all', label: 'Tümü' },
            { value: 'owner', label: 'Sahip' },
            { value: 'kitchen', label: 'Mutfak' },
            { value: 'waiter', label: 'Garson' },
          ]}
        />
      </Group>
      {revealed && <OneTimePassword {...revealed} onDone={() => setRevealed(null)} />}
      {actionError && (
        <Alert color="red" role="alert">
          {actionError.message}
        </Alert>
      )}
      {list.error && (
        <Alert color="red" role="alert">
          {list.error.message}
        </Alert>
      )}
      {list.data?.length === 0 && <Text c="dimmed">Aramaya uyan personel yok.</Text>}
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
        {list.data?.map((s) => (
          <StaffCard
            key={s.id}
            staff={s}
            pin={pinOf(s.id)}
            onPin={(action) => pinAction.mutate({ userId: s.id, action })}
            onEdit={() => setEditing(s)}
            onConfirm={(kind) => setConfirm({ kind, staff: s })}
          />
        ))}
      </SimpleGrid>
      <SharedDevicesSection />

      {editing && <EditStaffModal staff={editing} onClose={() => setEditing(null)} />}
      <Modal opened={confirm !== null} onClose={() => setConfirm(null)} title="Emin misiniz?" centered>
        {confirm && (
          <Stack>
            <Text>
              {confirm.kind === 'deactivate' &&
                `${confirm.staff.name} devre dışı bırakılacak. Açık oturumları hemen kapanır ve giriş yapamaz.`}
              {confirm.kind === 'reactivate' && `${confirm.staff.name} yeniden etkinleştirilecek.`}
              {confirm.kind === 'reset' &&
                `${confirm.staff.name} için yeni bir şifre üretilecek; tüm oturumları kapanır.`}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirm(null)}>
                Vazgeç
              </Button>
              <Button color={confirm.kind === 'deactivate' ? 'red' : undefined} onClick={runConfirmed}>
                Onayla
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

function StaffCard({
  staff,
  pin,
  onPin,
  onEdit,
  onConfirm,
}: {
  staff: StaffMember;
  pin: StaffPinState | undefined;
  onPin(action: 'clear' | 'unlock'): void;
  onEdit(): void;
  onConfirm(kind: Confirm['kind']): void;
}) {
  const isMe = staff.id === getUserSession()?.uid;
  const timeZone = useRestaurantTimeZone();
  return (
    <Paper withBorder radius="md" p="md" data-testid="staff-card" aria-label={staff.name}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Text fw={700} truncate>
            {staff.name || '(adsız)'} {isMe && <Text span c="dimmed" size="sm">(siz)</Text>}
          </Text>
          <Text size="sm" c="dimmed" truncate>
            {staff.email}
          </Text>
        </div>
        <Badge variant="light">{roleLabel(staff.role)}</Badge>
      </Group>
      <Group gap="xs" mt="xs">
        <Badge color={staff.isActive ? 'green' : 'gray'} variant="dot">
          {staff.isActive ? 'Aktif' : 'Devre dışı'}
        </Badge>
        <StaffPinBadge state={pin} />
        <Text size="xs" c="dimmed">
          {staff.lastLoginAt ? `Son giriş: ${formatDateTime(staff.lastLoginAt, timeZone)}` : 'Hiç giriş yapmadı'}
        </Text>
      </Group>
      <Group gap="xs" mt="md">
        <Button size="xs" variant="light" onClick={onEdit}>
          Düzenle
        </Button>
        <Button size="xs" variant="light" onClick={() => onConfirm('reset')}>
          Şifre Sıfırla
        </Button>
        <StaffPinButtons state={pin} name={staff.name} onAction={onPin} />
        {staff.isActive ? (
          <Button size="xs" variant="light" color="red" onClick={() => onConfirm('deactivate')}>
            Devre Dışı Bırak
          </Button>
        ) : (
          <Button size="xs" variant="light" color="green" onClick={() => onConfirm('reactivate')}>
            Yeniden Etkinleştir
          </Button>
        )}
      </Group>
    </Paper>
  );
}

function EditStaffModal({ staff, onClose }: { staff: StaffMember; onClose(): void }) {
  const update = useUpdateStaff();
  const [name, setName] = useState(staff.name);
  const [role, setRole] = useState<Role>(isRole(staff.role) ? staff.role : 'waiter');
  const fields = useFieldErrors();

  async function handleSave(event: FormEvent) {
    event.preventDefault();
    const body = { id: staff.id, name, role, version: staff.version };
    const checked = updateStaffRequest.safeParse(body);
    if (fields.show(checked.success ? {} : fieldErrorsFromIssues(checked.error.issues))) return;
    try {
      await update.mutateAsync(body);
      onClose();
    } catch (err) {
      fields.show(fieldErrorsFrom(err)); // the rest is shown through update.error
    }
  }

  return (
    <Modal opened onClose={onClose} title={`${staff.name} — düzenle`} centered>
      <form onSubmit={handleSave} noValidate>
        <Stack>
          <TextInput
            label="Ad Soyad"
            withAsterisk
            value={name}
            {...fields.fieldProps('name')}
            onChange={(e) => {
              setName(e.currentTarget.value);
              fields.clear('name');
            }}
          />
          <RoleSelect value={role} onChange={setRole} />
          <FormActions error={update.error ? messageFor(update.error) : undefined} isBusy={update.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
