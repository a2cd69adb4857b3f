import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries derived from the shared Zod schemas, for fuzzing the API.
 *
 * No maintained library maps Zod 4 to fast-check (zod-fast-check stops at Zod 3 and fast-check 3),
 * so the schema goes through Zod 4's own `z.toJSONSchema` (its input side: what a client may send)
 * and the JSON Schema, a small stable format, is mapped here. The values are meant to hurt: mostly
 * the schema's shape with values on and just past its edges, then wrong types, extra keys, huge
 * lists, long and odd Unicode text, and real ids of the wrong kind or of another restaurant.
 */

/** The part of JSON Schema (draft 2020-12, as Zod 4 writes it) that the mapping reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  default?: unknown;
}

/** A route's Zod schema as JSON Schema (input side); `{}` (anything) for what JSON Schema cannot say. */
export function jsonSchemaOf(schema: unknown): JsonSchema | null {
  if (!(schema instanceof z.ZodType)) return null;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', cycles: 'ref', reused: 'inline' }) as JsonSchema;
  } catch {
    return {};
  }
}

/** What the generator may draw beside what the schema says: the database's real values. */
export interface ValueHints {
  /** real ids for a value held under this key ('menuItemId', 'lineIds', 'id', …); empty = none known */
  idsFor(key: string | undefined): readonly string[];
  /** ids that exist, but in another restaurant */
  foreignIds: readonly string[];
  /** real e-mail addresses of staff */
  emails: readonly string[];
}

/**
 * How hostile a generated value is. `mutation` 0: every node follows the schema (values may sit on
 * its edges); higher: each node is replaced, that many times in ~40, by an out-of-range value or a
 * value of the wrong type.
 */
export interface Hostility {
  mutation: number;
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
/** Marks an optional key left out of a generated object. */
const ABSENT = Symbol('absent');

/** Text that breaks naive code: control and invisible characters, scripts, quotes, SQL, paths. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '   ',
  '\t\n',
  '\u0000',
  'a\u0000b',
  '\u202eevil',
  '\ufeffBOM',
  '\ud800',
  '\udfff\ud800',
  '🍲🔥👨‍👩‍👧‍👦',
  '🇹🇷',
  'İıIiĞğŞşÇçÖöÜü',
  'Zeytinyağlı Enginar',
  'ＦＵＬＬ',
  'e\u0301',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR '1'='1' --",
  "'; DROP TABLE users; --",
  '%',
  '%_\\',
  '\\',
  '../../etc/passwd',
  '..%2F..%2F',
  '${7*7}',
  '{{7*7}}',
  'null',
  'undefined',
  'NaN',
  'true',
  '0',
  '-1',
  '1e309',
  '12,50',
  '12.50',
  '0x10',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'not-a-uuid',
  '__proto__',
  'constructor',
  '=cmd|"/C calc"!A0',
  '@SUM(1+1)',
];

/** Numbers on the edges of every integer type and JSON itself. */
const NASTY_NUMBERS = [
  0, -0, 1, -1, 0.5, -0.5, 0.1 + 0.2, 1.005, 99.999, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 32, MAX_SAFE, MAX_SAFE + 2, -MAX_SAFE - 2, 1e21, -1e21, 1e308, -1e308, 5e-324,
];

/** Any JSON value at all, small: the "wrong type" of every node. */
const wrongType = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    { arbitrary: fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, '', ' ', '0', 'null', [], {}, [null], { '': '' }), weight: 4 },
    { arbitrary: fc.constantFrom<unknown>(...NASTY_NUMBERS), weight: 1 },
    { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 2 },
  );

/** Arrays nested past any sane depth (the JSON parser limits depth to 64). */
const deepJunk = (): fc.Arbitrary<unknown> =>
  fc.integer({ min: 10, max: 80 }).map((depth) => {
    let value: unknown = 'dip';
    for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
    return value;
  });

function resolve(schema: JsonSchema, root: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace(/^#\/\$defs\//, '');
  return root.$defs?.[name] ?? {};
}

const typesOf = (s: JsonSchema): string[] => {
  if (Array.isArray(s.type)) return s.type;
  if (s.type) return [s.type];
  if (s.properties) return ['object'];
  if (s.items || s.prefixItems) return ['array'];
  return [];
};

/** A string's patterns: its own and those of an allOf (Zod writes several .regex() that way). */
function patternsOf(s: JsonSchema): string[] {
  const own = s.pattern ? [s.pattern] : [];
  return [...own, ...(s.allOf ?? []).flatMap((p) => (p.pattern ? [p.pattern] : []))];
}

const safeRegex = (pattern: string) => {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    try {
      return new RegExp(pattern);
    } catch {
      return null;
    }
  }
};

/** Hints from the key a value sits under: ids, e-mails, phones, dates. */
const isIdKey = (key: string | undefined) => key !== undefined && /(^id$|Id$|Ids$|^ids$|^token$|^approverId$)/.test(key);

function stringArb(s: JsonSchema, key: string | undefined, hints: ValueHints): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? Math.max(min, 200);
  const fits = (v: string) => v.length >= min && v.length <= max;
  // Generated text is cut or padded into the schema's bounds rather than filtered: a filter that no
  // candidate passes would spin for ever, and a value that still misses the shape is fuzz anyway.
  const fit = (v: string) => (v.length > max ? v.slice(0, max) : v.length < min ? v.padEnd(min, 'ş') : v);
  const pick = (values: readonly string[]) => values.filter(fits);
  const choices: { arbitrary: fc.Arbitrary<string>; weight: number }[] = [];
  const add = (arbitrary: fc.Arbitrary<string>, weight: number) => choices.push({ arbitrary, weight });
  const addFrom = (values: readonly string[], weight: number) => {
    const usable = pick(values);
    if (usable.length > 0) add(fc.constantFrom(...usable), weight);
  };
  if (isIdKey(key)) addFrom(hints.idsFor(key), 12);
  if (isIdKey(key) || s.format === 'uuid') {
    if (fits('00000000-0000-0000-0000-000000000000')) add(fc.uuid(), 2);
    addFrom(hints.foreignIds, 2);
  }
  if (key === 'email' || s.format === 'email') {
    addFrom(hints.emails, 6);
    add(fc.emailAddress().map(fit), 3);
  }
  if (key === 'phone') addFrom(['0532 000 00 00', '+90 532 111 22 33', '05321112233', '532', '+1 (555) 010-9999', '٠٥٣٢'], 6);
  if (s.format === 'date' || key === 'from' || key === 'to' || key === 'businessDay' || key === 'date') {
    add(fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => fit(d.toISOString().slice(0, 10))), 6);
    addFrom(['2026-02-29', '2024-02-29', '2026-13-01', '2026-00-10', '0000-01-01', '0001-01-01', '1999-12-31', '2000-01-01', '2100-12-31', '2101-01-01', '9999-12-31', '2026-11-31', '1970-01-01'], 3);
  }
  if (s.format === 'date-time') {
    add(fc.date({ noInvalidDate: true }).map((d) => fit(d.toISOString())), 8);
    // the calendar's edges with the widest offsets: the year 0001 at +14:00 is before the year 1 in UTC
    addFrom(['0001-01-01T00:00:00+14:00', '9999-12-31T23:59:59-12:00', '2000-01-01T00:00:00+14:00', '2100-12-31T23:59:59-12:00'], 3);
  }
  if (s.format === 'ipv4') add(fc.ipV4().map(fit), 8);
  if (s.format === 'uri' || s.format === 'url') add(fc.webUrl().map(fit), 8);
  // each pattern generates (a value another pattern refuses is fuzz too)
  for (const regex of patternsOf(s).map(safeRegex)) {
    try {
      if (regex) add(fc.stringMatching(regex).map(fit), Math.ceil(10 / patternsOf(s).length));
    } catch {
      // a pattern fast-check cannot generate from: the other sources still cover the node
    }
  }
  const cap = Math.min(max, min + 40);
  // plain text in every alphabet the app meets, at lengths inside the schema's bounds
  add(fc.string({ minLength: min, maxLength: cap, unit: 'grapheme' }).map(fit), 4);
  add(fc.string({ minLength: min, maxLength: cap, unit: fc.constantFrom(...TURKISH_TEXT) }), 4);
  addFrom(NASTY_STRINGS, 2);
  // exactly the shortest and the longest text the schema takes (long ones in Turkish letters)
  const edges = [min, max].filter((n, i, all) => n <= 20_000 && all.indexOf(n) === i);
  add(fc.constantFrom(...edges).chain((n) => fc.constantFrom('ş', 'a', '9', ' ').map((c) => c.repeat(n))), 2);
  return fc.oneof(...choices);
}

const TURKISH_TEXT = 'abcçdefgğhıijklmnoöprsştuüvyzABCÇDEFGĞHIİJKLMNOÖPRSŞTUÜVYZ0123456789 -'.split('');

function numberArb(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const lo = Math.max(s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : 1e-9) : -1e9), integer ? -MAX_SAFE : -1e15);
  const hi = Math.min(s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : 1e-9) : 1e9), integer ? MAX_SAFE : 1e15);
  if (lo > hi) return fc.constant(lo);
  const edges = fc.constantFrom(...[lo, hi, integer ? Math.ceil(lo) : lo].filter((n) => Number.isFinite(n)));
  const [from, to] = [Math.ceil(Math.max(lo, -1e12)), Math.floor(Math.min(hi, 1e12))];
  const inRange = integer ? (from <= to ? fc.integer({ min: from, max: to }) : edges) : fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
  const parts = [
    { arbitrary: inRange, weight: 4 },
    { arbitrary: edges, weight: 2 },
  ];
  // small numbers: versions, quantities, counts as people send them
  const smallLo = Math.max(Math.ceil(lo), -3);
  const smallHi = Math.min(Math.floor(hi), 12);
  if (smallLo <= smallHi) parts.push({ arbitrary: fc.integer({ min: smallLo, max: smallHi }), weight: 5 });
  return fc.oneof(...parts);
}

/** Values just outside what a node allows, of the right type where there is one. */
function outOfRange(s: JsonSchema, key: string | undefined, hints: ValueHints): fc.Arbitrary<unknown> {
  const types = typesOf(s);
  const parts: fc.Arbitrary<unknown>[] = [fc.constantFrom<unknown>(...NASTY_STRINGS), fc.constantFrom<unknown>(...NASTY_NUMBERS)];
  if (types.includes('string')) {
    const lengths = [s.maxLength !== undefined ? s.maxLength + 1 : 5_000, s.minLength ? s.minLength - 1 : 0, 100_000];
    parts.push(fc.constantFrom(...lengths).chain((n) => fc.constantFrom('ğ', 'x', '🍲').map((c) => c.repeat(c.length === 2 ? Math.ceil(n / 2) : n))));
    if (hints.foreignIds.length > 0) parts.push(fc.constantFrom(...hints.foreignIds));
    if (isIdKey(key)) parts.push(fc.constantFrom(...hints.idsFor(undefined).slice(0, 50), 'x'));
  }
  if (types.includes('integer') || types.includes('number')) {
    const around = [s.minimum, s.maximum, s.exclusiveMinimum, s.exclusiveMaximum].filter((n): n is number => n !== undefined);
    const beyond = around.flatMap((n) => [n - 1, n + 1, n - 0.5, n + 0.5]);
    if (beyond.length > 0) parts.push(fc.constantFrom(...beyond));
    // money and counts written the way people type them
    parts.push(fc.constantFrom<unknown>('100', '1,5', '12.50', '1e3', ' 5', '₺10', '-100', ''));
  }
  if (types.includes('array')) {
    const item = s.items ? anyOfItemSeed(s) : fc.constant(0);
    parts.push(fc.tuple(item, fc.constantFrom((s.maxItems ?? 100) + 1, 10_000, 0)).map(([v, n]) => Array.from({ length: n }, () => v)));
  }
  if (types.includes('object')) parts.push(fc.constant({}), fc.constant([]), deepJunk());
  if (s.enum) {
    const strings = s.enum.filter((v): v is string => typeof v === 'string');
    if (strings.length > 0) parts.push(fc.constantFrom(...strings.flatMap((v) => [v.toUpperCase(), v.toLocaleUpperCase('tr-TR'), ` ${v}`, `${v}\u0000`, v.slice(0, -1)])));
  }
  return fc.oneof(...parts);
}

/** A small stand-in item for a huge list (its exact shape does not matter, its count does). */
const anyOfItemSeed = (s: JsonSchema): fc.Arbitrary<unknown> => {
  const t = typesOf(s.items ?? {});
  if (t.includes('string')) return fc.constantFrom('a', '00000000-0000-0000-0000-000000000000');
  if (t.includes('integer') || t.includes('number')) return fc.constant(1);
  return fc.constant({});
};

/**
 * The arbitrary for one node. `root` holds the $defs that $refs point into; `depth` stops
 * recursive schemas.
 */
export function arbitraryOf(schema: JsonSchema, hints: ValueHints, hostility: Hostility, key?: string, root: JsonSchema = schema, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema, root);
  const shaped = shapedOf(s, hints, hostility, key, root, depth);
  if (hostility.mutation === 0) return shaped;
  return fc.oneof(
    { arbitrary: shaped, weight: 40 },
    { arbitrary: outOfRange(s, key, hints), weight: hostility.mutation },
    { arbitrary: wrongType(), weight: hostility.mutation },
  );
}

function shapedOf(s: JsonSchema, hints: ValueHints, hostility: Hostility, key: string | undefined, root: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const next = (child: JsonSchema, childKey = key) => arbitraryOf(child, hints, hostility, childKey, root, depth + 1);
  if (depth > 8) return fc.constant(null);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const branches = s.anyOf ?? s.oneOf;
  if (branches && branches.length > 0) return fc.oneof(...branches.map((b) => next(b)));
  if (s.allOf && !typesOf(s).includes('string')) {
    // allOf of objects (intersections): their properties together
    const merged: JsonSchema = { type: 'object', properties: {}, required: [] };
    for (const part of s.allOf.map((p) => resolve(p, root))) {
      Object.assign(merged.properties!, part.properties ?? {});
      merged.required!.push(...(part.required ?? []));
    }
    return next(merged);
  }
  const types = typesOf(s);
  if (types.length > 1) return fc.oneof(...types.map((type) => next({ ...s, type })));
  switch (types[0]) {
    case 'string':
      return stringArb(s, key, hints);
    case 'integer':
      return numberArb(s, true);
    case 'number':
      return numberArb(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (s.prefixItems) return fc.tuple(...s.prefixItems.map((p) => next(p)));
      const min = s.minItems ?? 0;
      const max = Math.min(s.maxItems ?? min + 4, min + 4);
      // the items of a list of ids ('lineIds') take the list's key, singular
      const itemKey = key?.endsWith('s') ? key.slice(0, -1) : key;
      return fc.array(next(s.items ?? {}, itemKey), { minLength: min, maxLength: Math.max(min, max) });
    }
    case 'object':
      return objectArb(s, hints, hostility, root, depth);
    default:
      // unconstrained (z.any, z.unknown, what JSON Schema cannot say)
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectArb(s: JsonSchema, hints: ValueHints, hostility: Hostility, root: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const properties = s.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, child] of Object.entries(properties)) model[name] = arbitraryOf(child, hints, hostility, name, root, depth + 1);
  const required = (s.required ?? []).filter((k) => k in model);
  // An optional key is sent one time in three: schemas refine across optional keys ("lineIds or
  // lines, never both"), and a body carrying every option at once would mostly test that rule.
  const sometimes = (a: fc.Arbitrary<unknown>) => fc.oneof({ arbitrary: fc.constant(ABSENT), weight: 2 }, { arbitrary: a, weight: 1 });
  const withOptional = Object.fromEntries(Object.entries(model).map(([k, a]) => [k, required.includes(k) ? a : sometimes(a)]));
  let shaped: fc.Arbitrary<Record<string, unknown>> = fc.record(withOptional).map((o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== ABSENT)));
  if (typeof s.additionalProperties === 'object') {
    // a record (z.record): keys from its propertyNames, values from its value schema
    const keyArb = s.propertyNames ? arbitraryOf(s.propertyNames, hints, { mutation: 0 }, undefined, root, depth + 1).map(String) : fc.string({ maxLength: 20 });
    const valueArb = arbitraryOf(s.additionalProperties, hints, hostility, undefined, root, depth + 1);
    shaped = fc.tuple(shaped, fc.dictionary(keyArb, valueArb, { maxKeys: 4 })).map(([a, b]) => ({ ...b, ...a }));
  }
  if (hostility.mutation === 0) return shaped;
  // a required key left out, or keys no schema knows
  const dropOne = required.length > 0 ? fc.tuple(shaped, fc.constantFrom(...required)).map(([o, k]) => Object.fromEntries(Object.entries(o).filter(([name]) => name !== k))) : shaped;
  const extra = fc
    .tuple(shaped, fc.dictionary(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('restaurantId', 'id', 'version', 'isAdmin', 'role', 'status', 'total', 'prototype')), wrongType(), { minKeys: 1, maxKeys: 3 }))
    .map(([o, more]) => ({ ...more, ...o }));
  return fc.oneof({ arbitrary: shaped, weight: 40 }, { arbitrary: dropOne, weight: hostility.mutation }, { arbitrary: extra, weight: hostility.mutation });
}
