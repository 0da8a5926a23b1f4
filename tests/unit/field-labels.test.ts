import { describe, expect, it } from 'vitest';
import { refusalsOf } from '../../src/server/plugins/external/zod';
import { tenantQuery } from '../../src/shared/api/common';
import type { Endpoint } from '../../src/shared/api/endpoint';
import { API } from '../../src/shared/api/endpoints';
import { FIELD_LABELS, labelOf, positionOf, refusalText } from '../../src/shared/api/field-labels';
import { updateProductBody } from '../../src/shared/api/products';
import { wireOrZodText } from '../helpers/refusal-text';

/**
 * A person reads a refusal: it names the field by the label they know it by ('Satış Fiyatı',
 * 'Beklenen sürüm'), never by its wire name ('selling_price_kurus') and never with zod's own text
 * ('Geçersiz değer: beklenen number, alınan undefined'); the wire name travels only in `field`.
 * Checked here for every request part of every endpoint, with malformed values put into every
 * field the schemas know (missing, of the wrong type, too long, out of range).
 */

type Part = 'params' | 'querystring' | 'body';
type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } })?._zod?.def;

/** Every field path a schema knows, each with the schema of its value (`items.0.quantity`). */
function leaves(
  schema: unknown,
  path: (string | number)[] = [],
  depth = 0,
): [(string | number)[], unknown][] {
  const def = defOf(schema);
  if (!def || depth > 12) return [];
  switch (def.type) {
    case 'object': {
      const out: [(string | number)[], unknown][] = [];
      for (const [key, value] of Object.entries(def.shape as Record<string, unknown>)) {
        out.push([[...path, key], value]);
        out.push(...leaves(value, [...path, key], depth + 1));
      }
      return out;
    }
    case 'array':
      return leaves(def.element, [...path, 0], depth + 1);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return leaves(def.innerType, path, depth + 1);
    case 'pipe':
      return leaves(def.in, path, depth + 1);
    case 'union':
      return (def.options as unknown[]).flatMap((o) => leaves(o, path, depth + 1));
    case 'intersection':
      return [...leaves(def.left, path, depth + 1), ...leaves(def.right, path, depth + 1)];
    case 'lazy':
      return leaves((def.getter as () => unknown)(), path, depth + 1);
    default:
      return [];
  }
}

/** The field names (keys) a schema knows, at any depth. */
const keysOf = (schema: unknown) =>
  new Set(
    leaves(schema)
      .map(([path]) => path[path.length - 1])
      .filter((k): k is string => typeof k === 'string'),
  );

/** `value` put at `path` of an otherwise empty request part. */
function placed(path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (typeof head === 'number') return [placed(rest, value)];
  return { [head as string]: placed(rest, value) };
}

/** Values no field takes as they are, each of them wrong for most fields. */
const WRONG: unknown[] = [
  undefined,
  null,
  12345,
  -1,
  1.5,
  1e15,
  'abc',
  '',
  'x'.repeat(5000),
  '\u0000',
  true,
  [],
  {},
  [1, 2],
];

function partsOf(entry: Endpoint): [Part, unknown][] {
  const out: [Part, unknown][] = [['querystring', tenantQuery]];
  if (entry.params) out.push(['params', entry.params]);
  if (entry.query) out.push(['querystring', entry.query]);
  if (entry.body) out.push(['body', entry.body]);
  return out;
}

/** Every refusal of every malformed request part of every endpoint. */
interface Seen {
  endpoint: string;
  part: Part;
  sent: string;
  message: string;
  field: string | undefined;
}

function everyRefusal(): Seen[] {
  const out: Seen[] = [];
  for (const [name, entry] of Object.entries(API) as [string, Endpoint][]) {
    for (const [part, schema] of partsOf(entry)) {
      const zodSchema = schema as Parameters<typeof refusalsOf>[0];
      const tries: [string, unknown][] = [
        ['{}', {}],
        ['[]', []],
        ['"text"', 'text'],
        ['{ unknown_field: 1 }', { unknown_field: 1 }],
      ];
      for (const [path] of leaves(schema))
        for (const value of WRONG)
          tries.push([`${path.join('.')} = ${JSON.stringify(value)?.slice(0, 12)}`, placed(path, value)]);
      for (const [sent, data] of tries)
        for (const refusal of refusalsOf(zodSchema, data, part))
          out.push({ endpoint: name, part, sent, ...refusal });
    }
  }
  return out;
}

describe('field labels', () => {
  it('every field an endpoint validates (path, query, body, at any depth) has a Turkish label', () => {
    const unlabelled = new Set<string>();
    for (const entry of Object.values(API) as Endpoint[])
      for (const [, schema] of partsOf(entry))
        for (const key of keysOf(schema)) if (!FIELD_LABELS[key]) unlabelled.add(key);
    expect([...unlabelled].sort()).toEqual([]);
    // a label is a person's word, never the wire name again
    for (const [key, label] of Object.entries(FIELD_LABELS)) {
      expect(label, key).not.toMatch(/_|\(|\)/);
      expect(label.toLowerCase(), key).not.toBe(key.toLowerCase());
    }
  });

  it('a field in a list is named with its position, counted the way a person counts', () => {
    expect(labelOf('items[1].unit_price_kurus')).toBe('Birim fiyat');
    expect(positionOf('items[1].quantity')).toBe('2. kalem');
    expect(positionOf('tags[3]')).toBe('');
    expect(positionOf('lines[0].counted')).toBe('1. satır');
    expect(refusalText('images[0].url', 'Görsel bulunamadı; önce yükleyin')).toBe(
      '1. görsel: Görsel bulunamadı; önce yükleyin',
    );
    expect(refusalText('expected_version', 'Beklenen sürüm gereklidir')).toBe('Beklenen sürüm gereklidir');
  });

  it('a missing field, a wrong type and a bound name the field by its label, in the spec’s words', () => {
    const at = (data: unknown) => refusalsOf(updateProductBody, data, 'body')[0];
    expect(at({ expected_version: 'on' })).toEqual({
      message: 'Beklenen sürüm bir sayı olmalıdır',
      field: 'expected_version',
    });
    expect(at({ selling_price_kurus: -1 })).toEqual({
      message: 'Satış Fiyatı: Minimum değer 0 olmalıdır',
      field: 'selling_price_kurus',
    });
    expect(at({ current_stock: 4 })).toEqual({
      message: 'Bu alan düzenlenemez: Mevcut Stok',
      field: 'current_stock',
    });
  });

  it('no refusal of any endpoint names a field by its wire name or speaks zod’s own text', () => {
    const refusals = everyRefusal();
    expect(refusals.length).toBeGreaterThan(1000);
    const bad = refusals.filter((r) => wireOrZodText(r.message, r.field) !== null || r.message.trim() === '');
    const seen = new Set<string>();
    const distinct = bad.filter((r) => {
      const key = `${r.endpoint} ${r.field} ${r.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    expect(distinct.map((r) => `${r.endpoint} [${r.sent}] ${r.field}: ${r.message}`)).toEqual([]);
  });

  it('a missing required field says it is required', () => {
    // A path parameter is never missing (the route would not match). The tokens of a link or of
    // the sign-up form are never typed by a person: theirs say to open the page again.
    const untyped = ['token', 'form_token'];
    const refusals = everyRefusal().filter(
      (r) => r.sent === '{}' && r.part !== 'params' && r.field && !untyped.includes(r.field),
    );
    const unclear = refusals.filter((r) => !/gerekli|seçiniz|ekleyin/.test(r.message));
    const seen = new Set<string>();
    expect(
      unclear
        .map((r) => `${r.endpoint} ${r.field}: ${r.message}`)
        .filter((line) => !seen.has(line) && seen.add(line)),
    ).toEqual([]);
  });
});
