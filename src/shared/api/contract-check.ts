import type { z } from 'zod';

/**
 * Checking an answer against its contract without zod's cost, with zod's result.
 *
 * zod checks a value by building a new one: every object and array is copied, every field goes
 * through its generic machinery. Its fast path compiles code with `new Function`, which the app's
 * Content-Security-Policy (no 'unsafe-eval') rightly forbids in the browser, so there every check
 * takes the slow path: a sync page of 2,000 orders took 60–270 ms of the main thread — as much as
 * writing the page to IndexedDB, on the thread that draws the screen.
 *
 * `parseWith(schema, value)` gives exactly what `schema.parse(value)` gives, faster: the schema is
 * turned once into plain check functions (cached per schema), which only LOOK at the value. When
 * the value passes, zod would return a copy equal to it — the contracts it is used for have no
 * defaults, transforms or coercions, and a value with a key the contract does not name does not
 * pass (zod would drop that key) — so the value itself is returned. Anything else goes to zod:
 * a value that does not pass (zod then throws its usual error, naming the path), and a schema with
 * a part this file does not know (a refinement, a string length, a default…), which is then
 * always parsed by zod.
 */

type Check = (value: unknown) => boolean;

const compiled = new WeakMap<z.ZodType, Check | null>();

/** `schema.parse(value)`, through the plain checks when the schema allows them. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  let check = compiled.get(schema);
  if (check === undefined) {
    check = compile(schema);
    compiled.set(schema, check);
  }
  if (check?.(value)) return value as z.output<S>;
  return schema.parse(value);
}

/** Whether `schema` is checked without zod when a value passes (for tests). */
export function checksWithoutZod(schema: z.ZodType): boolean {
  return compile(schema) !== null;
}

interface Def {
  type: string;
  checks?: { _zod: { def: { check: string; format?: string } } }[];
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  innerType?: z.ZodType;
  element?: z.ZodType;
  entries?: Record<string, unknown>;
  values?: unknown[];
  keyType?: z.ZodType;
  valueType?: z.ZodType;
}

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The plain check of a schema, or null when a part of it is not one this file knows. */
function compile(schema: z.ZodType): Check | null {
  const def = defOf(schema);
  const checks = def.checks ?? [];
  switch (def.type) {
    case 'string':
      return checks.length === 0 ? (v) => typeof v === 'string' : null;
    case 'boolean':
      return checks.length === 0 ? (v) => typeof v === 'boolean' : null;
    case 'unknown':
    case 'any':
      return () => true;
    case 'number': {
      // The one check the contracts use: .int() (a safe integer). zod refuses NaN and ±Infinity.
      const int = checks.length === 1 && checks[0]?._zod.def.format === 'safeint';
      if (checks.length > 0 && !int) return null;
      return int ? (v) => Number.isSafeInteger(v) : (v) => typeof v === 'number' && Number.isFinite(v);
    }
    case 'enum': {
      const allowed = new Set(Object.values(def.entries ?? {}));
      return checks.length === 0 ? (v) => allowed.has(v) : null;
    }
    case 'literal': {
      const allowed = new Set(def.values ?? []);
      return (v) => allowed.has(v);
    }
    case 'nullable': {
      const inner = def.innerType && compile(def.innerType);
      return inner ? (v) => v === null || inner(v) : null;
    }
    case 'optional': {
      const inner = def.innerType && compile(def.innerType);
      return inner ? (v) => v === undefined || inner(v) : null;
    }
    case 'array': {
      const element = def.element && checks.length === 0 ? compile(def.element) : null;
      if (!element) return null;
      return (v) => {
        if (!Array.isArray(v)) return false;
        for (let i = 0; i < v.length; i++) if (!element(v[i])) return false;
        return true;
      };
    }
    case 'record': {
      const key = def.keyType ? defOf(def.keyType) : undefined;
      const valueCheck = def.valueType ? compile(def.valueType) : null;
      if (key?.type !== 'string' || (key.checks?.length ?? 0) > 0 || !valueCheck) return null;
      return (v) => {
        if (!isPlainObject(v)) return false;
        for (const k of Object.keys(v)) if (!valueCheck(v[k])) return false;
        return true;
      };
    }
    case 'object':
      return compileObject(def);
    default:
      return null;
  }
}

function compileObject(def: Def): Check | null {
  // Only zod's default object (unknown keys dropped): a catch-all or a strict object goes to zod.
  if (def.catchall !== undefined || (def.checks?.length ?? 0) > 0 || !def.shape) return null;
  const fields: [string, Check, boolean][] = [];
  for (const [key, field] of Object.entries(def.shape)) {
    const check = compile(field);
    if (!check) return null;
    const optional = defOf(field).type === 'optional';
    fields.push([key, check, optional]);
  }
  const known = new Set(fields.map(([key]) => key));
  return (v) => {
    if (!isPlainObject(v)) return false;
    for (const [key, check, optional] of fields) {
      const value = v[key];
      if (value === undefined && !optional) return false;
      if (!check(value)) return false;
    }
    // A key the contract does not name: zod would drop it, so the value is not returned as is.
    for (const key in v) if (!known.has(key)) return false;
    return true;
  };
}
