import { canonicalJson, storableText, toJsonValue } from './canonical-json';

describe('canonical JSON', () => {
  it('writes keys in one order at every depth, whatever order they were given in', () => {
    const a = { b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } };
    const b = { a: { c: null, d: [3, { y: 2, z: 1 }] }, b: 1 };
    expect(canonicalJson(a)).toBe('{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}');
    expect(canonicalJson(b)).toBe(canonicalJson(a));
  });

  it('sorts integer-like keys as text too (JavaScript would put them first, in numeric order)', () => {
    expect(canonicalJson({ b: 1, 10: 'on', 2: 'iki' })).toBe('{"10":"on","2":"iki","b":1}');
  });

  it('keeps arrays in their order and writes no spaces', () => {
    expect(canonicalJson([3, 1, 2, 'a b'])).toBe('[3,1,2,"a b"]');
  });

  it('writes numbers as JavaScript reads them back, and what JSON cannot hold as JSON does', () => {
    expect(canonicalJson({ n: 0.1 + 0.2, big: 1e21, small: 1e-7, neg: -0, kurus: 12_50, nan: Number.NaN })).toBe(
      '{"big":1e+21,"kurus":1250,"n":0.30000000000000004,"nan":null,"neg":0,"small":1e-7}',
    );
  });

  it('keeps Turkish text as it is and escapes only what JSON must', () => {
    expect(canonicalJson({ neden: 'Müşteri "İstemedi"\nçığ öşü ÇIĞ' })).toBe('{"neden":"Müşteri \\"İstemedi\\"\\nçığ öşü ÇIĞ"}');
  });

  it('drops undefined properties and writes dates as ISO strings, as jsonb will hold them', () => {
    const at = new Date('2026-11-25T10:00:00.123Z');
    expect(toJsonValue({ a: undefined, at, list: [undefined] })).toEqual({ at: '2026-11-25T10:00:00.123Z', list: [null] });
    expect(canonicalJson(undefined)).toBe('null');
  });

  it('turns a lone surrogate into U+FFFD, as UTF-8 storage does', () => {
    expect(storableText('a\ud800b')).toBe('a\ufffdb');
    expect(storableText('😀')).toBe('😀');
    expect(canonicalJson({ 'k\udc00': 'v\ud83d' })).toBe('{"k\ufffd":"v\ufffd"}');
  });
});
