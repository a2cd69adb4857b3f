import { z } from 'zod';
import { parsePrinterNetworks } from './modules/printing';

const portSchema = z.coerce
  .number({ error: 'PORT bir sayı olmalı' })
  .int('PORT tam sayı olmalı')
  .min(1, 'PORT 1 ile 65535 arasında olmalı')
  .max(65535, 'PORT 1 ile 65535 arasında olmalı');

/** An http(s) origin, optionally with a trailing slash: no path, query, fragment or credentials. */
function isHttpOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    const isBare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    return (url.protocol === 'http:' || url.protocol === 'https:') && isBare;
  } catch {
    return false;
  }
}

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test'], { error: "NODE_ENV 'development', 'production' veya 'test' olmalı" }).default('development'),
    PORT: portSchema.default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1, 'DATA_DIR boş olamaz').default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, "DATABASE_URL 'postgres://kullanıcı@sunucu:port/veritabanı' biçiminde olmalı")
      .optional(),
    /** The role that owns the schema and runs the migrations; the server then connects as DATABASE_URL's role, which owns nothing (ADR 0010). */
    DATABASE_OWNER_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, "DATABASE_OWNER_URL 'postgres://kullanıcı@sunucu:port/veritabanı' biçiminde olmalı")
      .optional(),
    /** Where the daily backups go; the embedded default uses DATA_DIR/backups without it. */
    BACKUP_DIR: z.string().min(1).optional(),
    /**
     * The backups' signing key (modules/backups/backup-key.ts reads it); checked here so that a
     * mistyped key stops the server at start, not the first night's backup.
     */
    SOFRA_BACKUP_KEY: z
      .string()
      .regex(/^\s*[0-9a-fA-F]{64}\s*$/, 'SOFRA_BACKUP_KEY 64 onaltılık haneden oluşmalı (ör. `openssl rand -hex 32` çıktısı)')
      .optional(),
    /** The stored secrets' sealing key (lib/secret-box.ts), checked here like SOFRA_BACKUP_KEY. */
    SOFRA_SECRETS_KEY: z
      .string()
      .regex(/^\s*[0-9a-fA-F]{64}\s*$/, 'SOFRA_SECRETS_KEY 64 onaltılık haneden oluşmalı (ör. `openssl rand -hex 32` çıktısı)')
      .optional(),
    SEED_DEMO: z.enum(['0', '1'], { error: "SEED_DEMO '0' veya '1' olmalı" }).default('1'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Force the Secure cookie flag (behind a TLS-terminating proxy). Otherwise it follows the request. */
    COOKIE_SECURE: z.enum(['auto', 'always'], { error: "COOKIE_SECURE 'auto' veya 'always' olmalı" }).default('auto'),
    /** Trust X-Forwarded-* (client IP for the login limiter, https detection) from a reverse proxy. */
    TRUST_PROXY: z.enum(['0', '1'], { error: "TRUST_PROXY '0' veya '1' olmalı" }).default('0'),
    /**
     * The address people open Sofra at, when it differs from what the server sees in Host (a proxy
     * that rewrites it). Writes from a page of this origin are accepted as the server's own.
     */
    PUBLIC_URL: z
      .string()
      .refine(isHttpOrigin, "PUBLIC_URL 'https://sofra.ornek.com' biçiminde bir adres olmalı (yol olmadan)")
      .transform((u) => new URL(u).origin)
      .optional(),
    /**
     * Where network printing may connect: unset = any address (a restaurant's own PC), `none` = no
     * raw TCP printing (a server shared by restaurants), or a list of networks (`192.168.0.0/16,…`).
     */
    PRINTER_NETWORKS: z
      .string()
      .superRefine((v, ctx) => {
        try {
          parsePrinterNetworks(v);
        } catch (err) {
          ctx.addIssue({ code: 'custom', message: `PRINTER_NETWORKS geçersiz: ${(err as Error).message}` });
        }
      })
      .optional(),
  })
  .transform((e) => ({
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databaseOwnerUrl: e.DATABASE_OWNER_URL,
    backupDir: e.BACKUP_DIR,
    // Demo data never lands in production, whatever SEED_DEMO says.
    seedDemo: e.SEED_DEMO === '1' && e.NODE_ENV !== 'production',
    logLevel: e.LOG_LEVEL,
    cookieSecure: e.COOKIE_SECURE,
    trustProxy: e.TRUST_PROXY === '1',
    publicUrl: e.PUBLIC_URL,
    printerNetworks: e.PRINTER_NETWORKS,
  }));

export type ServerConfig = z.output<typeof envSchema>;

export class ConfigError extends Error {}

/** Reads the environment; empty strings count as unset. Throws ConfigError listing every problem. */
export function loadConfig(env: NodeJS.ProcessEnv): ServerConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Sunucu ayarları geçersiz:\n${lines.join('\n')}`);
  }
  return result.data;
}
