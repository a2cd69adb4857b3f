import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appliedMigrations, columnSequences, ident, insertableColumns, publicTablesInDependencyOrder, qualified, rows, type AppliedMigration } from './catalog';
import { BACKUP_FORMAT, BACKUP_VERSION, UNSIGNED_BACKUP_VERSION, type BackupHeader, type BackupSummary } from './dump';

/** A backup that cannot or must not be restored; the message is for the person restoring. */
export class BackupError extends Error {}

export const BACKUP_MESSAGES = {
  corrupt: 'Yedek dosyası bozuk ya da eksik (doğrulama toplamı tutmuyor); hiçbir şey geri yüklenmedi.',
  notBackup: 'Bu dosya bir Sofra yedeği değil; hiçbir şey geri yüklenmedi.',
  notEmpty: 'Hedef veritabanı boş değil; geri yükleme yalnızca boş bir veritabanına yapılır.',
  newerFormat: (version: number) => `Bu yedek Sofra'nın daha yeni bir sürümüyle alınmış (yedek biçimi ${version}); önce Sofra'yı güncelleyin.`,
  newerSchema: (backup: number, target: number) =>
    `Bu yedek Sofra'nın daha yeni bir sürümüyle alınmış (yedekte ${backup} veritabanı güncellemesi var, burada ${target}); önce Sofra'yı güncelleyin.`,
  otherSchema: (position: number) =>
    `Yedeğin veritabanı yapısı bu Sofra'nınkiyle uyuşmuyor (${position}. veritabanı güncellemesi farklı); yedek bu sürümle geri yüklenemez.`,
  unknownTable: (table: string) => `Yedekteki "${table}" tablosu bu veritabanında yok; yedek bu Sofra sürümüyle geri yüklenemez.`,
  unknownColumn: (table: string, column: string) => `Yedekteki "${table}.${column}" sütunu bu veritabanında yok; yedek bu Sofra sürümüyle geri yüklenemez.`,
  forged:
    'Yedek dosyası değiştirilmiş ya da başka bir yedek anahtarıyla alınmış (imza tutmuyor); hiçbir şey geri yüklenmedi. Değiştirilmiş bir yedek geri yüklenemez; başka bir Sofra\'nın yedeğiyse onun yedek anahtarı gerekir.',
  noKey: (keyFile?: string) =>
    keyFile
      ? `Yedek anahtarı bulunamadı: ${keyFile} yok ve SOFRA_BACKUP_KEY ayarlanmamış; anahtar olmadan yedek doğrulanamaz, hiçbir şey geri yüklenmedi. Yedeği alan Sofra'nın backup.key dosyasını ${keyFile} olarak kopyalayın ya da içindeki anahtarı SOFRA_BACKUP_KEY ortam değişkeniyle verin.`
      : "Yedek anahtarı bulunamadı: SOFRA_BACKUP_KEY ayarlanmamış; anahtar olmadan yedek doğrulanamaz, hiçbir şey geri yüklenmedi. Yedeği alan Sofra'nın yedek anahtarını (backup.key dosyasındaki 64 karakter) SOFRA_BACKUP_KEY ortam değişkeniyle verin.",
  unsigned:
    'Bu yedek imzasız (yedek anahtarından önceki eski biçim): değiştirilmediği doğrulanamadığı için geri yüklenmedi. Dosyanın değiştirilmediğinden eminseniz şöyle geri yükleyebilirsiniz: npm run restore -- --imzasiz-yedegi-kabul-et <yedek-dosyası>',
  noKeyForBackup:
    "Yedek anahtarı yok: veri klasörü (DATA_DIR) bulunamadı ve SOFRA_BACKUP_KEY ayarlanmamış. Yedekler bu anahtarla imzalanır: 64 onaltılık karakterlik bir anahtar üretin (ör. openssl rand -hex 32), SOFRA_BACKUP_KEY ortam değişkeniyle verin ve yedeklerden ayrı bir yerde saklayın (anahtar olmadan yedek geri yüklenemez).",
  badKey: (where: string) => `Yedek anahtarı geçersiz (${where}): 64 onaltılık karakter (32 bayt) olmalı.`,
  keyCreated: (keyFile: string) =>
    `Yedek anahtarı oluşturuldu: ${keyFile}. Yedekler bu anahtarla imzalanır ve anahtar olmadan hiçbir yedek geri yüklenemez: bir kopyasını yedeklerden ayrı bir yerde saklayın (bir USB bellek, bir parola yöneticisi).`,
};

/**
 * What a restore checks a backup's signature with. A version-1 file carries a checksum anyone can
 * recompute, so it proves nothing: only the person restoring may accept one, explicitly
 * (`npm run restore -- --imzasiz-yedegi-kabul-et`); nothing else sets `acceptUnsigned`.
 */
export interface BackupAuth {
  /** the backup key (backupKeyForReading); null when there is none: a signed backup is then refused */
  key: Buffer | null;
  /** where the key was looked for, named in that refusal */
  keyFile?: string;
  acceptUnsigned?: boolean;
}

/** Rows per INSERT: one statement per few hundred rows keeps round trips and parameters small. */
const INSERT_ROWS = 500;
const INSERT_CHARS = 4 * 1024 * 1024;

/** The file's lines as raw bytes (never re-encoded, so the signature sees exactly what was written). */
async function* lines(input: Readable): AsyncGenerator<Buffer> {
  const gunzip = createGunzip();
  input.on('error', (err) => gunzip.destroy(err));
  input.pipe(gunzip);
  let rest = Buffer.alloc(0);
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      const data = rest.length ? Buffer.concat([rest, chunk]) : chunk;
      let start = 0;
      for (let nl = data.indexOf(10, start); nl !== -1; nl = data.indexOf(10, start)) {
        yield data.subarray(start, nl);
        start = nl + 1;
      }
      rest = Buffer.from(data.subarray(start));
    }
  } catch (err) {
    // zlib's "unexpected end of file" / "incorrect header check": cut short or not gzip at all.
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'Z_BUF_ERROR' || code === 'Z_DATA_ERROR') throw new BackupError(BACKUP_MESSAGES.corrupt);
    throw err;
  }
  if (rest.length) yield rest;
}

interface Trailer {
  signed: boolean;
  hex: string;
}

/** The last line: {"hmac-sha256":"<hex>"} (version 2) or {"sha256":"<hex>"} (version 1); null when neither. */
function parseTrailer(line: Buffer | null): Trailer | null {
  if (!line) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(line.toString('utf8'));
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Object.keys(parsed).length !== 1) return null;
  const { 'hmac-sha256': signature, sha256 } = parsed as Record<string, unknown>;
  if (typeof signature === 'string') return { signed: true, hex: signature };
  if (typeof sha256 === 'string') return { signed: false, hex: sha256 };
  return null;
}

/** Compares in constant time: how much of a guessed signature is right must not show in the timing. */
function sameDigest(hex: string, digest: Buffer): boolean {
  return /^[0-9a-f]{64}$/.test(hex) && timingSafeEqual(Buffer.from(hex, 'hex'), digest);
}

/**
 * Refuses at the header, before a single row is read into the database, what the signature check
 * at the end would refuse anyway: a signed backup without a key, an unsigned one not accepted.
 */
function checkAuthPossible(header: BackupHeader, auth: BackupAuth) {
  if (header.version === BACKUP_VERSION && !auth.key) throw new BackupError(BACKUP_MESSAGES.noKey(auth.keyFile));
  if (header.version === UNSIGNED_BACKUP_VERSION && !auth.acceptUnsigned) throw new BackupError(BACKUP_MESSAGES.unsigned);
}

interface BackupReader {
  header(header: BackupHeader): void | Promise<void>;
  row(line: Buffer): Promise<void>;
}

/**
 * Reads a backup line by line: the first is the header, every other but the last a row, and the
 * last must sign (version 2, with the key) or checksum (version 1, when accepted) all before it.
 * Throws BackupError when it does not. When a reader throws, the rest is still read: a damaged or
 * forged file is reported as such, not as whatever its damage caused. Answers the header.
 */
async function readBackup(input: Readable, auth: BackupAuth, reader: BackupReader): Promise<BackupHeader> {
  const hash = createHash('sha256');
  const hmac = auth.key ? createHmac('sha256', auth.key) : null;
  let header: BackupHeader | undefined;
  let pending: Buffer | null = null;
  let index = 0;
  let failure: unknown = null;
  for await (const line of lines(input)) {
    if (pending) {
      for (const h of [hash, hmac]) h?.update(pending).update('\n');
      if (!failure) {
        try {
          if (index === 0) {
            header = parseHeader(pending);
            checkAuthPossible(header, auth);
            await reader.header(header);
          } else await reader.row(pending);
        } catch (err) {
          failure = err;
        }
      }
      index++;
    }
    pending = line;
  }
  const trailer = parseTrailer(pending);
  if (!trailer) throw new BackupError(index === 0 && !failure ? BACKUP_MESSAGES.notBackup : BACKUP_MESSAGES.corrupt);
  if (trailer.signed) {
    if (!hmac) throw new BackupError(BACKUP_MESSAGES.noKey(auth.keyFile));
    if (!sameDigest(trailer.hex, hmac.digest())) throw new BackupError(BACKUP_MESSAGES.forged);
  } else if (!sameDigest(trailer.hex, hash.digest())) {
    throw new BackupError(BACKUP_MESSAGES.corrupt);
  }
  // A header that says "signed" over a mere checksum is a signed backup whose signature was replaced.
  if (header && header.version !== (trailer.signed ? BACKUP_VERSION : UNSIGNED_BACKUP_VERSION)) throw new BackupError(BACKUP_MESSAGES.forged);
  if (failure) throw failure;
  if (!header) throw new BackupError(BACKUP_MESSAGES.notBackup);
  if (!trailer.signed && !auth.acceptUnsigned) throw new BackupError(BACKUP_MESSAGES.unsigned);
  return header;
}

function parseHeader(line: Buffer): BackupHeader {
  let header: Partial<BackupHeader>;
  try {
    header = JSON.parse(line.toString('utf8'));
  } catch {
    throw new BackupError(BACKUP_MESSAGES.notBackup);
  }
  if (header?.format !== BACKUP_FORMAT) throw new BackupError(BACKUP_MESSAGES.notBackup);
  if (header.version !== BACKUP_VERSION && header.version !== UNSIGNED_BACKUP_VERSION) throw new BackupError(BACKUP_MESSAGES.newerFormat(Number(header.version)));
  const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!Array.isArray(header.migrations) || !isObject(header.tables) || !isObject(header.sequences)) throw new BackupError(BACKUP_MESSAGES.notBackup);
  return header as BackupHeader;
}

/** The backup's migrations must be the target's, or the first of them (an older Sofra's backup). */
function checkMigrations(backup: AppliedMigration[], target: AppliedMigration[]) {
  if (backup.length > target.length) throw new BackupError(BACKUP_MESSAGES.newerSchema(backup.length, target.length));
  const differs = backup.findIndex((m, i) => m.hash !== target[i].hash);
  if (differs !== -1) throw new BackupError(BACKUP_MESSAGES.otherSchema(differs + 1));
}

const ROW_PREFIX = /^\{"t":("(?:[^"\\]|\\.)*"),"r":/;

/** A row line split without parsing the row: its text goes to PostgreSQL untouched. */
function splitRowLine(line: Buffer): { table: string; rowJson: string } {
  const text = line.toString('utf8');
  const m = ROW_PREFIX.exec(text);
  if (!m || !text.endsWith('}')) throw new BackupError(BACKUP_MESSAGES.corrupt);
  return { table: JSON.parse(m[1]) as string, rowJson: text.slice(m[0].length, -1) };
}

/** Checks a backup file through (signature and header) without touching any database. */
export async function verifyBackup(input: Readable, auth: BackupAuth): Promise<BackupHeader> {
  const counts: Record<string, number> = {};
  const header = await readBackup(input, auth, {
    header: () => {},
    row: async (line) => {
      const { table } = splitRowLine(line);
      counts[table] = (counts[table] ?? 0) + 1;
    },
  });
  checkCounts(header, counts);
  return header;
}

function checkCounts(header: BackupHeader, counts: Record<string, number>) {
  const names = new Set([...Object.keys(header.tables), ...Object.keys(counts)]);
  for (const name of names) if ((header.tables[name] ?? -1) !== (counts[name] ?? 0)) throw new BackupError(BACKUP_MESSAGES.corrupt);
}

/**
 * Restores a backup into an empty database that has Sofra's migrations (the backup's, or more).
 * Everything happens in one transaction: a refused, damaged or forged backup leaves the database as
 * it was (the rows go in as they are read; the signature, checked at the end, decides the commit).
 * The audit log's and the bills' triggers refuse UPDATE and DELETE only, so inserting the rows as
 * they were is allowed; the bill-number counter (restaurants.last_bill_number) comes back
 * as data, so the next bill continues the restored numbering.
 */
export async function restoreDatabase(db: Db, input: Readable, auth: BackupAuth): Promise<BackupSummary> {
  return db.transaction(async (tx) => {
    const tables = await publicTablesInDependencyOrder(tx);
    const byName = new Map(tables.map((t) => [t.name, t]));
    // Nobody writes between the emptiness check and the commit (a server started meanwhile waits).
    // A role may take this lock only where it may update or delete: the server's role on the audit
    // log may only insert, and the log cannot gain a row without a restaurant row, which is locked.
    const lockable = await rows<{ name: string }>(
      tx,
      sql`select c.relname as name from pg_class c
          where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relispartition
            and (has_table_privilege(c.oid, 'UPDATE') or has_table_privilege(c.oid, 'DELETE') or has_table_privilege(c.oid, 'TRUNCATE'))`,
    );
    if (lockable.length) await tx.execute(sql.raw(`lock table ${lockable.map((t) => qualified(t.name)).join(', ')} in exclusive mode`));
    const [{ nonEmpty }] = await rows<{ nonEmpty: string | null }>(
      tx,
      sql.raw(
        tables.length
          ? `select (${tables.map((t) => `select ${sqlText(t.name)} where exists (select 1 from ${qualified(t.name)})`).join(' union all ')} limit 1) as "nonEmpty"`
          : 'select null as "nonEmpty"',
      ),
    );
    if (nonEmpty) throw new BackupError(BACKUP_MESSAGES.notEmpty);
    const targetMigrations = await appliedMigrations(tx);

    let backedUpTables: Record<string, number> = {};
    const counts: Record<string, number> = {};
    const columnsOf = new Map<string, string[]>();
    let batch: { table: string; rows: string[]; chars: number } | null = null;
    const flush = async () => {
      if (!batch || batch.rows.length === 0) return;
      const { table } = batch;
      const columns = columnsOf.get(table)!;
      const list = columns.map(ident).join(', ');
      const values = columns.map((c) => `sofra_r.${ident(c)}`).join(', ');
      // OVERRIDING SYSTEM VALUE: identity columns keep the ids the backup has.
      await tx.execute(
        sql`${sql.raw(`insert into ${qualified(table)} (${list}) overriding system value select ${values} from jsonb_array_elements(`)}${`[${batch.rows.join(',')}]`}${sql.raw(`::jsonb) as sofra_e(v) cross join lateral jsonb_populate_record(null::${qualified(table)}, sofra_e.v) as sofra_r`)}`,
      );
      batch = null;
    };

    const header = await readBackup(input, auth, {
      header: (read) => {
        checkMigrations(read.migrations, targetMigrations);
        for (const name of Object.keys(read.tables)) if (!byName.has(name)) throw new BackupError(BACKUP_MESSAGES.unknownTable(name));
        backedUpTables = read.tables;
      },
      row: async (line) => {
        const { table, rowJson } = splitRowLine(line);
        const target = byName.get(table);
        if (!target || !(table in backedUpTables)) throw new BackupError(BACKUP_MESSAGES.corrupt);
        if (!columnsOf.has(table)) columnsOf.set(table, await restoredColumns(tx, table, rowJson));
        counts[table] = (counts[table] ?? 0) + 1;
        if (batch && batch.table !== table) await flush();
        batch ??= { table, rows: [], chars: 0 };
        batch.rows.push(rowJson);
        batch.chars += rowJson.length;
        // A row may reference another row of its own table: such a table goes in one statement,
        // because foreign keys are checked at the end of each statement.
        if (!target.isSelfReferencing && (batch.rows.length >= INSERT_ROWS || batch.chars >= INSERT_CHARS)) await flush();
      },
    });
    await flush();
    checkCounts(header, counts);

    // setval is not undone by a rollback, so it comes last, once nothing else can fail.
    await restoreSequences(tx, header.sequences);
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    return { createdAt: header.createdAt, tables: header.tables, rows: total };
  });
}

const sqlText = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * The columns to insert: those the backup's rows carry. A backup of an older Sofra lacks the
 * columns later migrations added; those get their defaults. A column the target does not have
 * would be data lost, so it refuses.
 */
async function restoredColumns(tx: Db, table: string, firstRowJson: string): Promise<string[]> {
  const insertable = await insertableColumns(tx, table);
  let keys: string[];
  try {
    keys = Object.keys(JSON.parse(firstRowJson) as object);
  } catch {
    throw new BackupError(BACKUP_MESSAGES.corrupt);
  }
  const [{ generated }] = await rows<{ generated: string[] }>(
    tx,
    sql`select coalesce(array_agg(attname::text), '{}') as generated from pg_attribute where attrelid = ${qualified(table)}::regclass and attgenerated <> ''`,
  );
  const missing = keys.find((k) => !insertable.includes(k) && !generated.includes(k));
  if (missing) throw new BackupError(BACKUP_MESSAGES.unknownColumn(table, missing));
  return insertable.filter((c) => keys.includes(c));
}

/**
 * Each column's sequence continues after the largest restored value, or after what the backed-up
 * sequence had handed out when that was more (ids of rows gone since are never reused).
 */
async function restoreSequences(tx: Db, backedUp: Record<string, string | null>) {
  const feeding = await columnSequences(tx);
  const done = new Set<string>();
  for (const { sequence, table, column } of feeding) {
    const [{ max }] = await rows<{ max: string | null }>(tx, sql.raw(`select max(${ident(column)})::text as max from ${qualified(table)}`));
    const candidates = [max, backedUp[sequence] ?? null].filter((v): v is string => v !== null).map((v) => BigInt(v));
    if (candidates.length) {
      const value = candidates.reduce((a, b) => (b > a ? b : a));
      await tx.execute(sql`select setval(${`public.${ident(sequence)}`}::regclass, ${value.toString()}::bigint, true)`);
    }
    done.add(sequence);
  }
  const existing = new Set(Object.keys(await sequenceValuesOf(tx)));
  for (const [sequence, value] of Object.entries(backedUp)) {
    if (done.has(sequence) || value === null || !existing.has(sequence)) continue;
    await tx.execute(sql`select setval(${`public.${ident(sequence)}`}::regclass, ${value}::bigint, true)`);
  }
}

async function sequenceValuesOf(tx: Db) {
  const found = await rows<{ name: string }>(tx, sql`select sequencename as name from pg_sequences where schemaname = 'public'`);
  return Object.fromEntries(found.map((s) => [s.name, true]));
}
