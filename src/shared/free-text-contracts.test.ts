import type { z } from 'zod';

/*
 * Every text a request carries that a person will read — names, line notes, discount labels,
 * reasons, customer names and addresses, settings texts — follows the one text rule of text.ts, so a
 * bidi override that is refused in an item name cannot come back through a note on the kitchen
 * screen. This walks every schema exported by src/shared: each string a request schema holds must
 * refuse U+202E and U+2067, unless it is no text for people (an id, a password). A new exported
 * schema has to be named here as a request or as an answer.
 */

const modules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts'], { eager: true });

/** Request schemas: what a client sends (bodies, queries, settings documents written back). */
const isRequest = (name: string) => /(Request|Query|Approval)$/.test(name) || REQUEST_PARTS.has(name);
const REQUEST_PARTS = new Set([
  'approval', 'courseName', 'discount', 'newLine', 'lineNote', 'newPin', 'optionalTurkishPhone', 'restaurantSettings', 'printerSettings', 'networkPrinter',
  'networkPrinters', 'stationPrinter', 'userPreferences', 'platformProductCode', 'autoAcceptMinutes',
]);
/** Answers and pieces of answers: what the server sends, already checked when it was written. */
const isAnswerOrPart = (name: string) =>
  /(Response|Result|Report|Summary|Detail|State|Info)$/.test(name) || ANSWERS.has(name);
const ANSWERS = new Set([
  'adminMenu', 'authUser', 'billAdjustment', 'diningTable', 'errorResponse', 'floorSection', 'floorTable', 'historyBatch', 'importRowError',
  'kitchenAlert', 'kitchenLine', 'kitchenOrder', 'layoutSection', 'layoutTable', 'lineOption', 'menuCategory', 'menuItem', 'menuOption',
  'optionGroup', 'payment', 'prepStat', 'printFailure', 'publicMenu', 'publicMenuCategory', 'publicMenuItem', 'readyLine', 'section',
  'staffMember', 'staffWithPassword', 'ticket', 'ticketLine', 'ticketTotals', 'vatOfRate', 'billSummary', 'billDetail', 'floorResponse',
  'ticketSummary', 'versionOnly', 'ticketVersion', 'vatRate', 'isoDate', 'newPassword', 'photoUrl', 'priceKurus', 'sharedDevice', 'padPerson',
]);
/** Read by the browser only and never sent: the SPA's own data-connection settings (zod/mini, no text for people). */
const BROWSER_ONLY = new Set(['connectionSettings']);
/** Strings of requests that are no text for people: ids, passwords and PINs, and the login email (looked up, never stored or shown). */
const isNotText = (path: string) =>
  /\.(id|ids|[a-zA-Z]+Id|[a-zA-Z]+Ids)(\[\])?$/.test(path) || /([pP]assword|[pP]in)$/.test(path) || path === 'loginRequest.email' || path === 'newPin';

type Def = { type: string; [key: string]: unknown };
const defOf = (s: unknown) => (s as { _zod: { def: Def } })._zod.def;
const isSchema = (v: unknown) => typeof v === 'object' && v !== null && '_zod' in v;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);
/** The innermost input of pipes and wrappers (a string trimmed, transformed and piped into an email is one field). */
function pipeSource(s: unknown): unknown {
  let at = s;
  for (;;) {
    const def = defOf(at);
    if (def.type === 'pipe') at = def.in;
    else if (WRAPPERS.has(def.type)) at = def.innerType;
    else return at;
  }
}

/** Every string field of a schema, as [path, the schema that parses it]. */
function stringFields(schema: unknown, path: string, seen = new Set<unknown>()): [string, z.ZodType][] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const walk = (s: unknown, p: string) => stringFields(s, p, seen);
  switch (def.type) {
    case 'string':
      return [[path, schema as z.ZodType]];
    case 'pipe':
      return defOf(pipeSource(schema)).type === 'string' ? [[path, schema as z.ZodType]] : [...walk(def.in, path), ...walk(def.out, path)];
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([k, v]) => walk(v, `${path}.${k}`));
    case 'array':
      return walk(def.element, `${path}[]`);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return walk(def.innerType, path);
    case 'union':
      return (def.options as unknown[]).flatMap((o) => walk(o, path));
    case 'intersection':
      return [...walk(def.left, path), ...walk(def.right, path)];
    case 'record':
      return walk(def.valueType, `${path}{}`);
    case 'tuple':
      return (def.items as unknown[]).flatMap((o, i) => walk(o, `${path}[${i}]`));
    case 'lazy':
      return walk((def.getter as () => unknown)(), path);
    default:
      return [];
  }
}

const exported = Object.entries(modules).flatMap(([file, mod]) =>
  Object.entries(mod)
    .filter(([, v]) => isSchema(v))
    .map(([name, schema]) => ({ file, name, schema })),
);
const requests = exported.filter((e) => isRequest(e.name));
const fields = requests.flatMap((e) => stringFields(e.schema, e.name)).filter(([path]) => !isNotText(path));

/** Plain values one of which each text field takes: a word, a time zone, an address, a host, a phone, a day, a tax number. */
const SAMPLES = ['Çay Simit', 'Mutfak', 'a', 'Europe/Istanbul', 'https://sofra.ornek.com', '10.0.0.5', '12', 'kasa@lokanta.test', '0532 123 45 67', '2026-11-25', '1234567890'];

describe('free text in every request contract', () => {
  it('knows every exported schema as a request, an answer or a browser-only setting', () => {
    const unknown = exported.filter((e) => !isRequest(e.name) && !isAnswerOrPart(e.name) && !BROWSER_ONLY.has(e.name)).map((e) => `${e.file}: ${e.name}`);
    expect(unknown).toEqual([]);
  });

  it('finds the texts people read on screens and slips', () => {
    const paths = fields.map(([path]) => path);
    for (const wanted of [
      'newLine.note',
      'updateLineRequest.note',
      'discount.label',
      'cancelRequest.reason',
      'reopenRequest.reason',
      'openTicketRequest.customer.name',
      'openTicketRequest.customer.address',
      'paymentRequest.customerName',
      'restaurantSettings.cancellationReasons[]',
      'printerSettings.footerText',
      'createItemRequest.description',
      'newLine.course',
      'sendRequest.holdCourses[]',
      'fireCourseRequest.course',
      'restaurantSettings.courses[]',
    ]) {
      expect(paths).toContain(wanted);
    }
  });

  it.each(fields.map(([path, schema]) => [path, schema] as const))('%s refuses bidi overrides', (_path, schema) => {
    const sample = SAMPLES.find((s) => schema.safeParse(s).success);
    // a field that takes none of the samples is no free text (a fixed format)
    if (sample === undefined) return;
    const middle = Math.ceil(sample.length / 2);
    for (const bidi of ['\u202e', '\u2067']) {
      expect(schema.safeParse(sample.slice(0, middle) + bidi + sample.slice(middle)).success).toBe(false);
    }
  });
});
