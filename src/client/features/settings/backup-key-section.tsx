import { Alert, Button, Code, Group, List, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { BackupKeyState } from '../../../shared/backup-key-contract';
import { useBusinessCalendar } from '../reports/api';
import { backupKeyQuery, markBackupKeyKept } from './api/backup-key';
import { SettingsSection } from '../../components/settings-section';
import { ErrorNotice } from '../../components/error-notice';

const TITLE = 'Yedek anahtarı';

/** 64 hex digits as four lines of sixteen: read aloud or written down without losing one's place. */
const keyLines = (key: string) => key.toUpperCase().match(/.{16}/g) ?? [key];

/**
 * Ayarlar → Yedek anahtarı: every backup is signed with this key and restores only with it. The
 * installation's owner sees the key once, with where to keep it, until marking it kept; after
 * that, and for anyone else, only where it lives and its fingerprint (to tell a copy is this key).
 */
export function BackupKeySection() {
  const queryClient = useQueryClient();
  const status = useQuery(backupKeyQuery());
  const kept = useMutation({
    mutationFn: markBackupKeyKept,
    onSuccess: (next) => queryClient.setQueryData(backupKeyQuery().queryKey, next),
  });
  return (
    <SettingsSection title={TITLE}>
      <Text size="sm">
        Her gün alınan yedekler bu anahtarla imzalanır ve yalnızca bu anahtarla geri yüklenir. Anahtarı ele geçiren biri değiştirilmiş bir yedeği de
        imzalayabilir: yedeklerin yanında değil, ayrı bir yerde saklayın.
      </Text>
      <ErrorNotice error={status.error} />
      {status.data && <KeyStatus status={status.data} onKept={(fingerprint) => kept.mutate(fingerprint)} isSaving={kept.isPending} />}
      <ErrorNotice error={kept.error} />
    </SettingsSection>
  );
}

function KeyStatus({ status, onKept, isSaving }: { status: BackupKeyState; onKept(fingerprint: string): void; isSaving: boolean }) {
  const { timeZone } = useBusinessCalendar();
  const [isCopied, setCopied] = useState(false);
  if (status.source === 'none')
    return <Text size="sm">Bu sunucunun bir veri klasörü (DATA_DIR) yok; günlük yedek de anahtar da orada tutulur. Yedekleri sunucunun yöneticisi alır.</Text>;
  const fingerprint = (
    <Text size="sm">
      Parmak izi: <Code>{status.fingerprint}</Code>
    </Text>
  );
  if (status.source === 'env')
    return (
      <>
        <Text size="sm">Anahtar sunucunun SOFRA_BACKUP_KEY ayarından okunuyor; o ayarı koyan kişide saklıdır.</Text>
        {fingerprint}
      </>
    );
  const place = (
    <Text size="sm">
      Bu bilgisayarda: <Code style={{ wordBreak: 'break-all' }}>{status.location}</Code>
    </Text>
  );
  if (status.key)
    return (
      <>
        {place}
        <Alert color="yellow" role="note" title="Anahtar yalnızca bir kez gösterilir">
          <Code block fz="md" data-testid="backup-key" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {keyLines(status.key).join('\n')}
          </Code>
          <List size="sm" mt="sm" spacing={4}>
            <List.Item>Bir kopyasını yedeklerden ayrı bir yerde saklayın: ayrı tutulan bir USB bellekte ya da parola yöneticisinde.</List.Item>
            <List.Item>Yedeklerle aynı USB belleğe ya da aynı bulut klasörüne koymayın.</List.Item>
            <List.Item>Yeni bir bilgisayara geri yüklerken anahtarı o bilgisayarın DATA_DIR/secrets/backup.key dosyasına yazın.</List.Item>
            <List.Item>Anahtarı kaybederseniz hiçbir yedek geri yüklenemez.</List.Item>
          </List>
          <Group mt="sm" gap="sm">
            <Button variant="light" onClick={() => navigator.clipboard?.writeText(status.key!).then(() => setCopied(true), () => setCopied(false))}>
              {isCopied ? 'Kopyalandı' : 'Kopyala'}
            </Button>
            <Button onClick={() => onKept(status.fingerprint!)} loading={isSaving}>
              Anahtarı sakladım
            </Button>
          </Group>
        </Alert>
        {fingerprint}
      </>
    );
  const keptAt = status.keptAt ? new Intl.DateTimeFormat('tr-TR', { dateStyle: 'long', timeStyle: 'short', timeZone }).format(new Date(status.keptAt)) : null;
  return (
    <>
      {place}
      {keptAt ? (
        <Text size="sm">
          <span aria-hidden>✓ </span>
          {status.keptByName ?? 'Bir yönetici'}, {keptAt} tarihinde anahtarı sakladığını bildirdi. Anahtar artık burada gösterilmez.
        </Text>
      ) : (
        !status.isKeeper && <Text size="sm">Anahtar bu sunucunun ilk işletmesinin sahibine gösterilir.</Text>
      )}
      {fingerprint}
    </>
  );
}
