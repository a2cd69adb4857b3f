import { Alert, Anchor, Button, CopyButton, Group, Paper, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { DiningTable } from '../../../shared/tables-contract';
import { Link, Route, Routes } from 'react-router-dom';
import { publicMenuUrl, tableLabel } from '../../../shared/public-menu-view';
import { getUserSession } from '../../api/session';
import { useTables } from '../tables/api';
import { useMenuBase, usePublicMenuSettings, useSavePublicMenu } from './api/public-menu-settings';
import { downloadPng, downloadSvg, slug } from './qr-code';
import { QrImage } from './qr-image';
import { Modal } from '../../components/modal';
import { useInstantSwitch } from '../../components/use-instant-switch';
import classes from './qr-menu.module.css';
import { TableCardsSheet } from './table-cards-sheet';
import { useQrTokens, useRotateQrToken } from './api/qr-tokens';

/** `requests`: what owner-app.tsx puts under the title (the guests' requests of the last hour, QR Sipariş). */
export default function QrMenuPage({ requests }: { requests?: ReactNode } = {}) {
  return (
    <Routes>
      <Route index element={<QrOverview requests={requests} />} />
      <Route path="kartlar" element={<TableCardsSheet />} />
    </Routes>
  );
}

function DownloadButtons({ url, fileName, label }: { url: string; fileName: string; label: string }) {
  return (
    <Group gap="xs">
      <Button variant="light" size="md" onClick={() => void downloadSvg(url, fileName)} aria-label={`${label} QR kodunu SVG indir`}>
        SVG
      </Button>
      <Button variant="light" size="md" onClick={() => void downloadPng(url, fileName)} aria-label={`${label} QR kodunu PNG indir`}>
        PNG
      </Button>
    </Group>
  );
}

function QrOverview({ requests }: { requests?: ReactNode }) {
  const restaurantId = getUserSession()?.restaurantId ?? '';
  const settings = usePublicMenuSettings();
  const save = useSavePublicMenu();
  const tables = useTables();
  const tokens = useQrTokens();
  const rotate = useRotateQrToken();
  const [renewing, setRenewing] = useState<DiningTable | null>(null);
  const base = useMenuBase();
  const menuUrl = publicMenuUrl(base, restaurantId);
  const [baseInput, setBaseInput] = useState('');
  // what the owner typed and has not saved yet: a refetch (a live event, another screen's save)
  // brings the stored address again, and it must not wipe that out from under them
  const [isEditing, setEditing] = useState(false);
  const [savedNote, setSavedNote] = useState<string | null>(null);
  const storedBase = settings.data?.baseUrl;
  useEffect(() => {
    if (storedBase !== undefined && !isEditing) setBaseInput(storedBase);
  }, [storedBase, isEditing]);
  const online = useInstantSwitch(settings.data?.enabled ?? true, (enabled) => save.mutateAsync({ enabled }));
  const isOnline = online.checked;

  async function saveBase(event: FormEvent) {
    event.preventDefault();
    setSavedNote(null);
    await save.mutateAsync({ baseUrl: baseInput.trim().replace(/\/+$/, '') });
    setEditing(false);
    setSavedNote('Menü adresi kaydedildi. Basılı QR kodları yeni adrese göre yeniden yazdırın.');
  }

  return (
    <Stack gap="lg">
      <Title order={2}>QR Menü</Title>
      {requests}
      {(settings.error || tables.error || tokens.error) && (
        <Alert color="red" role="alert">
          {(settings.error ?? tables.error ?? tokens.error)?.message}
        </Alert>
      )}
      {rotate.error && (
        <Alert color="red" role="alert" withCloseButton onClose={() => rotate.reset()}>
          {rotate.error.message}
        </Alert>
      )}
      {save.error && (
        <Alert color="red" role="alert" withCloseButton onClose={() => save.reset()}>
          {save.error.message}
        </Alert>
      )}

      <Paper withBorder radius="md" p="md">
        <div className={classes.overview}>
          <div className={classes.bigQr}>
            <QrImage url={menuUrl} size="180px" alt={`Menü QR kodu: ${menuUrl}`} />
          </div>
          <Stack gap="sm" style={{ flex: '1 1 280px', minWidth: 0 }}>
            <Switch
              size="lg"
              checked={isOnline}
              disabled={!settings.data}
              onChange={(e) => online.onChange(e.currentTarget.checked)}
              label={isOnline ? 'Menü yayında' : 'Menü yayında değil'}
              description={isOnline ? 'Müşteriler QR kodu okutunca menüyü görür.' : 'Müşteriler menü yerine boş bir sayfa görür.'}
              className={classes.switchRow}
            />
            <TextInput label="Menü bağlantısı" value={menuUrl} readOnly size="md" onFocus={(e) => e.currentTarget.select()} />
            <Group gap="xs">
              <CopyButton value={menuUrl}>
                {({ copied, copy }) => (
                  <Button size="md" variant={copied ? 'filled' : 'default'} color={copied ? 'green' : undefined} onClick={copy}>
                    {copied ? 'Kopyalandı' : 'Kopyala'}
                  </Button>
                )}
              </CopyButton>
              <Button size="md" variant="default" component="a" href={menuUrl} target="_blank" rel="noopener">
                Menüyü Aç
              </Button>
              <DownloadButtons url={menuUrl} fileName="menu-qr" label="Menü" />
            </Group>
          </Stack>
        </div>
      </Paper>

      <Paper withBorder radius="md" p="md" component="form" onSubmit={(e: FormEvent) => void saveBase(e).catch(() => {})}>
        <Title order={3} size="h4" mb={4}>
          Menü adresi
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          Menü kendi alan adınızdan açılıyorsa yazın (ör. https://menu.lokantam.com.tr). Boş bırakılırsa bu adres kullanılır:{' '}
          {window.location.origin}
        </Text>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label="Alan adı"
            placeholder={window.location.origin}
            value={baseInput}
            onChange={(e) => {
              setEditing(true);
              setBaseInput(e.currentTarget.value);
            }}
            // typed before the stored address arrived, it would be replaced by it
            disabled={!settings.data}
            size="md"
            style={{ flex: '1 1 260px' }}
            inputMode="url"
          />
          <Button type="submit" size="md" loading={save.isPending} disabled={!settings.data}>
            Kaydet
          </Button>
        </Group>
        {savedNote && (
          <Text size="sm" c="green.8" mt="xs" role="status">
            {savedNote}
          </Text>
        )}
      </Paper>

      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={3} size="h4">
              Masa QR kodları
            </Title>
            <Text size="sm" c="dimmed">
              Her masanın kodu menüyü o masa adıyla açar; QR sipariş açıksa müşteri o masadan sipariş verir. Kod fotoğraflanıp masa dışında
              kullanılıyorsa Yeni kod ile yenileyin.
            </Text>
          </div>
          <Button size="md" component={Link} to="kartlar" disabled={!tables.data?.length}>
            A4 Masa Kartlarını Yazdır
          </Button>
        </Group>
        {tables.data?.length === 0 && <Text c="dimmed">Henüz masa yok. Masalar Masa Düzeni ekranından eklenir.</Text>}
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }}>
          {tables.data?.map((t) => {
            const token = tokens.byTable.get(t.id);
            const url = token ? publicMenuUrl(base, restaurantId, token) : null;
            return (
              <Paper key={t.id} withBorder radius="md" p="sm" className={classes.tableCard} data-testid="table-qr-card" aria-label={t.name}>
                {url ? <QrImage url={url} size="120px" alt={`${tableLabel(t.name)} QR kodu`} /> : <div style={{ width: 120, height: 120 }} aria-hidden />}
                <div style={{ minWidth: 0 }}>
                  <Text fw={700}>{tableLabel(t.name)}</Text>
                  <Text size="sm" c="dimmed" mb="xs">
                    {t.sectionName}
                  </Text>
                  <Group gap="xs">
                    {url && <DownloadButtons url={url} fileName={`qr-${slug(t.name)}`} label={t.name} />}
                    <Button variant="subtle" size="md" onClick={() => setRenewing(t)} aria-label={`${tableLabel(t.name)} için yeni QR kodu`}>
                      Yeni kod
                    </Button>
                  </Group>
                </div>
              </Paper>
            );
          })}
        </SimpleGrid>
        {tables.data && tables.data.length > 0 && (
          <Text size="sm" c="dimmed">
            Kodlar <Anchor href={menuUrl}>{base}</Anchor> adresine göre üretilir.
          </Text>
        )}
      </Stack>
      <Modal opened={renewing !== null} onClose={() => setRenewing(null)} title={renewing ? `${tableLabel(renewing.name)}: yeni QR kodu` : ''} centered>
        <Stack gap="md">
          <Text>
            Masanın basılı QR kodu hemen geçersiz olur: o kodla sipariş verilemez, garson çağrılamaz. Yeni kodu yazdırıp masaya koymanız
            gerekir.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" size="md" onClick={() => setRenewing(null)}>
              Vazgeç
            </Button>
            <Button
              color="red"
              size="md"
              loading={rotate.isPending}
              onClick={() => {
                const table = renewing;
                if (table) void rotate.mutateAsync(table.id).then(() => setRenewing(null), () => setRenewing(null));
              }}
            >
              Yeni Kod Oluştur
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
