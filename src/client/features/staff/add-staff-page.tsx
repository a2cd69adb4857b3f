import { Alert, Button, Paper, PasswordInput, Radio, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { passwordWeakness } from '../../../shared/password-policy';
import type { Role } from '../../../shared/domain/roles';
import { createStaffRequest } from '../../../shared/staff-contract';
import { fieldErrorsFrom, fieldErrorsFromIssues, messageFor, useFieldErrors } from '../../api/field-errors';
import { OneTimePassword } from './one-time-password';
import { RoleSelect } from './role-select';
import { useCreateStaff, type StaffWithPassword } from './api/staff-mutations';

const EMPTY = { name: '', email: '', role: 'waiter' as Role, password: '' };

export function AddStaffPage() {
  const create = useCreateStaff();
  const [form, setForm] = useState(EMPTY);
  const [passwordMode, setPasswordMode] = useState<'generate' | 'manual'>('generate');
  const [created, setCreated] = useState<StaffWithPassword | null>(null);
  const weakness = passwordMode === 'manual' && form.password ? passwordWeakness(form.password) : null;
  const fields = useFieldErrors();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (weakness) return;
    const body = {
      name: form.name,
      email: form.email,
      role: form.role,
      ...(passwordMode === 'manual' ? { password: form.password } : {}),
    };
    // Checked here with the server's own schema: Turkish messages on the fields, not the
    // browser's "Please fill out this field."
    const checked = createStaffRequest.safeParse(body);
    if (fields.show(checked.success ? {} : fieldErrorsFromIssues(checked.error.issues))) return;
    try {
      // A second press after a lost answer gets the same account back (Idempotency-Key).
      setCreated(await create.mutateAsync(body));
      setForm(EMPTY);
    } catch (err) {
      fields.show(fieldErrorsFrom(err)); // the rest is shown below through create.error
    }
  }

  return (
    <Stack maw={560} gap="md">
      <Title order={2}>Personel Ekle</Title>
      {created && (
        <Stack gap="xs">
          <Alert color="green" role="status">
            {created.staff.name} eklendi. Hemen giriş yapabilir. <Link to="/owner/staff-list">Personel listesine git</Link>
          </Alert>
          {created.generatedPassword && (
            <OneTimePassword email={created.staff.email} password={created.generatedPassword} onDone={() => setCreated(null)} />
          )}
        </Stack>
      )}
      <Paper withBorder radius="md" p="lg" component="form" onSubmit={handleSubmit} noValidate>
        <Stack>
          <TextInput
            label="Ad Soyad"
            required
            {...fields.fieldProps('name')}
            value={form.name}
            onChange={(e) => setForm({ ...form, name: e.currentTarget.value })}
          />
          <TextInput
            label="E-posta"
            type="email"
            required
            {...fields.fieldProps('email')}
            value={form.email}
            onChange={(e) => setForm({ ...form, email: e.currentTarget.value })}
          />
          <RoleSelect value={form.role} onChange={(role) => setForm({ ...form, role })} />
          <Radio.Group label="İlk şifre" value={passwordMode} onChange={(v) => setPasswordMode(v as 'generate' | 'manual')}>
            <Stack gap="xs" mt={6}>
              <Radio value="generate" label="Sofra güçlü bir şifre üretsin (bir kez gösterilir)" />
              <Radio value="manual" label="Şifreyi ben belirleyeceğim" />
            </Stack>
          </Radio.Group>
          {passwordMode === 'manual' && (
            <PasswordInput
              label="Şifre"
              description="En az 8 karakter; yaygın şifreler kabul edilmez"
              required
              {...fields.fieldProps('password')}
              value={form.password}
              error={weakness ?? fields.errors.password}
              onChange={(e) => setForm({ ...form, password: e.currentTarget.value })}
            />
          )}
          {create.error && (
            <Alert color="red" role="alert">
              {messageFor(create.error)}
            </Alert>
          )}
          <Button type="submit" size="md" loading={create.isPending}>
            Personeli Ekle
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
