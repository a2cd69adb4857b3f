import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import '../../shared/zod-turkish';
import { paymentRequest } from '../../shared/bill-contract';
import { restaurants } from '../db/schema';
import { createTestApp, type TestContext } from '../test-support/test-app';
import { ChangeTracker } from './fuzz-kit';
import { refusalProblem, sentTexts } from './fuzz-requests';
import { arbitraryOf, jsonSchemaOf } from './zod-arbitraries';

/** The route fuzzer's own judges: each must catch what it is there to catch. */

const answer = (statusCode: number, body: unknown) => ({ statusCode, body: typeof body === 'string' ? body : JSON.stringify(body) });

describe('the refusal check', () => {
  it('passes Turkish refusals, with field names in them too', () => {
    expect(refusalProblem(answer(404, { error: 'Kayıt bulunamadı' }))).toBeNull();
    expect(refusalProblem(answer(409, { error: 'Bu adla bir malzeme zaten var' }))).toBeNull();
    expect(refusalProblem(answer(400, { error: 'Geçersiz istek: lines.0.quantity: En az 1 olmalı', fields: { 'lines.0.quantity': 'En az 1 olmalı' } }))).toBeNull();
  });

  it("catches Zod's and Fastify's English, schema paths, empty or missing messages and non-JSON answers", () => {
    expect(refusalProblem(answer(400, { error: 'Invalid input: expected string, received undefined' }))).toMatch(/İngilizce/);
    expect(refusalProblem(answer(400, { error: 'Geçersiz istek', fields: { name: 'Required' } }))).toMatch(/İngilizce/);
    expect(refusalProblem(answer(400, { error: 'Geçersiz: body/name çok uzun' }))).toMatch(/şema yolu/);
    expect(refusalProblem(answer(404, { statusCode: 404, error: 'Not Found', message: 'Route GET:/x not found' }))).toMatch(/İngilizce/);
    expect(refusalProblem(answer(400, { error: '' }))).toMatch(/error/);
    expect(refusalProblem(answer(400, { message: 'Kayıt bulunamadı' }))).toMatch(/error/);
    expect(refusalProblem(answer(415, 'Unsupported Media Type'))).toMatch(/JSON değil/);
    expect(refusalProblem(answer(400, { error: 'Oops' }))).toMatch(/Türkçe görünmüyor/);
  });

  it('lets a Turkish sentence quote what the caller sent, and still catches English around it', () => {
    const sent = sentTexts({ body: { kind: 'json', value: { name: 'undefined', items: [{ menuItemId: 'undefined' }] } } });
    expect(refusalProblem(answer(409, { error: '"undefined" adında bir masa zaten var' }), sent)).toBeNull();
    expect(refusalProblem(answer(400, { error: 'Bu ürün restoranın menüsünde yok: undefined' }), sent)).toBeNull();
    expect(refusalProblem(answer(409, { error: '"undefined" adında bir masa zaten var' }))).toMatch(/İngilizce/);
    expect(refusalProblem(answer(400, { error: 'Invalid input: expected string, received undefined' }), sent)).toMatch(/İngilizce/);
    // only whole words: a sent "ex" or "e" does not hide "expected"
    expect(refusalProblem(answer(400, { error: 'Geçersiz: expected string' }), ['e', 'ex', 'string'])).toMatch(/İngilizce/);
  });
});

describe('the arbitraries derived from a shared schema', () => {
  const hints = { idsFor: () => ['7d0c2c56-8d0b-4b8e-9f0a-3f4b9b1b2c3d'], foreignIds: ['0f0c2c56-8d0b-4b8e-9f0a-3f4b9b1b2c3d'], emails: ['owner@demo.local'] };
  const schema = jsonSchemaOf(paymentRequest)!;

  it('make values the schema takes when no node is mutated, and values it refuses when nodes are', () => {
    const valid = (values: unknown[]) => values.filter((v) => paymentRequest.safeParse(v).success).length;
    const strict = fc.sample(arbitraryOf(schema, hints, { mutation: 0 }), { seed: 1, numRuns: 300 });
    const chaos = fc.sample(arbitraryOf(schema, hints, { mutation: 10 }), { seed: 1, numRuns: 300 });
    // the schema's refinements across keys ("lineIds or lines, never both", "given only with cash")
    // are beyond JSON Schema: a good share passes, not all
    expect(valid(strict)).toBeGreaterThan(60);
    expect(valid(chaos)).toBeLessThan(valid(strict));
  });

  it('draw ids from the database for keys that name them, and every value is JSON', () => {
    const values = fc.sample(arbitraryOf(jsonSchemaOf(z.object({ lineIds: z.array(z.string()).min(1) }))!, hints, { mutation: 0 }), { seed: 2, numRuns: 200 });
    expect(values.some((v) => (v as { lineIds: string[] }).lineIds.includes('7d0c2c56-8d0b-4b8e-9f0a-3f4b9b1b2c3d'))).toBe(true);
    for (const v of values) expect(() => JSON.stringify(v)).not.toThrow();
  });
});

describe('the change tracker', () => {
  let ctx: TestContext;
  let tracker: ChangeTracker;
  beforeAll(async () => {
    ctx = await createTestApp();
    tracker = await ChangeTracker.install(ctx);
  });
  afterAll(async () => {
    await tracker.stop();
    await ctx.close();
  });

  it('names the tables a committed change touched, and nothing for a rolled-back one', async () => {
    await ctx.database.db.insert(restaurants).values({ name: 'İz Lokantası' });
    expect(await tracker.changedSinceLast()).toEqual(['restaurants']);
    await ctx.database.db
      .transaction(async (tx) => {
        await tx.insert(restaurants).values({ name: 'Geri Alınan' });
        tx.rollback();
      })
      .catch(() => {});
    expect(await tracker.changedSinceLast()).toEqual([]);
  });

  it('does not count an update that leaves the row as it was', async () => {
    await ctx.database.db.update(restaurants).set({ name: 'İz Lokantası' });
    expect(await tracker.changedSinceLast()).toEqual([]);
  });

  it('sees a change in the checksums too', async () => {
    const before = await tracker.checksums([]);
    await ctx.database.db.update(restaurants).set({ name: 'Yeni Ad' });
    const after = await tracker.checksums([]);
    expect(Object.keys(before).filter((t) => before[t] !== after[t])).toEqual(['restaurants']);
    await tracker.changedSinceLast();
  });
});
