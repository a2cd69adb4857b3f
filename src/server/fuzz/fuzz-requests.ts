import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import type { CatalogRoute } from './route-catalog';
import type { FuzzRole } from './fuzz-kit';
import { NASTY_STRINGS, arbitraryOf, jsonSchemaOf, type Hostility, type JsonSchema, type ValueHints } from './zod-arbitraries';

/** Who sends a fuzzed request: a signed-in role, nobody, or a forged session cookie. */
export type FuzzCaller = FuzzRole | 'signed out' | 'forged cookie';

export type FuzzBody =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  /** bytes as they are, under any content type (or none) */
  | { kind: 'raw'; contentType: string | null; text: string };

export interface FuzzRequest {
  caller: FuzzCaller;
  /** the path with its parameters filled in and encoded */
  path: string;
  /** the query string without '?' ('' = none) */
  query: string;
  body: FuzzBody;
  headers: Record<string, string>;
}

const STRICT: Hostility = { mutation: 0 };
const RARE: Hostility = { mutation: 1 };
const CHAOS: Hostility = { mutation: 10 };

/** JSON texts that are not quite JSON, or are JSON of the worst kind. */
const BROKEN_JSON = [
  '',
  '{',
  '{"a":',
  '[1,2',
  'nul',
  "{'a':1}",
  '{"a":1,}',
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":1e999}',
  '\ufeff{}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '"just a string"',
  'null',
  'true',
  '0',
  '-1',
  '[]',
  '{}',
  '{"a":1,"a":2}',
  `${'['.repeat(100)}${']'.repeat(100)}`,
  `${'{"a":'.repeat(70)}1${'}'.repeat(70)}`,
  `${'['.repeat(100_000)}`,
];

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/octet-stream',
  'image/png',
  '',
  null,
];

const rawBody = (): fc.Arbitrary<FuzzBody> =>
  fc.record({
    contentType: fc.constantFrom(...CONTENT_TYPES),
    text: fc.oneof(
      { arbitrary: fc.constantFrom(...BROKEN_JSON), weight: 4 },
      { arbitrary: fc.string({ maxLength: 200, unit: 'binary' }), weight: 2 },
      { arbitrary: fc.constantFrom('a=1&b=2', '--x\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\n\r\nPNG\r\n--x--\r\n', '<?xml version="1.0"?><a/>'), weight: 1 },
    ),
  }).map(({ contentType, text }) => ({ kind: 'raw' as const, contentType, text }));

/** A multipart upload with a small file of any type, or a broken one. */
const multipartBody = (): fc.Arbitrary<FuzzBody> =>
  fc
    .record({
      field: fc.constantFrom('photo', 'file', ''),
      filename: fc.constantFrom('foto.png', '../../x.png', 'a.exe', '', 'çiğ köfte 🍲.jpg'),
      type: fc.constantFrom('image/png', 'image/jpeg', 'image/webp', 'text/plain', 'image/svg+xml'),
      bytes: fc.oneof(fc.constantFrom('\x89PNG\r\n\x1a\n', '<svg onload=alert(1)/>', ''), fc.string({ maxLength: 64, unit: 'binary' })),
      cut: fc.boolean(),
    })
    .map(({ field, filename, type, bytes, cut }) => {
      const text = `--fuzz\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n${bytes}\r\n--fuzz--\r\n`;
      return { kind: 'raw' as const, contentType: 'multipart/form-data; boundary=fuzz', text: cut ? text.slice(0, text.length / 2) : text };
    });

/** The body of a route, or of a write without a schema: schema-shaped values at every hostility, then junk. */
function bodyArb(route: CatalogRoute, hints: ValueHints): fc.Arbitrary<FuzzBody> {
  if (route.method === 'GET') return fc.constant({ kind: 'none' });
  const schema = jsonSchemaOf(route.schema.body);
  const json = (h: Hostility) => (schema ? arbitraryOf(schema, hints, h) : fc.jsonValue({ maxDepth: 3 })).map((value) => ({ kind: 'json' as const, value }));
  const parts: { arbitrary: fc.Arbitrary<FuzzBody>; weight: number }[] = [
    { arbitrary: fc.constant({ kind: 'none' as const }), weight: schema ? 3 : 30 },
    { arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => ({ kind: 'json' as const, value })), weight: 8 },
    { arbitrary: rawBody(), weight: 8 },
  ];
  if (schema) parts.push({ arbitrary: json(STRICT), weight: 30 }, { arbitrary: json(RARE), weight: 30 }, { arbitrary: json(CHAOS), weight: 15 });
  if (route.multipart) parts.push({ arbitrary: multipartBody(), weight: 40 });
  return fc.oneof(...parts);
}

/** encodeURIComponent, except that a lone surrogate (which it refuses) goes as the bytes a broken client would send. */
const encodeSegment = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
};

/** A value as one query parameter or path segment carries it. */
const asText = (value: unknown): string | string[] => {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v) ?? ''));
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
};

function queryArb(route: CatalogRoute, hints: ValueHints): fc.Arbitrary<string> {
  const schema = jsonSchemaOf(route.schema.querystring);
  const junk = fc.oneof(
    fc.constantFrom('a=%zz', '&&&', '=', 'a[b]=1&a[c]=2', 'a=1&a=2&a=3', '__proto__[x]=1', 'constructor[prototype][x]=1', `x=${'y'.repeat(5000)}`),
    fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 20 }), { maxKeys: 3 }).map((d) => new URLSearchParams(d).toString()),
  );
  const fromSchema = (h: Hostility) =>
    arbitraryOf(schema!, hints, h).map((value) => {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return `q=${encodeSegment(String(asText(value)))}`;
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(value)) for (const text of [asText(v)].flat()) params.append(k, text);
      return params.toString();
    });
  if (!schema) return fc.oneof({ arbitrary: fc.constant(''), weight: 9 }, { arbitrary: junk, weight: 1 });
  return fc.oneof({ arbitrary: fromSchema(STRICT), weight: 5 }, { arbitrary: fromSchema(RARE), weight: 4 }, { arbitrary: fromSchema(CHAOS), weight: 2 }, { arbitrary: junk, weight: 1 }, { arbitrary: fc.constant(''), weight: 1 });
}

/** Path segments no encoder would write: the router and the parameter decoding meet them raw. */
const RAW_SEGMENTS = ['%', '%zz', '%00', '..', '.', '%2e%2e', `${'a'.repeat(150)}`, '%F0%9F%8D%B2', '%C0%AF', ';x', 'a%2Fb'];

function paramArb(route: CatalogRoute, name: string, hints: ValueHints, own: { restaurantId: string; otherRestaurantId: string }): fc.Arbitrary<string> {
  const schema = jsonSchemaOf(route.schema.params);
  const node: JsonSchema = schema?.properties?.[name] ?? { type: 'string' };
  const encoded = (a: fc.Arbitrary<unknown>) => a.map((v) => encodeSegment(String(asText(v))));
  const raw = fc.constantFrom(...RAW_SEGMENTS);
  if (name === 'restaurantId') {
    // The access hook answers another restaurant's id with 404 before validation: most requests
    // must name the caller's own restaurant to reach the route at all.
    return fc.oneof(
      { arbitrary: fc.constant(own.restaurantId), weight: 40 },
      { arbitrary: fc.constant(own.otherRestaurantId), weight: 2 },
      { arbitrary: encoded(fc.oneof(fc.uuid(), fc.constantFrom(...NASTY_STRINGS.filter((s) => s !== '')))), weight: 2 },
      { arbitrary: raw, weight: 1 },
    );
  }
  return fc.oneof(
    { arbitrary: encoded(arbitraryOf(node, hints, STRICT, name)), weight: 12 },
    { arbitrary: encoded(arbitraryOf(node, hints, CHAOS, name)), weight: 4 },
    { arbitrary: raw, weight: 1 },
  );
}

const callerArb = (route: CatalogRoute): fc.Arbitrary<FuzzCaller> => {
  const access = route.access;
  const allowed: FuzzCaller[] = access === undefined || access === 'public' ? ['owner', 'waiter', 'signed out'] : [...access];
  const refused: FuzzCaller[] = access === undefined || access === 'public' ? ['forged cookie'] : (['owner', 'kitchen', 'waiter', 'signed out', 'forged cookie'] as FuzzCaller[]).filter((c) => !allowed.includes(c));
  return fc.oneof({ arbitrary: fc.constantFrom(...allowed), weight: 18 }, { arbitrary: fc.constantFrom(...refused), weight: 2 });
};

/** Headers a client might add, or an attacker would: a replay key, a foreign origin, forged proofs. */
const headersArb = (): fc.Arbitrary<Record<string, string>> =>
  fc.oneof(
    { arbitrary: fc.constant<Record<string, string>>({}), weight: 30 },
    { arbitrary: fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{8,40}$/), fc.constantFrom('kısa', 'a'.repeat(200), 'ü'.repeat(10))).map((k) => ({ 'idempotency-key': k })), weight: 3 },
    { arbitrary: fc.constantFrom<Record<string, string>>({ origin: 'https://kotu.example' }, { origin: 'null' }, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }), weight: 1 },
    {
      arbitrary: fc.record(
        {
          'x-sofra-signature': fc.constantFrom('sha256=00', 'sha256=', 'md5=1', ''),
          'x-sofra-timestamp': fc.constantFrom('0', '-1', '9999999999999', 'dün', String(Math.floor(Date.now() / 1000))),
          'x-api-key': fc.constantFrom('x', ''),
          'last-event-id': fc.constantFrom('-1', '1e9', 'abc', '0'),
        },
        { requiredKeys: [] },
      ),
      weight: 2,
    },
  );

/** Every part of a request to one route, from its schemas and the database's ids. */
export function requestArb(route: CatalogRoute, hints: ValueHints, own: { restaurantId: string; otherRestaurantId: string }): fc.Arbitrary<FuzzRequest> {
  const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const params = fc.tuple(...names.map((n) => paramArb(route, n, hints, own)));
  return fc.record({ caller: callerArb(route), params, query: queryArb(route, hints), body: bodyArb(route, hints), headers: headersArb() }).map(({ caller, params: values, query, body, headers }) => {
    let i = 0;
    const path = route.url.replace(/:(\w+)/g, () => values[i++] || '%20');
    return { caller, path, query, body, headers };
  });
}

/** The inject options for one fuzzed request. */
export function injectOptions(method: string, request: FuzzRequest, sessions: Record<FuzzRole, Record<string, string>>): InjectOptions {
  const headers: Record<string, string> = { ...request.headers };
  let payload: string | undefined;
  if (request.body.kind === 'json') {
    payload = JSON.stringify(request.body.value) ?? 'null';
    headers['content-type'] = 'application/json';
  } else if (request.body.kind === 'raw') {
    payload = request.body.text;
    if (request.body.contentType !== null) headers['content-type'] = request.body.contentType;
  }
  const cookies = request.caller === 'signed out' ? {} : request.caller === 'forged cookie' ? { sofra_session: 'sahte-oturum' } : sessions[request.caller];
  return {
    method: method as InjectOptions['method'],
    url: request.query ? `${request.path}?${request.query}` : request.path,
    headers,
    cookies,
    remoteAddress: '127.0.0.1',
    ...(payload !== undefined ? { payload } : {}),
  };
}

/** A short, replayable description of a request for a failure report. */
export function describeRequest(method: string, request: FuzzRequest): string {
  const body = request.body.kind === 'none' ? '' : request.body.kind === 'json' ? JSON.stringify(request.body.value) : `(${request.body.contentType ?? 'içerik türü yok'}) ${JSON.stringify(request.body.text)}`;
  const cut = (s: string) => (s.length > 600 ? `${s.slice(0, 600)}… (${s.length} karakter)` : s);
  return `${method} ${cut(request.path + (request.query ? `?${request.query}` : ''))} as ${request.caller}${Object.keys(request.headers).length ? ` headers ${JSON.stringify(request.headers)}` : ''}${body ? ` body ${cut(body ?? '')}` : ''}`;
}

/** Words and shapes that only an untranslated message carries (Zod's and Fastify's English defaults). */
const ENGLISH =
  /\b(Invalid input|Invalid|Expected|expected|Required|required|Received|received|must|should|Unrecognized|Unexpected|Too (small|big)|not found|Not Found|Bad Request|Unauthorized|Forbidden|Internal Server Error|Unsupported Media Type|Payload Too Large|body must|querystring must|params must|is not|undefined|\[object Object\])\b/;
const SCHEMA_PATH = /(^|[\s:])(body|querystring|params|headers)[/.]/;
const TURKISH_LETTER = /[çğıöşüÇĞİÖŞÜ]/;
/** Short Turkish sentences may have no Turkish letter ("Bu adla bir malzeme zaten var"): their words tell. */
const TURKISH_WORD = /(^|[\s(])(bir|bu|var|yok|ile|ve|veya|ya da|zaten|daha|olmalı|olamaz|gerekli|en|az|fazla|adla|kayıt|lütfen|tekrar|deneyin)(?=$|[\s.,;:)])/i;

const WORD_CHAR = /[\p{L}\p{N}_]/u;

/** `text` with every whole-word `word` in it (not inside a longer word) taken out. */
function withoutWord(text: string, word: string): string {
  let out = '';
  let from = 0;
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
    const end = at + word.length;
    if (at < from || WORD_CHAR.test(text[at - 1] ?? '') || WORD_CHAR.test(text[end] ?? '')) continue;
    out += `${text.slice(from, at)} `;
    from = end;
  }
  return out + text.slice(from);
}

/** Every text the caller sent in the request's JSON body, keys and values: what an answer may quote back. */
export function sentTexts(request: Pick<FuzzRequest, 'body'>): string[] {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') for (const [k, inner] of Object.entries(v)) (out.push(k), walk(inner));
  };
  if (request.body.kind === 'json') walk(request.body.value);
  return out.filter((t) => t.trim().length > 0);
}

/**
 * What is wrong with a 4xx answer's body, or null: `{error}` must be a Turkish sentence. `sent`: the
 * caller's own texts, which the sentence may quote ("\"undefined\" adında bir masa zaten var" names
 * the table the caller asked for): they are not the answer's words.
 */
export function refusalProblem(res: { statusCode: number; body: string }, sent: readonly string[] = []): string | null {
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `${res.statusCode} yanıtı JSON değil: ${JSON.stringify(res.body.slice(0, 200))}`;
  }
  const error = (body as { error?: unknown } | null)?.error;
  if (typeof error !== 'string' || error.trim() === '') return `${res.statusCode} yanıtında Türkçe 'error' yok: ${res.body.slice(0, 200)}`;
  // the names of failing fields are the schema's (English) keys; the sentence around them must be Turkish
  // only whole words the caller sent: a sent "e" must not take the letter out of "expected"
  const ownWords = [...sent]
    .filter((t) => t.length >= 2)
    .sort((a, b) => b.length - a.length)
    .reduce(withoutWord, error);
  const prose = ownWords.replace(/(^|[\s;:])[A-Za-z_][\w.]*(?=:)/g, '$1');
  if (ENGLISH.test(prose)) return `${res.statusCode} İngilizce ileti: ${JSON.stringify(error)}`;
  if (SCHEMA_PATH.test(error)) return `${res.statusCode} iletide şema yolu: ${JSON.stringify(error)}`;
  if (!TURKISH_LETTER.test(error) && !TURKISH_WORD.test(error)) return `${res.statusCode} ileti Türkçe görünmüyor: ${JSON.stringify(error)}`;
  const fields = (body as { fields?: unknown }).fields;
  if (fields !== undefined) {
    for (const message of Object.values(fields as Record<string, unknown>)) {
      if (typeof message !== 'string' || ENGLISH.test(message)) return `${res.statusCode} alan iletisi İngilizce: ${JSON.stringify(message)}`;
    }
  }
  return null;
}
