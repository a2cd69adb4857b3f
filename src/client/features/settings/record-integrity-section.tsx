import { Alert, Button, Group, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { auditChainVerdict, brokenLinkPlace } from '../../../shared/audit-chain-contract';
import { messageFor } from '../../api/field-errors';
import { auditChainQuery } from './api/audit-chain';
import { SettingsSection } from '../../components/settings-section';

const nf = new Intl.NumberFormat('tr-TR');

/**
 * Ayarlar → Kayıt bütünlüğü: the owner checks that the audit log and the closed bills are as they
 * were written (each is a link of a hash chain; a change behind the application's back breaks it).
 * The verdict says it in words and with a sign, never in colour alone.
 */
export function RecordIntegritySection() {
  const queryClient = useQueryClient();
  const [full, setFull] = useState(false);
  const check = useQuery(auditChainQuery(full));
  const run = (wantFull: boolean) => {
    setFull(wantFull);
    // the outcome, failure included, is read from the query above
    queryClient.fetchQuery(auditChainQuery(wantFull)).catch(() => undefined);
  };
  // while checking again, or after a failed check, an earlier verdict is not shown as current
  const report = check.isFetching || check.isError ? undefined : check.data;
  const broken = report?.firstBroken;
  const beforeChain = report ? report.auditRowsBeforeChain + report.billsBeforeChain : 0;

  return (
    <SettingsSection title="Kayıt bütünlüğü">
      <Text size="sm">
        Denetim kaydındaki her satır ve her kapanan hesap bir öncekine mühürle bağlanır. Veritabanında uygulamanın dışından yapılan bir değişiklik bu
        zinciri bozar.
      </Text>
      <Group gap="sm">
        <Button variant="light" onClick={() => run(false)} loading={check.isFetching && !full} disabled={check.isFetching && full}>
          Denetle
        </Button>
        <Button variant="default" onClick={() => run(true)} loading={check.isFetching && full} disabled={check.isFetching && !full}>
          Baştan Denetle
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        Denetle, son sağlam denetimden sonra yazılanları denetler; Baştan Denetle bütün geçmişi yeniden okur (büyük bir kayıtta birkaç saniye sürebilir).
      </Text>
      {check.isError && !check.isFetching && (
        <Alert color="red" role="alert" title="Denetlenemedi">
          {messageFor(check.error)}
        </Alert>
      )}
      {report && !broken && (
        <Alert color="green" role="status">
          <Text size="sm">
            <span aria-hidden>✓ </span>
            {auditChainVerdict(report)}
          </Text>
          {report.since && (
            <Text size="xs" mt={4}>
              Son denetimden bu yana {nf.format(report.auditRows - report.since.auditRows)} yeni denetim kaydı ve {nf.format(report.bills - report.since.bills)} yeni hesap
              denetlendi; öncekiler o denetimde sağlamdı.
            </Text>
          )}
          {beforeChain > 0 && (
            <Text size="xs" mt={4}>
              {nf.format(report.auditRowsBeforeChain)} denetim kaydı ve {nf.format(report.billsBeforeChain)} hesap mühürleme başlamadan önce yazıldı; onlar
              denetlenemez.
            </Text>
          )}
        </Alert>
      )}
      {report && broken && (
        <Alert color="red" role="alert" title={<><span aria-hidden>⚠ </span>Uyarı: zincir bozuk</>}>
          <Text size="sm" fw={600}>
            {brokenLinkPlace(broken)}
          </Text>
          <Text size="sm">{broken.reason}</Text>
          {broken.kind === 'audit' && report.brokenChains.includes('bill') && <Text size="sm">Hesapların zinciri de bozuk.</Text>}
          <Text size="xs" mt={4}>
            Bu noktadan sonraki kayıtlara güvenilemez. Veritabanına kimin eriştiğini araştırın ve yedeklerle karşılaştırın.
          </Text>
        </Alert>
      )}
    </SettingsSection>
  );
}
