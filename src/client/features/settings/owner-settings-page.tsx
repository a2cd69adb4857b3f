import {
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Radio,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import {
  GUARDED_ACTIONS,
  QR_CONFIRM_BY,
  QR_CONFIRM_BY_LABELS,
  defaultRestaurantSettings,
  restaurantSettings,
  type QrConfirmBy,
  type RestaurantSettings,
} from '../../../shared/restaurant-settings';
import { MEAL_CARD_BRANDS, PAYMENT_METHODS, PAYMENT_METHOD_LABELS } from '../../../shared/domain/payment-methods';
import type { Role } from '../../../shared/domain/roles';
import { ApiError } from '../../api/http';
import { FIX_FIELDS_MESSAGE, fieldErrorsFrom, fieldErrorsFromIssues, messageFor, useFieldErrors } from '../../api/field-errors';
import { generalSettingsQuery, generalSettingsUrl } from './api/general-settings';
import { useDocumentForm } from '../../api/use-document-form';
import { Loading } from '../../components/loaded';
import { SettingsSection } from '../../components/settings-section';
import { PinSection } from './pin-section';
import { RecordIntegritySection } from './record-integrity-section';
import { BackupKeySection } from './backup-key-section';
import { ChoiceSelect } from '../../components/choice-select';
import { getUserSession } from '../../api/session';

const ACTION_LABELS = { discount: 'İndirim yapabilir', comp: 'İkram edebilir', cancel: 'İptal edebilir' } as const;
const HOURS = Array.from({ length: 24 }, (_, h) => ({ value: String(h), label: `${String(h).padStart(2, '0')}:00` }));
// People read a city and its offset, not an IANA name ("Europe/Istanbul").
const TIME_ZONES = [
  { value: 'Europe/Istanbul', label: 'İstanbul (GMT+3)' },
  { value: 'Asia/Nicosia', label: 'Lefkoşa (GMT+2, yazın +3)' },
  { value: 'Asia/Baku', label: 'Bakü (GMT+4)' },
  { value: 'Asia/Dubai', label: 'Dubai (GMT+4)' },
  { value: 'Europe/Berlin', label: 'Berlin (GMT+1, yazın +2)' },
  { value: 'Europe/London', label: 'Londra (GMT+0, yazın +1)' },
];
/** A stored zone outside the list still shows, by its city. */
const timeZoneChoices = (current: string) =>
  TIME_ZONES.some((z) => z.value === current)
    ? TIME_ZONES
    : [{ value: current, label: current.split('/').pop()!.replaceAll('_', ' ') }, ...TIME_ZONES];

/** `children`: sections of other features, placed by the owner's app (features never import each other). */
export function OwnerSettingsPage({ children }: { children?: ReactNode } = {}) {
  const restaurantId = getUserSession()?.restaurantId;
  const doc = useDocumentForm<RestaurantSettings>({
    // the same cache entry every screen reads the settings from: one key, one shape
    queryKey: generalSettingsQuery(restaurantId ?? '').queryKey,
    url: restaurantId ? generalSettingsUrl(restaurantId) : null,
    initial: defaultRestaurantSettings(''),
  });
  const { form, update } = doc;
  const [result, setResult] = useState<{ ok: boolean; message: string; isConflict?: boolean } | null>(null);
  const fields = useFieldErrors();
  const field = (path: string) => fields.fieldProps(path);
  const { hasErrors, show: showFieldErrors } = fields;

  // Once marked, a field's message follows what is typed: it goes away as soon as the value is right.
  useEffect(() => {
    if (!hasErrors) return;
    const checked = restaurantSettings.safeParse(form);
    showFieldErrors(checked.success ? {} : fieldErrorsFromIssues(checked.error.issues), { focus: false });
  }, [form, hasErrors, showFieldErrors]);

  async function handleSave() {
    setResult(null);
    // The shared schema checks the form here first, so the message lands on the field at once.
    const checked = restaurantSettings.safeParse(form);
    if (!checked.success) {
      fields.show(fieldErrorsFromIssues(checked.error.issues));
      setResult({ ok: false, message: FIX_FIELDS_MESSAGE });
      return;
    }
    fields.clear();
    try {
      await doc.save();
      setResult({ ok: true, message: 'Ayarlar kaydedildi' });
    } catch (err) {
      fields.show(fieldErrorsFrom(err));
      const isConflict = err instanceof ApiError && err.status === 409;
      setResult({ ok: false, message: messageFor(err), isConflict });
    }
  }

  const setPermission = (action: (typeof GUARDED_ACTIONS)[number], roles: string[]) =>
    update({ permissions: { ...form.permissions, [action]: ['owner', ...roles] as Role[] } });

  // Never a form over the defaults: a value typed before the stored settings arrive would be lost.
  if (doc.isLoading) return <Loading />;
  return (
    <Stack gap="md" maw={900}>
      <Title order={2}>Ayarlar</Title>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <SettingsSection title="İşletme Bilgileri">
          <TextInput
            label="Restoran adı"
            {...field('profile.name')}
            value={form.profile.name}
            onChange={(e) => update({ profile: { ...form.profile, name: e.currentTarget.value } })}
          />
          <TextInput
            label="Adres"
            {...field('profile.address')}
            value={form.profile.address}
            onChange={(e) => update({ profile: { ...form.profile, address: e.currentTarget.value } })}
          />
          <TextInput
            label="Telefon"
            {...field('profile.phone')}
            type="tel"
            value={form.profile.phone}
            onChange={(e) => update({ profile: { ...form.profile, phone: e.currentTarget.value } })}
          />
          <Group grow>
            <TextInput
              label="Vergi dairesi"
            {...field('profile.taxOffice')}
              value={form.profile.taxOffice}
              onChange={(e) => update({ profile: { ...form.profile, taxOffice: e.currentTarget.value } })}
            />
            <TextInput
              label="Vergi no"
            {...field('profile.taxNumber')}
              inputMode="numeric"
              value={form.profile.taxNumber}
              onChange={(e) => update({ profile: { ...form.profile, taxNumber: e.currentTarget.value } })}
            />
          </Group>
          <Text size="xs" c="dimmed">
            Bu bilgiler adisyon ve hesap fişlerinde görünür.
          </Text>
        </SettingsSection>

        <SettingsSection title="Vergi ve Servis">
          <div>
            <Text size="sm" fw={500} mb={4} id="vat-label">
              Varsayılan KDV oranı (yeni ürünler)
            </Text>
            <SegmentedControl
              aria-labelledby="vat-label"
              value={String(form.defaultVatRate)}
              onChange={(v) => update({ defaultVatRate: Number(v) as RestaurantSettings['defaultVatRate'] })}
              data={['1', '10', '20'].map((v) => ({ value: v, label: `%${v}` }))}
            />
          </div>
          <NumberInput
            label="Servis ücreti (%)"
            {...field('serviceChargePercent')}
            min={0}
            max={25}
            decimalScale={1}
            decimalSeparator=","
            value={form.serviceChargePercent}
            onChange={(v) => update({ serviceChargePercent: typeof v === 'number' ? v : 0 })}
          />
        </SettingsSection>

        <SettingsSection title="Ödeme Yöntemleri">
          <Checkbox.Group
            label="Açık ödeme yöntemleri"
            error={fields.errors.paymentMethods}
            value={form.paymentMethods}
            onChange={(v) => update({ paymentMethods: v as RestaurantSettings['paymentMethods'] })}
          >
            <Group mt={6}>
              {PAYMENT_METHODS.map((m) => (
                <Checkbox key={m} value={m} label={PAYMENT_METHOD_LABELS[m]} />
              ))}
            </Group>
          </Checkbox.Group>
          {form.paymentMethods.includes('meal_card') && (
            <Checkbox.Group
              label="Kabul edilen yemek kartları"
              error={fields.errors.mealCardBrands}
              value={form.mealCardBrands}
              onChange={(v) => update({ mealCardBrands: v as RestaurantSettings['mealCardBrands'] })}
            >
              <Group mt={6}>
                {MEAL_CARD_BRANDS.map((b) => (
                  <Checkbox key={b} value={b} label={b} />
                ))}
              </Group>
            </Checkbox.Group>
          )}
        </SettingsSection>

        <SettingsSection title="İptal ve İkram Nedenleri, Yetkiler">
          <TagsInput
            label="İptal nedenleri"
            {...field('cancellationReasons')}
            description="Yazıp Enter'a basın"
            value={form.cancellationReasons}
            onChange={(v) => update({ cancellationReasons: v })}
          />
          <TagsInput
            label="İkram nedenleri"
            {...field('compReasons')}
            description="Hesapta İkram seçilince sunulur. Yazıp Enter'a basın"
            value={form.compReasons}
            onChange={(v) => update({ compReasons: v })}
          />
          {GUARDED_ACTIONS.map((action) => (
            <Checkbox.Group
              key={action}
              label={ACTION_LABELS[action]}
              description="İşletme sahibi her zaman yapabilir"
              value={form.permissions[action].filter((r) => r !== 'owner')}
              onChange={(v) => setPermission(action, v)}
            >
              <Group mt={6}>
                <Checkbox value="waiter" label="Garson" />
                <Checkbox value="kitchen" label="Mutfak" />
              </Group>
            </Checkbox.Group>
          ))}
        </SettingsSection>

        <SettingsSection title="Servis Sırası">
          <TagsInput
            label="Servis sıraları"
            {...field('courses')}
            description="Garson bir ürünü bu sıralardan birine koyar; Mutfağa Gönder'de sonraki sıraları bekletip hazır olunca başlatır. Servis sırasına göre yazıp Enter'a basın; boş bırakılırsa kullanılmaz"
            value={form.courses}
            onChange={(v) => update({ courses: v })}
          />
        </SettingsSection>

        <SettingsSection title="Mutfak Süreleri">
          <Group grow>
            <NumberInput
              label="Uyarı (dakika)"
            {...field('kitchenThresholds.warnMinutes')}
              min={1}
              max={240}
              value={form.kitchenThresholds.warnMinutes}
              onChange={(v) => update({ kitchenThresholds: { ...form.kitchenThresholds, warnMinutes: Number(v) || 0 } })}
            />
            <NumberInput
              label="Gecikme (dakika)"
            {...field('kitchenThresholds.lateMinutes')}
              min={1}
              max={480}
              value={form.kitchenThresholds.lateMinutes}
              onChange={(v) => update({ kitchenThresholds: { ...form.kitchenThresholds, lateMinutes: Number(v) || 0 } })}
            />
          </Group>
          <Text size="xs" c="dimmed">
            Mutfak ekranında siparişler bu sürelerden sonra sarı ve kırmızı görünür.
          </Text>
        </SettingsSection>

        <SettingsSection title="Online Sipariş Uyarısı">
          <Switch
            label="Yeni online siparişte mutfak ekranı da çalsın"
            description="Siz yanıtlayana kadar mutfak ekranında yanıp sönen bir uyarı görünür ve birkaç saniyede bir zil çalar. Siparişi onaylamak ya da reddetmek yine sizde kalır."
            {...field('kitchenRingsForOnlineOrders')}
            checked={form.kitchenRingsForOnlineOrders === true}
            onChange={(e) => update({ kitchenRingsForOnlineOrders: e.currentTarget.checked })}
          />
        </SettingsSection>

        <SettingsSection title="QR Sipariş">
          <Switch
            label="Müşteriler masadaki QR koddan sipariş versin"
            description="Açıkken masanın QR kodu menüyü sipariş ekranı olarak açar; müşteri garson çağırabilir ve hesap isteyebilir."
            {...field('qrOrdering.enabled')}
            checked={form.qrOrdering.enabled}
            onChange={(e) => update({ qrOrdering: { ...form.qrOrdering, enabled: e.currentTarget.checked } })}
          />
          <Radio.Group
            label="Siparişi kim onaylar"
            {...field('qrOrdering.confirmBy')}
            value={form.qrOrdering.confirmBy}
            onChange={(v) => update({ qrOrdering: { ...form.qrOrdering, confirmBy: v as QrConfirmBy } })}
          >
            <Stack gap={4} mt={6}>
              {QR_CONFIRM_BY.map((c) => (
                <Radio
                  key={c}
                  value={c}
                  label={QR_CONFIRM_BY_LABELS[c]}
                  description={c === 'waiter' ? 'Masanın garsonunun telefonu çalar; Onayla ile mutfağa gider' : 'Onay beklemeden adisyona eklenir ve mutfağa gider'}
                />
              ))}
            </Stack>
          </Radio.Group>
          <Checkbox
            label="Yalnızca belirli saatlerde sipariş alınsın"
            checked={form.qrOrdering.hours !== null}
            onChange={(e) => update({ qrOrdering: { ...form.qrOrdering, hours: e.currentTarget.checked ? { from: '11:00', to: '22:00' } : null } })}
          />
          {form.qrOrdering.hours && (
            <Group grow align="flex-start">
              <TextInput
                label="Başlangıç saati"
                type="time"
                {...field('qrOrdering.hours.from')}
                value={form.qrOrdering.hours.from}
                onChange={(e) => update({ qrOrdering: { ...form.qrOrdering, hours: { ...form.qrOrdering.hours!, from: e.currentTarget.value } } })}
              />
              <TextInput
                label="Bitiş saati"
                type="time"
                {...field('qrOrdering.hours.to')}
                value={form.qrOrdering.hours.to}
                onChange={(e) => update({ qrOrdering: { ...form.qrOrdering, hours: { ...form.qrOrdering.hours!, to: e.currentTarget.value } } })}
              />
            </Group>
          )}
          <Text size="xs" c="dimmed">
            Bitiş başlangıçtan önceyse gece yarısını geçer (ör. 18:00–02:00). Masaların QR kodları QR Menü ekranındadır.
          </Text>
        </SettingsSection>

        <SettingsSection title="QR Menü ve Bölge">
          <Switch
            label="Herkese açık menü yayında"
            checked={form.publicMenu.enabled}
            onChange={(e) => update({ publicMenu: { ...form.publicMenu, enabled: e.currentTarget.checked } })}
          />
          <TextInput
            label="Menü adresi (kendi alan adınız)"
            {...field('publicMenu.baseUrl')}
            placeholder={window.location.origin}
            value={form.publicMenu.baseUrl}
            onChange={(e) => update({ publicMenu: { ...form.publicMenu, baseUrl: e.currentTarget.value } })}
          />
          <TextInput
            label="Harita adresi (Kurye Takibi, isteğe bağlı)"
            description="Harita döşeme sunucusunun adresi, {z}/{x}/{y} ile. Boş bırakılırsa konumlar düz bir plan üzerinde gösterilir."
            {...field('mapTileUrl')}
            placeholder="https://harita.ornek.com/{z}/{x}/{y}.png"
            value={form.mapTileUrl ?? ''}
            onChange={(e) => update({ mapTileUrl: e.currentTarget.value })}
          />
          <ChoiceSelect
            label="Saat dilimi"
            data={timeZoneChoices(form.timeZone)}
            value={form.timeZone}
            onChange={(v) => v && update({ timeZone: v })}
          />
          <ChoiceSelect
            label="İş günü başlangıcı"
            description="Örn. 05:00: gece 02:00'deki satış bir önceki günün raporuna yazılır"
            data={HOURS}
            value={String(form.businessDayStartHour)}
            onChange={(v) => v !== '' && update({ businessDayStartHour: Number(v) })}
          />
        </SettingsSection>
      </SimpleGrid>

      {result && (
        <Alert color={result.ok ? 'green' : 'red'} role={result.ok ? 'status' : 'alert'}>
          <Group justify="space-between">
            <span>{result.message}</span>
            {result.isConflict && (
              <Button size="xs" variant="white" onClick={() => (doc.reload(), setResult(null))}>
                Güncel ayarları yükle
              </Button>
            )}
          </Group>
        </Alert>
      )}
      <Group>
        <Button size="md" onClick={handleSave} loading={doc.isSaving}>
          Kaydet
        </Button>
        {doc.isDirty && (
          <Text size="sm" c="dimmed">
            Kaydedilmemiş değişiklikler var
          </Text>
        )}
      </Group>
      {children}
      {/* the owner's own PIN: sign-in on shared devices and approvals there */}
      <PinSection />
      <RecordIntegritySection />
      <BackupKeySection />
    </Stack>
  );
}
