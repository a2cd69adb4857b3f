import { Alert, Badge, Button, Code, FileButton, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CSV_COLUMNS, CSV_LIST_SEPARATOR, CSV_STATUS, type ImportReport } from '../../../shared/menu-contract';
import { MENU_KEY, importMenuCsv, menuBase } from './api/menu-mutations';
import { ZeroPriceConfirm } from './zero-price-confirm';

const MAX_FILE_BYTES = 900 * 1024;

/** Export the whole menu, or import a CSV after a dry run that lists every row it would refuse. */
export function CsvPanel() {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [preview, setPreview] = useState<ImportReport | null>(null);
  const [result, setResult] = useState<ImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [isAskingZero, setAskingZero] = useState(false);

  async function choose(chosen: File | null) {
    setPreview(null);
    setResult(null);
    setError(null);
    if (!chosen) return;
    if (chosen.size > MAX_FILE_BYTES) {
      setError('CSV dosyası en fazla 900 KB olabilir');
      return;
    }
    const text = await chosen.text();
    setFile({ name: chosen.name, text });
    setBusy(true);
    const dry = await importMenuCsv(text, true);
    setBusy(false);
    if (dry.report) setPreview(dry.report);
    else setError(dry.error ?? null);
  }

  async function runImport(allowZeroPrice = false) {
    if (!file) return;
    // Dishes the file makes 0,00 TL (an empty or mistyped price cell) go onto the public menu as free: asked first.
    if (preview && preview.zeroPriceItems.length > 0 && !allowZeroPrice) return setAskingZero(true);
    setBusy(true);
    const done = await importMenuCsv(file.text, false, allowZeroPrice);
    setBusy(false);
    if (done.report) {
      setResult(done.report);
      setPreview(null);
      setFile(null);
      void queryClient.invalidateQueries({ queryKey: MENU_KEY });
    } else setError(done.error ?? null);
  }

  const canImport = preview !== null && preview.errors.length === 0 && preview.created + preview.updated > 0;
  return (
    <Stack gap="lg" maw={900}>
      <Paper withBorder radius="md" p="md">
        <Title order={3} size="h4" mb="xs">
          Dışa Aktar
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          Bütün menü tek bir CSV dosyası olarak (UTF-8, Excel’de açılır). Düzenleyip aynı dosyayı geri yükleyebilirsiniz.
        </Text>
        <Button component="a" href={`${menuBase()}/export.csv`} download size="md" variant="light">
          CSV Olarak İndir
        </Button>
      </Paper>

      <Paper withBorder radius="md" p="md">
        <Title order={3} size="h4" mb="xs">
          İçe Aktar
        </Title>
        <Text size="sm" c="dimmed">
          Önce bir önizleme yapılır; hatalı satır varsa hiçbir şey kaydedilmez. Ürün kodu olan satırlar o ürünü, olmayanlar kategori ve ad
          eşleşen ürünü günceller; eşleşmeyen ürünler ve kategoriler eklenir. Dosyada olmayan ürünlere dokunulmaz.
        </Text>
        {/* One code per column, so the list wraps on a phone instead of running off the screen. */}
        <Group gap={6} mt="xs" align="center">
          <Text size="sm">Sütunlar (“;” ile ayrılır):</Text>
          {Object.values(CSV_COLUMNS).map((c) => (
            <Code key={c}>{c}</Code>
          ))}
        </Group>
        <Text size="xs" c="dimmed" mt={4}>
          Fiyat Türkçe yazılır (1.250,50) · KDV 1, 10 ya da 20 · Durum “{CSV_STATUS.available}” ya da “{CSV_STATUS.soldOut}” · Seçenek
          grupları “{CSV_LIST_SEPARATOR.trim()}” ile ayrılır ve önceden tanımlı olmalı · Zorunlu sütunlar: Kategori, Ürün Adı, Fiyat.
        </Text>
        <Group mt="md">
          <FileButton onChange={(f) => void choose(f)} accept=".csv,text/csv">
            {(props) => (
              <Button size="md" {...props} loading={isBusy && !preview}>
                CSV Dosyası Seç
              </Button>
            )}
          </FileButton>
          {file && <Text size="sm">{file.name}</Text>}
        </Group>
      </Paper>

      {error && (
        <Alert color="red" role="alert" title="İçe aktarılamadı">
          {error}
        </Alert>
      )}
      {result && (
        <Alert color="green" role="status" title="İçe aktarıldı">
          {result.created} ürün eklendi, {result.updated} ürün güncellendi, {result.unchanged} ürün aynı kaldı
          {result.newCategories.length > 0 && `; yeni kategoriler: ${result.newCategories.join(', ')}`}.
        </Alert>
      )}
      {preview && (
        <Paper withBorder radius="md" p="md" role="region" aria-label="İçe aktarma önizlemesi">
          <Title order={3} size="h4" mb="sm">
            Önizleme
          </Title>
          <Group gap="xs" mb="sm">
            <Badge size="lg" variant="light" color="green">
              {preview.created} yeni
            </Badge>
            <Badge size="lg" variant="light" color="blue">
              {preview.updated} güncellenecek
            </Badge>
            <Badge size="lg" variant="light" color="gray">
              {preview.unchanged} aynı
            </Badge>
            <Badge size="lg" variant="light" color={preview.errors.length ? 'red' : 'gray'}>
              {preview.errors.length} hata
            </Badge>
          </Group>
          {preview.newCategories.length > 0 && <Text size="sm">Eklenecek kategoriler: {preview.newCategories.join(', ')}</Text>}
          {preview.zeroPriceItems.length > 0 && (
            <Alert color="orange" mt="sm">
              Fiyatı 0,00 TL olacak ürünler: {preview.zeroPriceItems.join(', ')}
            </Alert>
          )}
          {preview.errors.length > 0 && (
            <>
              <Alert color="red" mt="sm">
                Aşağıdaki satırlar düzeltilmeden içe aktarma yapılamaz. Dosyayı düzeltip yeniden seçin.
              </Alert>
              <Table.ScrollContainer minWidth={360} mt="sm">
                <Table striped withTableBorder aria-label="Hatalı satırlar">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={80}>Satır</Table.Th>
                      <Table.Th>Sorun</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {preview.errors.map((e, i) => (
                      <Table.Tr key={`${e.line}-${i}`}>
                        <Table.Td>{e.line}</Table.Td>
                        <Table.Td>{e.message}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </>
          )}
          <Group mt="md">
            <Button size="md" onClick={() => void runImport()} disabled={!canImport} loading={isBusy}>
              İçe Aktar
            </Button>
            <Button size="md" variant="default" onClick={() => (setPreview(null), setFile(null))}>
              Vazgeç
            </Button>
          </Group>
        </Paper>
      )}
      <ZeroPriceConfirm
        opened={isAskingZero}
        itemNames={preview?.zeroPriceItems ?? []}
        onCancel={() => setAskingZero(false)}
        onConfirm={() => {
          setAskingZero(false);
          void runImport(true);
        }}
      />
    </Stack>
  );
}
