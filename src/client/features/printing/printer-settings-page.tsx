import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Textarea, Title, UnstyledButton } from '@mantine/core';
import { ChoiceSelect } from '../../components/choice-select';
import { FIX_FIELDS_MESSAGE, fieldErrorsFrom, messageFor, useFieldErrors } from '../../api/field-errors';
import { useEffect, useState } from 'react';
import {
  DEFAULT_PRINTER_SETTINGS,
  RECEIPT_TEMPLATES,
  type PrinterSettings,
  type ReceiptTemplate,
} from '../../../shared/printer-settings';
import { ApiError } from '../../api/http';
import { useDocumentForm } from '../../api/use-document-form';
import { Loading } from '../../components/loaded';
import { getUserSession } from '../../api/session';
import { printerSettingsQuery, printerSettingsUrl } from './api/printer-settings';
import classes from './printer-settings-page.module.css';
import { ReceiptPreview } from './receipt-preview';
import { deviceTemplate, saveDeviceTemplate } from '../../components/receipt-html';
import { printTestReceipt } from './test-print';
import { NetworkPrintersSection } from './network-printers-section';

const TEMPLATE_CARDS: Record<ReceiptTemplate, { title: string; description: string }> = {
  classic: { title: 'Klasik', description: 'Standart termal fiş' },
  modern: { title: 'Modern', description: 'İki sütunlu' },
  minimal: { title: 'Minimal', description: 'Sade' },
};

const PRINTERS = [
  { value: 'default', label: 'Varsayılan Yazıcı' },
  { value: 'pos58', label: 'POS-58' },
  { value: 'pos80', label: 'POS-80' },
  { value: 'thermal', label: 'Termal Yazıcı' },
];

const MARGINS = [
  ['top', 'Üst'],
  ['right', 'Sağ'],
  ['bottom', 'Alt'],
  ['left', 'Sol'],
] as const;

export const SAVED_MESSAGE = 'Yazıcı ayarları kaydedildi';
export const SAVE_FAILED_MESSAGE = 'Ayarlar kaydedilirken bir hata oluştu';

const canPrint = () => typeof window !== 'undefined' && typeof window.print === 'function';

export function PrinterSettingsPage() {
  const restaurantId = getUserSession()?.restaurantId;
  const { form, update, save, isSaving, isLoading, loadError } = useDocumentForm<PrinterSettings>({
    // the bill screens read the same cache entry (printerSettingsQuery): one key, one shape
    queryKey: printerSettingsQuery(restaurantId ?? '').queryKey,
    url: restaurantId ? printerSettingsUrl(restaurantId) : null,
    // never the spec's sample name, even before the document arrives
    initial: { ...DEFAULT_PRINTER_SETTINGS, restaurantInfo: { name: '', address: '', phone: '' } },
  });
  // The template only changes the preview; it is never written into the saved document.
  const [template, setTemplate] = useState<ReceiptTemplate>(deviceTemplate);
  const fields = useFieldErrors();

  useEffect(() => {
    if (loadError) console.error('Error loading printer settings', loadError);
  }, [loadError]);

  async function handleSave() {
    if (!restaurantId) return; // spec: silently skipped without a restaurant
    fields.clear();
    try {
      await save();
      window.alert(SAVED_MESSAGE);
    } catch (err) {
      console.error('Error saving printer settings', err);
      // The spec's alert stays; the reason is said in words and shown on the field itself.
      const hasFields = fields.show(fieldErrorsFrom(err));
      const reason = err instanceof ApiError && err.status !== 500 ? `\n${messageFor(err)}` : '';
      window.alert(SAVE_FAILED_MESSAGE + (hasFields ? `\n${FIX_FIELDS_MESSAGE}` : reason));
    }
  }

  function handleTestPrint() {
    if (!printTestReceipt(form, template)) window.alert('Test yazdırma penceresi açılamadı. Tarayıcının açılır pencere iznini kontrol edin.');
  }

  if (isLoading) return <Loading />;
  return (
    <div className={classes.page}>
      <Stack className={classes.form} gap="md">
        <Title order={2}>Yazıcı Ayarları</Title>

        <div role="radiogroup" aria-label="Fiş şablonu">
          <Text fw={500} size="sm" mb={6}>
            Fiş Şablonu
          </Text>
          <SimpleGrid cols={3} spacing="xs">
            {RECEIPT_TEMPLATES.map((t) => (
              <UnstyledButton
                key={t}
                role="radio"
                aria-checked={template === t}
                className={classes.templateCard}
                data-selected={template === t}
                onClick={() => (setTemplate(t), saveDeviceTemplate(t))}
              >
                <Text fw={700}>{TEMPLATE_CARDS[t].title}</Text>
                <Text size="sm" c="dimmed">
                  {TEMPLATE_CARDS[t].description}
                </Text>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        </div>

        {canPrint() && (
          <ChoiceSelect
            label="Yazıcı"
            emptyLabel="Yazıcı seçilmedi"
            data={PRINTERS}
            value={form.defaultPrinter}
            onChange={(v) => update({ defaultPrinter: v as PrinterSettings['defaultPrinter'] })}
          />
        )}
        <TextInput
          label="Restoran Adı"
          description="Ayarlar'daki işletme adıyla aynıdır; birinde değiştirmek ikisini de değiştirir."
          {...fields.fieldProps('restaurantInfo.name')}
          value={form.restaurantInfo.name}
          onChange={(e) => update({ restaurantInfo: { ...form.restaurantInfo, name: e.currentTarget.value } })}
        />
        <Group grow align="flex-start">
          <ChoiceSelect
            label="Kağıt Genişliği"
            data={[
              { value: '58', label: '58 mm' },
              { value: '80', label: '80 mm' },
            ]}
            value={form.paperWidth}
            onChange={(v) => v && update({ paperWidth: v as PrinterSettings['paperWidth'] })}
          />
          <TextInput
            label="Yazı Boyutu (px)"
            {...fields.fieldProps('fontSize')}
            inputMode="decimal"
            value={form.fontSize}
            onChange={(e) => update({ fontSize: e.currentTarget.value })}
          />
        </Group>
        <Textarea
          label="Alt Bilgi Metni"
          {...fields.fieldProps('footerText')}
          autosize
          minRows={2}
          value={form.footerText}
          onChange={(e) => update({ footerText: e.currentTarget.value })}
        />
        <div>
          <Text fw={500} size="sm" mb={6}>
            Kenar Boşlukları (mm)
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            {MARGINS.map(([side, label]) => (
              <TextInput
                key={side}
                label={label}
                {...fields.fieldProps(`margins.${side}`)}
                inputMode="decimal"
                value={form.margins[side]}
                onChange={(e) => update({ margins: { ...form.margins, [side]: e.currentTarget.value } })}
              />
            ))}
          </SimpleGrid>
        </div>
        <NetworkPrintersSection
          value={form.networkPrinters}
          onChange={(networkPrinters) => update({ networkPrinters })}
          fieldProps={fields.fieldProps}
        />
        <Group>
          <Button variant="default" size="md" onClick={handleTestPrint}>
            Test Yazdır
          </Button>
          <Button size="md" onClick={handleSave} loading={isSaving} disabled={isSaving}>
            Kaydet
          </Button>
        </Group>
      </Stack>

      <Paper className={classes.preview} withBorder radius="md" p="md">
        <Text fw={600} mb="sm">
          Önizleme · {TEMPLATE_CARDS[template].title} · {form.paperWidth} mm
        </Text>
        <div className={classes.paper}>
          <ReceiptPreview layout={form} template={template} />
        </div>
      </Paper>
    </div>
  );
}
