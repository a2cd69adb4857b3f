import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('starts with sensible defaults from an empty environment', () => {
    expect(loadConfig({})).toEqual({
      nodeEnv: 'development',
      port: 3000,
      host: '0.0.0.0',
      dataDir: './data',
      databaseUrl: undefined,
      seedDemo: true,
      logLevel: 'info',
      cookieSecure: 'auto',
      trustProxy: false,
      publicUrl: undefined,
    });
  });

  it('reads PUBLIC_URL as an origin and refuses anything that is not one, in Turkish', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://Sofra.Ornek.com/' }).publicUrl).toBe('https://sofra.ornek.com');
    expect(loadConfig({ PUBLIC_URL: 'http://10.0.0.5:8080' }).publicUrl).toBe('http://10.0.0.5:8080');
    for (const bad of ['sofra.ornek.com', 'ftp://sofra.ornek.com', 'https://sofra.ornek.com/yonetim', 'https://a:b@sofra.ornek.com']) {
      expect(configError({ PUBLIC_URL: bad }).message).toContain("PUBLIC_URL 'https://sofra.ornek.com' biçiminde");
    }
  });

  it('reads every setting it knows', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/sofra',
      DATABASE_URL: 'postgresql://sofra@db:5432/sofra',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      COOKIE_SECURE: 'always',
      TRUST_PROXY: '1',
      PUBLIC_URL: 'https://sofra.ornek.com',
    });
    expect(config).toEqual({
      nodeEnv: 'test',
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/sofra',
      databaseUrl: 'postgresql://sofra@db:5432/sofra',
      seedDemo: false,
      logLevel: 'warn',
      cookieSecure: 'always',
      trustProxy: true,
      publicUrl: 'https://sofra.ornek.com',
    });
  });

  it.each(['abc', '70000', '0', '-1', '80.5'])('refuses PORT=%s with a Turkish message naming PORT', (port) => {
    const err = configError({ PORT: port });
    expect(err.message).toMatch(/^Sunucu ayarları geçersiz:/);
    expect(err.message).toMatch(/PORT: PORT (bir sayı|1 ile 65535 arasında|tam sayı) olmalı/);
  });

  it.each(['mysql://x', 'postgres://', 'localhost:5432/sofra'])('refuses DATABASE_URL=%s', (url) => {
    expect(configError({ DATABASE_URL: url }).message).toContain("DATABASE_URL 'postgres://kullanıcı@sunucu:port/veritabanı' biçiminde olmalı");
  });

  it('lists every problem at once', () => {
    const message = configError({ PORT: 'abc', DATABASE_URL: 'mysql://x', SEED_DEMO: 'yes' }).message;
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain("SEED_DEMO '0' veya '1' olmalı");
  });

  it('refuses a mistyped SOFRA_BACKUP_KEY at start, in Turkish, and takes a right one', () => {
    expect(configError({ SOFRA_BACKUP_KEY: 'kısa-anahtar' }).message).toContain('SOFRA_BACKUP_KEY 64 onaltılık haneden oluşmalı');
    expect(() => loadConfig({ SOFRA_BACKUP_KEY: 'ab'.repeat(32) })).not.toThrow();
    expect(configError({ SOFRA_SECRETS_KEY: 'kısa-anahtar' }).message).toContain('SOFRA_SECRETS_KEY 64 onaltılık haneden oluşmalı');
    expect(() => loadConfig({ SOFRA_SECRETS_KEY: 'cd'.repeat(32) })).not.toThrow();
  });

  it('turns demo seeding off with SEED_DEMO=0', () => {
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: '1' }).seedDemo).toBe(true);
  });

  it('never seeds demo data in production, even with SEED_DEMO=1', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: '1' }).seedDemo).toBe(false);
  });

  it('counts empty strings as unset', () => {
    const config = loadConfig({ PORT: '', DATA_DIR: '', DATABASE_URL: '', SEED_DEMO: '', NODE_ENV: '', HOST: '' });
    expect(config).toMatchObject({ port: 3000, dataDir: './data', databaseUrl: undefined, seedDemo: true, nodeEnv: 'development', host: '0.0.0.0' });
  });

  it('ignores variables it does not know', () => {
    expect(loadConfig({ PATH: '/usr/bin', HOME: '/root' }).port).toBe(3000);
  });
});
