import {
  Button,
  Checkbox,
  FileButton,
  Group,
  Image,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { Modal } from '../../components/modal';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState, type FormEvent } from 'react';
import {
  DEFAULT_STATION,
  DEFAULT_VAT_RATE,
  MENU_LIMITS,
  PHOTO_MAX_BYTES,
  PHOTO_TYPES,
  createItemRequest,
  type AdminMenu,
  type MenuItem,
} from '../../../shared/menu-contract';
import { fieldErrorsFrom, fieldErrorsFromIssues, messageFor, useFieldErrors } from '../../api/field-errors';
import { useGeneralSettings } from '../settings/api';
import { formatMoneyInput, readTurkishMoney } from '../../../shared/domain/money';
import { VAT_RATES } from '../../../shared/restaurant-settings';
import { describeGroup } from './menu-format';
import { useCreateItem, useRemovePhoto, useUpdateItem, useUploadPhoto } from './api/menu-mutations';
import { FormActions } from '../../components/form-actions';
import { ChoiceSelect } from '../../components/choice-select';
import { StationInput } from './station-input';
import classes from './menu-management.module.css';
import { MoneyInput } from './money-input';
import { shrinkPhoto } from './shrink-photo';
import { ZeroPriceConfirm } from './zero-price-confirm';

interface Props {
  menu: AdminMenu;
  /** null: a new item (in `categoryId` when given) */
  item: MenuItem | null;
  categoryId?: string;
  onClose(): void;
}

const isPhotoType = (file: Blob) => (PHOTO_TYPES as readonly string[]).includes(file.type);

export function photoProblem(file: Blob): string | null {
  if (!isPhotoType(file)) return 'Fotoğraf JPEG, PNG ya da WebP biçiminde olmalı';
  if (file.size > PHOTO_MAX_BYTES) return 'Fotoğraf en fazla 2 MB olabilir';
  return null;
}

/** Adds or edits an item; the price is typed the Turkish way and stored in kuruş. */
export function ItemFormModal({ menu, item, categoryId, onClose }: Props) {
  const create = useCreateItem();
  const update = useUpdateItem();
  const upload = useUploadPhoto();
  const removePhoto = useRemovePhoto();
  const isPhone = useMediaQuery('(max-width: 48em)');
  const [form, setForm] = useState({
    name: item?.name ?? '',
    description: item?.description ?? '',
    price: item ? formatMoneyInput(item.priceKurus) : '',
    vatRate: String(item?.vatRate ?? DEFAULT_VAT_RATE),
    // A new dish's category is the owner's choice (or the category shown), never the first one.
    categoryId: item?.categoryId ?? categoryId ?? '',
    sortOrder: item?.sortOrder as number | undefined,
    isAvailable: item?.isAvailable ?? true,
    station: item?.station ?? DEFAULT_STATION,
    optionGroupIds: item?.optionGroupIds ?? [],
  });
  const [photo, setPhoto] = useState<{ file: Blob; preview: string } | null>(null);
  const [dropPhoto, setDropPhoto] = useState(false);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [isAskingZero, setAskingZero] = useState(false);
  const fields = useFieldErrors();
  const set = (patch: Partial<typeof form>) => {
    setForm((f) => ({ ...f, ...patch }));
    for (const key of Object.keys(patch)) fields.clear(key === 'price' ? 'priceKurus' : key);
  };

  // A new dish takes the owner's default VAT from Ayarlar (until the owner picks another here).
  const defaultVat = useGeneralSettings((s) => s.defaultVatRate).data;
  const [isVatChosen, setVatChosen] = useState(item !== null);
  useEffect(() => {
    if (!isVatChosen && defaultVat !== undefined) setForm((f) => ({ ...f, vatRate: String(defaultVat) }));
  }, [defaultVat, isVatChosen]);

  const price = readTurkishMoney(form.price);
  const isBusy = create.isPending || update.isPending || upload.isPending || removePhoto.isPending;
  const shownPhoto = photo?.preview ?? (dropPhoto ? null : item?.photoUrl);

  async function choosePhoto(chosen: File | null) {
    if (!chosen) return;
    // Scaled down first: a large camera photo becomes a small JPEG, and only then is the size checked.
    const file = isPhotoType(chosen) ? await shrinkPhoto(chosen) : chosen;
    const problem = photoProblem(file);
    setPhotoError(problem);
    if (problem) return;
    if (photo) URL.revokeObjectURL(photo.preview);
    setPhoto({ file, preview: URL.createObjectURL(file) });
    setDropPhoto(false);
  }

  async function handleSubmit(event: FormEvent | null, allowZeroPrice = false) {
    event?.preventDefault();
    setTried(true);
    setSaveError(null);
    const body = {
      name: form.name.trim(),
      description: form.description.trim() || null,
      priceKurus: price.ok ? price.kurus : 0,
      vatRate: Number(form.vatRate) as 1 | 10 | 20,
      categoryId: form.categoryId,
      ...(form.sortOrder !== undefined ? { sortOrder: form.sortOrder } : {}),
      isAvailable: form.isAvailable,
      station: form.station.trim() || DEFAULT_STATION,
      optionGroupIds: form.optionGroupIds,
    };
    // The server's own schema, here: each message on its field (the price field says its own).
    const checked = createItemRequest.safeParse(body);
    const problems = checked.success ? {} : fieldErrorsFromIssues(checked.error.issues);
    if (!price.ok) delete problems.priceKurus;
    if (!form.categoryId) problems.categoryId = 'Bir kategori seçin';
    if (fields.show(problems) || !price.ok) return;
    // Only a price that becomes 0 is asked about; a dish already free keeps its price unasked.
    if (body.priceKurus === 0 && item?.priceKurus !== 0 && !allowZeroPrice) {
      setAskingZero(true);
      return;
    }
    const request = { ...body, ...(allowZeroPrice ? { allowZeroPrice } : {}) };
    try {
      const saved = item ? await update.mutateAsync({ id: item.id, version: item.version, ...request }) : await create.mutateAsync(request);
      if (photo) await upload.mutateAsync({ itemId: saved.id, file: photo.file });
      else if (dropPhoto && item?.photoUrl) await removePhoto.mutateAsync(saved.id);
      onClose();
    } catch (err) {
      if (!fields.show(fieldErrorsFrom(err))) setSaveError(messageFor(err));
    }
  }

  return (
    <Modal opened onClose={onClose} title={item ? 'Ürünü Düzenle' : 'Ürün Ekle'} fullScreen={isPhone} size="xl" centered>
      <form onSubmit={(e) => void handleSubmit(e)} noValidate>
        <Stack>
          <TextInput
            label="Ürün adı"
            placeholder="ör. Mercimek Çorbası"
            value={form.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
            maxLength={MENU_LIMITS.itemName}
            withAsterisk
            {...fields.fieldProps('name')}
            data-autofocus
          />
          <Textarea
            label="Açıklama"
            placeholder="Müşteri menüsünde adın altında görünür"
            value={form.description}
            onChange={(e) => set({ description: e.currentTarget.value })}
            maxLength={MENU_LIMITS.description}
            {...fields.fieldProps('description')}
            autosize
            minRows={2}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <MoneyInput label="Fiyat" value={form.price} onChange={(v) => set({ price: v })} showError={tried} placeholder="1.250,50" withAsterisk data-field="priceKurus" />
            <div>
              <Text size="sm" fw={500} mb={4} id="vat-label">
                KDV
              </Text>
              <SegmentedControl
                fullWidth
                size="md"
                aria-labelledby="vat-label"
                value={form.vatRate}
                onChange={(v) => {
                  setVatChosen(true);
                  set({ vatRate: v });
                }}
                data={VAT_RATES.map((r) => ({ value: String(r), label: `%${r}` }))}
              />
            </div>
            <ChoiceSelect
              label="Kategori"
              data={menu.categories.map((c) => ({ value: c.id, label: `${c.icon} ${c.name}` }))}
              value={form.categoryId}
              onChange={(v) => set({ categoryId: v })}
              emptyLabel="Kategori seçin"
              error={fields.errors.categoryId}
              required
            />
            <StationInput value={form.station} onChange={(station) => set({ station })} />
            <NumberInput
              label="Sıra"
              description="Boş: kategorinin sonuna"
              min={0}
              max={MENU_LIMITS.sortOrder}
              allowDecimal={false}
              allowNegative={false}
              value={form.sortOrder ?? ''}
              onChange={(v) => set({ sortOrder: typeof v === 'number' ? v : undefined })}
            />
            <Switch
              size="md"
              mt={{ sm: 28 }}
              label={form.isAvailable ? 'Satışta' : 'Tükendi (müşteri menüsünde görünmez)'}
              checked={form.isAvailable}
              onChange={(e) => set({ isAvailable: e.currentTarget.checked })}
              className={classes.switchRow}
            />
          </SimpleGrid>

          <Checkbox.Group
            label="Seçenekler"
            description={menu.optionGroups.length ? 'Siparişte sorulacak gruplar' : 'Seçenekler sekmesinden grup ekleyebilirsiniz (Porsiyon, Pişirme, Ekstralar)'}
            value={form.optionGroupIds}
            onChange={(ids) => set({ optionGroupIds: ids })}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="xs">
              {menu.optionGroups.map((g) => (
                <Checkbox key={g.id} value={g.id} size="md" label={g.name} description={describeGroup(g)} className={classes.checkRow} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>

          <div>
            <Text size="sm" fw={500} mb={4}>
              Fotoğraf
            </Text>
            <Group align="center">
              {shownPhoto ? (
                <Image src={shownPhoto} alt={`${form.name || 'Ürün'} fotoğrafı`} w={96} h={96} radius="md" fit="cover" />
              ) : (
                <div className={classes.photoPlaceholder} aria-hidden>
                  📷
                </div>
              )}
              <Stack gap={6}>
                <FileButton onChange={(f) => void choosePhoto(f)} accept={PHOTO_TYPES.join(',')}>
                  {(props) => (
                    <Button variant="light" size="md" {...props}>
                      {shownPhoto ? 'Fotoğrafı Değiştir' : 'Fotoğraf Seç'}
                    </Button>
                  )}
                </FileButton>
                {shownPhoto && (
                  <Button
                    variant="subtle"
                    color="red"
                    size="md"
                    onClick={() => {
                      setPhoto(null);
                      setDropPhoto(true);
                    }}
                  >
                    Fotoğrafı Kaldır
                  </Button>
                )}
              </Stack>
            </Group>
            <Text size="xs" c={photoError ? 'red' : 'dimmed'} mt={4} role={photoError ? 'alert' : undefined}>
              {photoError ?? 'JPEG, PNG ya da WebP; en fazla 2 MB.'}
            </Text>
          </div>

          <FormActions error={saveError} isBusy={isBusy} onCancel={onClose} />
        </Stack>
      </form>
      <ZeroPriceConfirm
        opened={isAskingZero}
        onCancel={() => setAskingZero(false)}
        onConfirm={() => {
          setAskingZero(false);
          void handleSubmit(null, true);
        }}
      />
    </Modal>
  );
}
