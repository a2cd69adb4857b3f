import Fastify from 'fastify';
import { registerCanonicalIds } from './canonical-ids';

/*
 * Ids are lower-cased at the edge (canonical-ids.ts): in a body our own contract describes, every
 * UUID under a key that names an id — `id`, `ids`, `…Id` and the lists `…Ids` (lineIds,
 * ticketIds, optionIds, batchIds) — at any depth; `externalId` and other keys stay as sent.
 */
const ID = '0F8FAD5B-D9CB-469F-A165-70867728950E';
const LOWER = ID.toLowerCase();

async function echo(body: unknown, query = '') {
  const app = Fastify();
  registerCanonicalIds(app);
  app.post('/t/:ticketId', { schema: { body: { type: 'object' } } }, async (request) => ({ params: request.params, query: request.query, body: request.body }));
  await app.ready();
  try {
    return (await app.inject({ method: 'POST', url: `/t/${ID}${query}`, payload: body as object })).json();
  } finally {
    await app.close();
  }
}

it('lower-cases ids and lists of ids in the body, nested too, and leaves externalId and other text as sent', async () => {
  const ids = (id: string) => ({ id, ticketId: id, lineIds: [id, id], items: [{ menuItemId: id, optionIds: [id] }] });
  const seen = await echo({ ...ids(ID), externalId: ID, note: ID });
  expect(seen.params).toEqual({ ticketId: LOWER });
  expect(seen.body).toEqual({ ...ids(LOWER), externalId: ID, note: ID });
});

it('lower-cases every UUID in the query string (a filter by waiter, section or station), and leaves other values as sent', async () => {
  const seen = await echo({}, `?waiterId=${ID}&sectionId=${ID}&search=${ID}x&day=2026-11-28`);
  expect(seen.query).toEqual({ waiterId: LOWER, sectionId: LOWER, search: `${ID}x`, day: '2026-11-28' });
});

it('leaves the body of a route without a body schema as sent (a platform’s own ids are theirs)', async () => {
  const app = Fastify();
  registerCanonicalIds(app);
  app.post('/webhook/:ticketId', async (request) => ({ params: request.params, body: request.body }));
  await app.ready();
  try {
    const seen = (await app.inject({ method: 'POST', url: `/webhook/${ID}`, payload: { id: ID, orderIds: [ID] } })).json();
    expect(seen.params).toEqual({ ticketId: LOWER });
    expect(seen.body).toEqual({ id: ID, orderIds: [ID] });
  } finally {
    await app.close();
  }
});

it('reads only `id`, `ids` and keys ending in a capital Id or Ids as id keys', async () => {
  const seen = await echo({ ids: [ID], paid: ID, void: ID, Id: ID, guid: ID, tableIdNote: ID, lines: [{ lineId: ID, idea: ID }] });
  expect(seen.body).toEqual({ ids: [LOWER], paid: ID, void: ID, Id: ID, guid: ID, tableIdNote: ID, lines: [{ lineId: LOWER, idea: ID }] });
});

it('leaves a value under an id key that is not a UUID as sent, and lists under other keys alone', async () => {
  const seen = await echo({ ticketId: 'ABC-123', lineIds: ['ABC', ID], notes: [ID] });
  expect(seen.body).toEqual({ ticketId: 'ABC-123', lineIds: ['ABC', LOWER], notes: [ID] });
});
