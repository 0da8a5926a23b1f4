/**
 * parseWith (src/shared/api/contract-check.ts) checks an answer against its contract with plain
 * functions instead of zod, and must give exactly what zod gives: the same value for every value
 * zod accepts, and zod's own error for every value it refuses. Held over values generated from the
 * contracts themselves — valid ones, and the same with one part broken (a wrong type, a missing
 * key, a key the contract does not name, a fraction or NaN where an integer belongs…).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checksWithoutZod, parseWith } from '../../src/shared/api/contract-check';
import { importRowsResponse } from '../../src/shared/api/product-import';
import { syncPullResponse } from '../../src/shared/api/sync';
import { SYNCED } from '../../src/shared/api/synced';
import { seeded } from '../helpers/seeded-random';

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  entries?: Record<string, unknown>;
  values?: unknown[];
  valueType?: z.ZodType;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** A value the schema accepts. */
function valid(schema: z.ZodType, random: () => number): unknown {
  const def = defOf(schema);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  switch (def.type) {
    case 'string':
      return pick(['', 'Şişli', 'ığüşöç İĞÜŞÖÇ', '2026-11-30T10:00:00.000Z', 'a'.repeat(40)]);
    case 'boolean':
      return random() < 0.5;
    case 'number':
      return pick([0, 1, -5, 1250, 125075, 2 ** 40]);
    case 'enum':
      return pick(Object.values(def.entries ?? {}));
    case 'literal':
      return pick(def.values ?? []);
    case 'nullable':
      return random() < 0.3 ? null : valid(def.innerType as z.ZodType, random);
    case 'optional':
      return random() < 0.3 ? undefined : valid(def.innerType as z.ZodType, random);
    case 'array':
      return Array.from({ length: Math.floor(random() * 3) }, () => valid(def.element as z.ZodType, random));
    case 'record':
      return Object.fromEntries(
        Array.from({ length: Math.floor(random() * 3) }, (_, i) => [
          `k${i}`,
          valid(def.valueType as z.ZodType, random),
        ]),
      );
    case 'null':
      return null;
    case 'union':
      return valid(pick((def as { options?: z.ZodType[] }).options ?? []), random);
    case 'unknown':
      return pick([null, 1, 'x', { a: [1, 'b'] }]);
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        const value = valid(field, random);
        if (value !== undefined) out[key] = value;
      }
      return out;
    }
    default:
      throw new Error(`no generator for ${def.type}`);
  }
}

/** Every object and array inside `value`, with the path to it. */
function containers(value: unknown, path: string[] = []): { at: unknown; path: string[] }[] {
  if (typeof value !== 'object' || value === null) return [];
  const found: { at: unknown; path: string[] }[] = [{ at: value, path }];
  for (const [key, inner] of Object.entries(value)) found.push(...containers(inner, [...path, key]));
  return found;
}

const WRONG: unknown[] = [
  null,
  undefined,
  'x',
  1,
  1.5,
  -0.25,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  true,
  [],
  {},
  2 ** 60,
];

/** `value` with one part broken (the copy; `value` is left as it is). */
function broken(value: unknown, random: () => number): unknown {
  const copy = structuredClone(value);
  const places = containers(copy);
  const place = places[Math.floor(random() * places.length)];
  if (!place) return WRONG[Math.floor(random() * WRONG.length)];
  const target = place.at as Record<string, unknown>;
  const keys = Object.keys(target);
  const choice = random();
  // (Arrays get no named keys: no JSON text makes one.)
  if (choice < 0.15 && !Array.isArray(target)) target[`extra_${Math.floor(random() * 9)}`] = 'x';
  else if (choice < 0.3 && Array.isArray(target) && keys.length > 0)
    target.splice(Math.floor(random() * keys.length), 1);
  else if (choice < 0.3 && keys.length > 0) delete target[keys[Math.floor(random() * keys.length)] as string];
  else if (keys.length > 0)
    target[keys[Math.floor(random() * keys.length)] as string] = WRONG[Math.floor(random() * WRONG.length)];
  else if (Array.isArray(target)) target.push(WRONG[Math.floor(random() * WRONG.length)]);
  else target.extra = 1;
  return copy;
}

function outcome(run: () => unknown): { value?: unknown; error?: string } {
  try {
    return { value: run() };
  } catch (error) {
    return { error: error instanceof z.ZodError ? JSON.stringify(error.issues) : String(error) };
  }
}

const CONTRACTS: [string, z.ZodType][] = [
  ['the sync pull answer', syncPullResponse],
  ...Object.entries(SYNCED).map(
    ([name, entry]) => [`a synced ${name} row`, entry.schema] as [string, z.ZodType],
  ),
  ['a page of an import’s rows (a union: checked by zod)', importRowsResponse],
];

describe('parseWith: the contract checked without zod', () => {
  it('checks the sync feed and every synced row without zod (its pages are the large answers)', () => {
    expect(checksWithoutZod(syncPullResponse)).toBe(true);
    for (const [name, entry] of Object.entries(SYNCED))
      expect(checksWithoutZod(entry.schema), name).toBe(true);
  });

  it.each(CONTRACTS)('gives what zod gives for %s, valid or broken', (_name, schema) => {
    const random = seeded(27);
    let refused = 0;
    for (let i = 0; i < 400; i++) {
      const good = valid(schema, random);
      const zodGood = outcome(() => schema.parse(good));
      expect(zodGood.error).toBeUndefined();
      const fast = parseWith(schema, good);
      expect(fast).toEqual(zodGood.value);
      // Without a copy: the value itself, when the schema is one it checks without zod.
      if (checksWithoutZod(schema)) expect(fast).toBe(good);

      const bad = broken(good, random);
      const zodBad = outcome(() => schema.parse(bad));
      const fastBad = outcome(() => parseWith(schema, bad));
      expect(fastBad).toEqual(zodBad);
      if (zodBad.error) refused++;
    }
    // The broken values are mostly refused (a few breaks are harmless: an optional key removed).
    expect(refused).toBeGreaterThan(200);
  });

  it('drops a key the contract does not name, as zod does, and refuses what zod refuses', () => {
    const schema = z.object({
      id: z.string(),
      total_kurus: z.number().int(),
      note: z.string().nullable().optional(),
    });
    expect(parseWith(schema, { id: 'a', total_kurus: 5, secret: 1 })).toEqual({ id: 'a', total_kurus: 5 });
    expect(() => parseWith(schema, { id: 'a', total_kurus: 5.5 })).toThrow(z.ZodError);
    expect(() => parseWith(schema, { id: 'a' })).toThrow(z.ZodError);
    expect(() => parseWith(schema, { id: 'a', total_kurus: 1, note: 7 })).toThrow(z.ZodError);
    expect(parseWith(schema, { id: 'a', total_kurus: 1, note: null })).toEqual({
      id: 'a',
      total_kurus: 1,
      note: null,
    });
  });

  it('leaves a schema with parts it does not know to zod, with zod’s result', () => {
    const schema = z.object({ code: z.string().max(3), when: z.string().default('now') });
    expect(checksWithoutZod(schema)).toBe(false);
    expect(parseWith(schema, { code: 'abc' })).toEqual({ code: 'abc', when: 'now' });
    expect(() => parseWith(schema, { code: 'abcd' })).toThrow(z.ZodError);
  });
});
