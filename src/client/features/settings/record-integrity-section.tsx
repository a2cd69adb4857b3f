import { Alert, Button, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { auditChainVerdict, brokenLinkPlace } from '../../../shared/audit-chain-contract';
import { messageFor } from '../../api/field-errors';
import { auditChainQuery } from '../../api/queries/audit-chain';
import { SettingsSection } from '../../components/settings-section';

const nf = new Intl.NumberFormat('tr-TR');

/**
 * Ayarlar → Kayıt bütünlüğü: the owner checks that the audit log and the closed bills are as they
 * were written (each is a link of a hash chain; a change behind the application's back breaks it).
 * The verdict says it in words and with a sign, never in colour alone.
 */
export function RecordIntegritySection() {
  const check = useQuery(auditChainQuery());
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
      <div>
        <Button variant="light" onClick={() => void check.refetch()} loading={check.isFetching}>
          Denetle
        </Button>
      </div>
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
