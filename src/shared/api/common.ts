import { z } from 'zod';
import { hasAtMostTwoDecimals, toKurus } from '../domain/money';
import { required } from './errors';

/** `{ success: true, data }` — the envelope of every response except login/register. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

/** Every call carries `?tenant=`. */
export const tenantQuery = z.object({
  tenant: z
    .string({ error: 'Şirket gereklidir' })
    .trim()
    .min(1, 'Şirket gereklidir')
    .max(63, 'Şirket adresi en fazla 63 karakter olabilir')
    .regex(/^[a-z0-9][a-z0-9-]*$/i, 'Şirket adresi geçersiz'),
});

export const idParam = z.object({ id: z.uuid({ error: 'Kayıt kimliği geçersiz' }) });

/**
 * A type refusal that tells a missing field (`required`: '{label} gereklidir') from a value of the
 * wrong type (`wrong`), for `{ error: … }` of a schema.
 */
export const typeError =
  (required: string, wrong: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined ? required : wrong;

// ------------------------------------------------------------------------------- amounts ---

/** The texts of one amount's rule, each naming its field. */
export interface AmountTexts {
  /** When the amount is missing (default: the `number` text). */
  required?: string;
  number: string;
  min: string;
  max: string;
  decimals: string;
}

/**
 * THE rule for every amount the API takes: TL under the specification's name (`unit_price`,
 * `selling_price`, …), a number with at most two decimals within its bounds (in TL). The decimals
 * are checked on the number's exact decimal text, and the server turns it into kuruş the same way
 * (`toKurus`, src/shared/domain/money.ts): 134217728.48 is 13421772848 kuruş, never the float
 * product 13421772848.000002, and 1.005 is refused rather than rounded.
 */
export function tlAmountInput(
  texts: AmountTexts,
  bounds: { min: number; max: number; minExclusive?: boolean },
) {
  const number = z.number({ error: typeError(texts.required ?? texts.number, texts.number) });
  return (bounds.minExclusive ? number.gt(bounds.min, texts.min) : number.min(bounds.min, texts.min))
    .max(bounds.max, texts.max)
    .refine(hasAtMostTwoDecimals, texts.decimals);
}

/** `Satış Fiyatı: TL ve kuruş olarak gönderilen tutarlar aynı değil` (both names of one amount sent). */
export const amountMismatchText = (label: string) =>
  `${label}: TL ve kuruş olarak gönderilen tutarlar aynı değil`;

/**
 * One amount a body may send under its TL name, its exact `_kurus` companion, or both (each
 * already checked by its own rule): the kuruş it names — `undefined` when neither was sent, `null`
 * when sent as null (clearing an optional amount). Both sent and not the same amount is refused
 * with an issue at the TL field (a 400 naming it), and `false` is returned.
 */
export function amountKurus(
  value: Readonly<Record<string, unknown>>,
  names: { tl: string; kurus: string; label: string },
  ctx: z.RefinementCtx,
): number | null | undefined | false {
  const tl = value[names.tl] as number | null | undefined;
  const kurus = value[names.kurus] as number | null | undefined;
  const fromTl = tl === undefined || tl === null ? tl : toKurus(tl);
  if (fromTl !== undefined && kurus !== undefined && fromTl !== kurus) {
    ctx.addIssue({
      code: 'custom',
      path: [names.tl],
      message: amountMismatchText(names.label),
    });
    return false;
  }
  return fromTl !== undefined ? fromTl : kurus;
}

// ------------------------------------------------------------------------- text fields ---

/**
 * True when `value` holds a character no text field may carry: C0 controls (NUL included — the
 * database refuses it outright), DEL, C1 controls, and unpaired UTF-16 surrogates (not
 * representable in UTF-8). Multi-line fields (notes, addresses) may hold \t, \n and \r.
 */
export function hasForbiddenCharacter(value: string, multiline = false): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20) {
      if (!(multiline && (c === 0x09 || c === 0x0a || c === 0x0d))) return true;
    } else if (c >= 0x7f && c <= 0x9f) {
      return true;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      const low = value.charCodeAt(i + 1);
      if (c > 0xdbff || !(low >= 0xdc00 && low <= 0xdfff)) return true;
      i++; // a valid pair
    }
  }
  return false;
}

export interface TextOptions {
  /** Allows \t, \n and \r (notes, addresses). */
  multiline?: boolean;
  /** Trims surrounding white space (default true; passwords are taken as typed). */
  trim?: boolean;
  /** Minimum length (after trimming) and its message. */
  min?: number;
  minMessage?: string;
  /**
   * Message when the value is missing or not a string (default: missing → `{label} gereklidir`,
   * anything else → `{label} metin olmalıdır`).
   */
  typeMessage?: string | ((issue: { input?: unknown }) => string);
  /** Message when too long (default `{label} en fazla {max} karakter olabilir`). */
  maxMessage?: string;
}

/**
 * THE rule for every string a request carries (bodies, queries, params): a string, trimmed,
 * at most `max` characters, without control characters (see hasForbiddenCharacter). A client can
 * then never reach the database with a value it refuses (NUL → a 500) or with unbounded text.
 * `label` names the field in Turkish as the screen does, e.g. 'Notlar' (never its wire name: that
 * travels in the refusal's `field`).
 */
export function text(label: string, max: number, options: TextOptions = {}) {
  // The checks are attached in ONE `.check(...)`: each chained `.trim()`, `.min()`, `.max()`,
  // `.refine()` would clone the schema (a new instance and a copy of its definition), and this
  // helper builds several hundred fields when the app starts. Same checks, same order, same texts.
  const checks: z.core.$ZodCheck<string>[] = [];
  if (options.trim !== false) checks.push(z.trim());
  if (options.min !== undefined) {
    checks.push(
      z.minLength(options.min, options.minMessage ?? `${label} en az ${options.min} karakter olmalıdır`),
    );
  }
  checks.push(
    z.maxLength(max, options.maxMessage ?? `${label} en fazla ${max} karakter olabilir`),
    z.refine(
      (v: string) => !hasForbiddenCharacter(v, options.multiline),
      `${label} geçersiz karakter içeriyor`,
    ),
  );
  return z
    .string({ error: options.typeMessage ?? typeError(required(label), `${label} metin olmalıdır`) })
    .check(...checks);
}

/** Longest e-mail address (RFC 5321 path limit). */
export const MAX_EMAIL_LENGTH = 254;
/** Longest local part of an e-mail address, the part before the last '@' (RFC 5321). */
export const MAX_EMAIL_LOCAL_LENGTH = 64;

export const EMAIL_INVALID_MESSAGE = 'Geçerli bir email adresi giriniz';

/** The local part of `value` (before its last '@') is at most MAX_EMAIL_LOCAL_LENGTH characters. */
export function emailLocalPartFits(value: string): boolean {
  const at = value.lastIndexOf('@');
  return (at < 0 ? value.length : at) <= MAX_EMAIL_LOCAL_LENGTH;
}

/**
 * THE rule for every e-mail address a request carries (sign-up, the profile, an order's customer):
 * a text field (trimmed, no control characters) of at most MAX_EMAIL_LENGTH characters whose local
 * part is at most MAX_EMAIL_LOCAL_LENGTH, and a valid address. Each bound has its own message
 * naming the field. `allowEmpty`: '' is accepted too (a form's cleared field; the schema maps it
 * to null).
 */
export function emailText(label: string, options: { message?: string; allowEmpty?: boolean } = {}) {
  const message = options.message ?? EMAIL_INVALID_MESSAGE;
  const empty = (v: string) => options.allowEmpty === true && v === '';
  return text(label, MAX_EMAIL_LENGTH, { typeMessage: typeError(required(label), message) })
    .refine(
      (v) => empty(v) || emailLocalPartFits(v),
      `${label}: @ işaretinden önceki kısım en fazla ${MAX_EMAIL_LOCAL_LENGTH} karakter olabilir`,
    )
    .refine((v) => empty(v) || z.email().safeParse(v).success, message);
}

// ------------------------------------------------------------------------ query numbers ---

/** Highest page number a list accepts (a bound, far past any real list). */
export const MAX_PAGE = 1_000_000;

/** `?page=` — 1 … MAX_PAGE, default 1. */
export const pageQuery = z.coerce
  .number({ error: 'Sayfa bir sayı olmalıdır' })
  .int({ error: 'Sayfa tam sayı olmalıdır' })
  .min(1, 'Sayfa en az 1 olmalıdır')
  .max(MAX_PAGE, `Sayfa en fazla ${MAX_PAGE} olabilir`)
  .default(1);

/** `?limit=` — 1 … max, default `fallback`. */
export function limitQuery(fallback: number, max: number) {
  return z.coerce
    .number({ error: 'Sayfa boyutu bir sayı olmalıdır' })
    .int({ error: 'Sayfa boyutu tam sayı olmalıdır' })
    .min(1, 'Sayfa boyutu en az 1 olmalıdır')
    .max(max, `Sayfa boyutu en fazla ${max} olabilir`)
    .default(fallback);
}
