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
