import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one; the format carries its parameters', async () => {
    const hash = await hashPassword('doğru-şifre', 2 ** 10);
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('doğru-şifre', hash)).toBe(true);
    expect(await verifyPassword('yanlış-şifre', hash)).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$whatever')).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('aynı', 2 ** 10)).not.toBe(await hashPassword('aynı', 2 ** 10));
  });

  it('finishes every one of many concurrent hashes (the queue never stalls)', async () => {
    const hashes = await Promise.all(Array.from({ length: 7 }, (_, i) => hashPassword(`s${i}`, 2 ** 10)));
    expect(new Set(hashes).size).toBe(7);
    expect(await Promise.all(hashes.map((h, i) => verifyPassword(`s${i}`, h)))).toEqual(Array(7).fill(true));
  });

  it('uses N=2^17 by default', async () => {
    expect((await hashPassword('varsayılan')).split('$')[1]).toBe(String(2 ** 17));
  });
});
