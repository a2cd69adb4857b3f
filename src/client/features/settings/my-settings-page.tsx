import { Alert, Button, Group, PasswordInput, SegmentedControl, Slider, Stack, Switch, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { passwordWeakness } from '../../../shared/password-policy';
import { stationsOf } from '../../../shared/menu-contract';
import { DEFAULT_USER_PREFERENCES, WRONG_CURRENT_PASSWORD, changeOwnPasswordRequest, type UserPreferences } from '../../../shared/staff-contract';
import { fieldErrorsFrom, fieldErrorsFromIssues, messageFor, useFieldErrors } from '../../api/field-errors';
import { ApiError, api, setSigningOut } from '../../api/http';
import { useMenu } from '../menu/api';
import { useDocumentForm } from '../../api/use-document-form';
import { Loading } from '../../components/loaded';
import { SettingsSection } from '../../components/settings-section';
import { ChoiceSelect } from '../../components/choice-select';
import { clearUserSession, getUserSession, setManualLogout } from '../../api/session';
import { playChime } from '../../components/chime';
import { PREFERENCES_KEY, PREFERENCES_URL } from './api/preferences';
import { useSections } from '../tables/api';
import { PinSection } from './pin-section';


/** 'Ayarlar' in kitchen or waiter view mode: the person's own screen settings and account. */
export function MySettingsPage({ mode }: { mode: 'kitchen' | 'waiter' }) {
  const doc = useDocumentForm<UserPreferences>({ queryKey: PREFERENCES_KEY, url: PREFERENCES_URL, initial: DEFAULT_USER_PREFERENCES });
  const { form, update } = doc;
  const sections = useSections(mode === 'waiter' ? getUserSession()?.restaurantId : undefined);
  const menu = useMenu();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  async function handleSave() {
    try {
      await doc.save();
      setResult({ ok: true, message: 'Ayarlarınız kaydedildi' });
    } catch (err) {
      setResult({ ok: false, message: err instanceof Error ? err.message : String(err) });
    }
  }

  if (doc.isLoading) return <Loading />;
  return (
    <Stack gap="md" maw={640}>
      <Title order={2}>Ayarlar</Title>
      <SettingsSection title={mode === 'kitchen' ? 'Mutfak Ekranı' : 'Garson Ekranı'}>
        <Switch
          label={mode === 'kitchen' ? 'Yeni siparişte ses çal' : 'Sipariş hazır olunca ses çal'}
          checked={form.soundEnabled}
          onChange={(e) => update({ soundEnabled: e.currentTarget.checked })}
        />
        <div>
          <Text size="sm" fw={500} id="volume-label">
            Ses düzeyi: %{form.volume}
          </Text>
          <Group align="center" wrap="nowrap">
            <Slider
              aria-labelledby="volume-label"
              thumbLabel="Ses düzeyi"
              style={{ flex: 1 }}
              min={0}
              max={100}
              step={5}
              value={form.volume}
              disabled={!form.soundEnabled}
              onChange={(volume) => update({ volume })}
            />
            <Button size="xs" variant="light" onClick={() => playChime(form.volume)} disabled={!form.soundEnabled}>
              Sesi dene
            </Button>
          </Group>
        </div>

        {mode === 'kitchen' ? (
          <>
            <ChoiceSelect
              label="Gösterilen istasyon"
              data={stationsOf(menu.data?.items ?? [], form.station ? [form.station] : []).map((s) => ({ value: s, label: s }))}
              emptyLabel="Tüm istasyonlar"
              value={form.station}
              onChange={(station) => update({ station })}
            />
            <div>
              <Text size="sm" fw={500} id="font-label">
                Yazı boyutu: {form.fontSize} px
              </Text>
              <Slider aria-labelledby="font-label" thumbLabel="Yazı boyutu" min={12} max={32} step={2} value={form.fontSize} onChange={(fontSize) => update({ fontSize })} />
              <Text mt="xs" style={{ fontSize: form.fontSize }} data-testid="font-preview">
                2 x Adana Kebap · Masa 5
              </Text>
            </div>
            <Switch
              label="Tam ekran"
              checked={form.fullScreen}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                update({ fullScreen: on });
                // Browsers only allow full screen from a click, so it is entered here.
                if (on) void document.documentElement.requestFullscreen?.().catch(() => {});
                else if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
              }}
            />
          </>
        ) : (
          <>
            <Group>
              <Switch
                label="Titreşim"
                checked={form.vibrationEnabled}
                onChange={(e) => update({ vibrationEnabled: e.currentTarget.checked })}
              />
              <Button size="xs" variant="light" disabled={!form.vibrationEnabled} onClick={() => navigator.vibrate?.([120, 60, 120])}>
                Titreşimi dene
              </Button>
            </Group>
            <ChoiceSelect
              label="Varsayılan bölüm"
              data={(sections.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
              emptyLabel="Tüm bölümler"
              value={form.defaultSectionId}
              onChange={(defaultSectionId) => update({ defaultSectionId })}
            />
            <div>
              <Text size="sm" fw={500} mb={4} id="view-label">
                Masa görünümü
              </Text>
              <SegmentedControl
                aria-labelledby="view-label"
                value={form.tableView}
                onChange={(v) => update({ tableView: v as UserPreferences['tableView'] })}
                data={[
                  { value: 'floor', label: 'Kat planı' },
                  { value: 'list', label: 'Liste' },
                ]}
              />
            </div>
          </>
        )}
        {result && (
          <Alert color={result.ok ? 'green' : 'red'} role={result.ok ? 'status' : 'alert'}>
            {result.message}
          </Alert>
        )}
        <Button size="md" onClick={handleSave} loading={doc.isSaving}>
          Kaydet
        </Button>
      </SettingsSection>
      <PasswordSection />
      <PinSection />
      <SignOutEverywhere />
    </Stack>
  );
}

function PasswordSection() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [isBusy, setBusy] = useState(false);
  const fields = useFieldErrors();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setResult(null);
    const body = { currentPassword: current, newPassword: next };
    // The server's own schema, in the browser: Turkish messages on the fields, never the
    // browser's "Please fill out this field."
    const checked = changeOwnPasswordRequest.safeParse(body);
    if (fields.show(checked.success ? {} : fieldErrorsFromIssues(checked.error.issues))) return;
    setBusy(true);
    try {
      await api('/api/me/password', { method: 'POST', body });
      setResult({ ok: true, message: 'Şifreniz değiştirildi. Diğer cihazlardaki oturumlarınız kapatıldı.' });
      setCurrent('');
      setNext('');
    } catch (err) {
      // a wrong current password belongs on its field; anything else is said below the form
      if (err instanceof ApiError && err.message === WRONG_CURRENT_PASSWORD) fields.show({ currentPassword: err.message });
      else if (!fields.show(fieldErrorsFrom(err))) setResult({ ok: false, message: messageFor(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsSection title="Şifre Değiştir">
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <PasswordInput
            label="Mevcut şifre"
            withAsterisk
            autoComplete="current-password"
            value={current}
            {...fields.fieldProps('currentPassword')}
            onChange={(e) => {
              setCurrent(e.currentTarget.value);
              fields.clear('currentPassword');
            }}
          />
          <PasswordInput
            label="Yeni şifre"
            description="En az 8 karakter; yaygın şifreler kabul edilmez"
            withAsterisk
            autoComplete="new-password"
            value={next}
            {...fields.fieldProps('newPassword')}
            error={fields.errors.newPassword ?? (next ? passwordWeakness(next) : null)}
            onChange={(e) => {
              setNext(e.currentTarget.value);
              fields.clear('newPassword');
            }}
          />
          {result && (
            <Alert color={result.ok ? 'green' : 'red'} role={result.ok ? 'status' : 'alert'}>
              {result.message}
            </Alert>
          )}
          <Button type="submit" variant="light" loading={isBusy}>
            Şifreyi Değiştir
          </Button>
        </Stack>
      </form>
    </SettingsSection>
  );
}

function SignOutEverywhere() {
  const navigate = useNavigate();
  async function handleClick() {
    if (!window.confirm('Tüm cihazlardaki oturumlarınız kapatılacak. Devam edilsin mi?')) return;
    setSigningOut(true);
    await api('/api/me/sign-out-everywhere', { method: 'POST' }).catch(() => {});
    clearUserSession();
    setManualLogout();
    navigate('/', { replace: true });
  }
  return (
    <SettingsSection title="Oturumlar">
      <Text size="sm">Telefonunuzu kaybettiyseniz ya da ortak bir cihazda açık kaldıysa tüm oturumlarınızı kapatın.</Text>
      <Button color="red" variant="light" onClick={handleClick}>
        Her Yerden Çıkış Yap
      </Button>
    </SettingsSection>
  );
}
