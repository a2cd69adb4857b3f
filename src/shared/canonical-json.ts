/**
 * One spelling of a JSON value, so that what was hashed when a record was written can be hashed
 * again, byte for byte, when it is read back: PostgreSQL's jsonb keeps neither key order nor
 * spacing, so the hash must not depend on them.
 */

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

// A lone half of a surrogate pair cannot be stored as UTF-8: the database (and the driver before
// it) turns it into U+FFFD, so the writer does the same first and hashes what will be read back.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A string as UTF-8 storage keeps it. */
export const storableText = (text: string) => text.replace(LONE_SURROGATE, '\uFFFD');

/**
 * What JSON (and so a jsonb column) keeps of a value: dates become ISO strings, undefined
 * properties go, non-finite numbers and -0 become null and 0, strings become storable. Store this,
 * not the original, and hash this.
 */
export function toJsonValue(value: unknown): JsonValue {
  if (value === undefined) return null;
  const plain = JSON.parse(JSON.stringify(value)) as JsonValue;
  return storable(plain);
}

function storable(value: JsonValue): JsonValue {
  if (typeof value === 'string') return storableText(value);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(storable);
  const out: { [key: string]: JsonValue } = {};
  for (const key of Object.keys(value)) out[storableText(key)] = storable(value[key]);
  return out;
}

/**
 * JSON text with every object's keys in code-unit order, no spaces, numbers as JavaScript writes
 * them (the shortest form that reads back as the same number). Written by hand, not with a
 * `JSON.stringify` replacer: JavaScript puts integer-like keys ("2", "10") first whatever the order
 * they were inserted in.
 */
export function canonicalJson(value: unknown): string {
  return write(toJsonValue(value));
}

function write(value: JsonValue): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(write).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${write(value[k])}`).join(',')}}`;
}
