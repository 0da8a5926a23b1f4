/**
 * Barcode scans: ONE parser and ONE line matcher, used by the warehouse screen (every scan is
 * checked at once against the locally mirrored order, never waiting for the server) and by the
 * server's POST /warehouse/scan-barcode (which must reach the same verdict, or the device's and
 * the server's scanned quantities would drift apart).
 *
 * What arrives from a scanner is messy:
 * - keyboard-wedge scanners may prefix an AIM symbology identifier (`]E0` EAN-13, `]E4` EAN-8,
 *   `]C1` GS1-128, `]d2` GS1 DataMatrix, `]Q1`/`]Q3` QR …) — stripped here;
 * - GS1 strings carry Application Identifiers: (01) GTIN-14, (10) lot, (30)/(37) quantity, with
 *   FNC1 sent as the group separator U+001D (or, from some scanners and people typing, as the
 *   human-readable "(01)…(10)…" form);
 * - EAN-13 / EAN-8 carry a check digit: a misread digit fails it and is refused as "unreadable"
 *   instead of matching some other product.
 */

export type ScanFormat = 'ean13' | 'ean8' | 'gs1' | 'code';

export interface ParsedScan {
  /** The code with prefixes and surrounding white space removed, as shown to the user. */
  readonly text: string;
  readonly format: ScanFormat;
  /**
   * Codes a product may be found by, most specific first: the EAN itself, a GTIN-14's EAN-13
   * (a leading 0 dropped), or the plain text (a product code, a Code 128 label).
   */
  readonly candidates: readonly string[];
  /** GS1 AI (10). */
  readonly lot: string | null;
  /** GS1 AI (30) or (37): how many units this one scan stands for. */
  readonly quantity: number | null;
}

export type ParseResult =
  | { ok: true; scan: ParsedScan }
  | { ok: false; reason: 'empty' | 'check_digit' | 'malformed' };

/** Longest raw scan accepted (GS1 DataMatrix strings run long; anything past this is garbage). */
export const MAX_SCAN_LENGTH = 200;

/** Highest quantity one scan (GS1 AI 30/37 or the +N entry) may carry. */
export const MAX_SCAN_QUANTITY = 10_000;

const GS = '\u001d';

function checkDigitOk(digits: string): boolean {
  // GS1 check digit (EAN-8, EAN-13, GTIN-14): weights 3,1,3,1… from the right, excluding the check digit.
  let sum = 0;
  const body = digits.slice(0, -1);
  for (let i = 0; i < body.length; i++) {
    const weight = (body.length - i) % 2 === 1 ? 3 : 1;
    sum += Number(body[i]) * weight;
  }
  return (10 - (sum % 10)) % 10 === Number(digits[digits.length - 1]);
}

export function isValidEan(code: string): boolean {
  return /^(\d{8}|\d{12,14})$/.test(code) && checkDigitOk(code);
}

/**
 * A barcode a product may carry: EAN-8, EAN-13 or GTIN-14 (digits only) with a valid GS1 check
 * digit. A mistyped digit fails the check, so a wrong barcode is refused when the product is
 * saved instead of never matching a scan.
 */
export function isValidProductBarcode(code: string): boolean {
  return /^(\d{8}|\d{13}|\d{14})$/.test(code) && checkDigitOk(code);
}

/** AIs we read, with their fixed lengths (null: variable, up to the separator). */
const AI_LENGTHS: Record<string, number | null> = {
  '00': 18,
  '01': 14,
  '02': 14,
  '10': null,
  '11': 6,
  '13': 6,
  '15': 6,
  '17': 6,
  '21': null,
  '30': null,
  '37': null,
};

/** Parses a GS1 element string (FNC1 as U+001D) or its "(01)…(10)…" human-readable form. */
function parseGs1(input: string): Map<string, string> | null {
  const fields = new Map<string, string>();
  if (input.startsWith('(')) {
    const re = /\((\d{2,4})\)([^()]*)/gy;
    let m: RegExpExecArray | null = re.exec(input);
    while (m) {
      const ai = m[1] as string;
      fields.set(ai, (m[2] as string).trim());
      if (re.lastIndex >= input.length) return fields;
      m = re.exec(input);
    }
    return null;
  }
  let rest = input;
  while (rest.length > 0) {
    if (rest.startsWith(GS)) {
      rest = rest.slice(1);
      continue;
    }
    // Measures (31nn–36nn: net weight, length…): a 4-digit AI with 6 digits — read and kept.
    const measure = /^3[1-6]\d{2}/.exec(rest)?.[0];
    const ai = measure ?? rest.slice(0, 2);
    if (!measure && !(ai in AI_LENGTHS)) return null;
    const fixed = measure ? 6 : AI_LENGTHS[ai];
    rest = rest.slice(ai.length);
    let value: string;
    if (fixed) {
      value = rest.slice(0, fixed);
      if (value.length < fixed) return null;
      rest = rest.slice(fixed);
    } else {
      const end = rest.indexOf(GS);
      value = end < 0 ? rest : rest.slice(0, end);
      rest = end < 0 ? '' : rest.slice(end);
    }
    fields.set(ai, value);
  }
  return fields;
}

/**
 * Reads one scan. Never throws: garbage is `{ ok: false }`, so the screen can say 'Barkod
 * okunamadı' and the server a 400.
 */
export function parseScan(raw: string): ParseResult {
  let s = raw.replace(/[\r\n\t]+$/g, '').trim();
  // AIM symbology identifier: "]" + a letter + a modifier character.
  let aim: string | null = null;
  const aimMatch = /^\][A-Za-z][0-9A-Za-z]/.exec(s);
  if (aimMatch) {
    aim = aimMatch[0];
    s = s.slice(3);
  }
  // Some scanners send FNC1 at the start of a GS1 string as a leading separator.
  const gs1ByAim = aim === ']C1' || aim === ']d2' || aim === ']Q3' || aim === ']e0';
  if (s.startsWith(GS)) s = s.slice(1);
  s = s.trim();
  if (s.length === 0) return { ok: false, reason: 'empty' };
  if (s.length > MAX_SCAN_LENGTH) return { ok: false, reason: 'malformed' };

  const looksGs1 = gs1ByAim || s.includes(GS) || /^\(\d{2,4}\)/.test(s) || /^01\d{14}(?:\d|$)/.test(s);
  if (looksGs1) {
    const fields = parseGs1(s);
    const gtin = fields?.get('01') ?? fields?.get('02');
    if (!fields || !gtin || !/^\d{14}$/.test(gtin)) {
      if (gs1ByAim || s.includes(GS) || s.startsWith('(')) return { ok: false, reason: 'malformed' };
    } else {
      if (!checkDigitOk(gtin)) return { ok: false, reason: 'check_digit' };
      const qtyText = fields.get('30') ?? fields.get('37') ?? null;
      let quantity: number | null = null;
      if (qtyText !== null) {
        if (!/^\d{1,8}$/.test(qtyText)) return { ok: false, reason: 'malformed' };
        quantity = Number(qtyText);
        if (quantity < 1 || quantity > MAX_SCAN_QUANTITY) return { ok: false, reason: 'malformed' };
      }
      const candidates = [gtin];
      if (gtin.startsWith('0')) candidates.push(gtin.slice(1)); // GTIN-14 "0" + EAN-13
      if (gtin.startsWith('000000')) candidates.push(gtin.slice(6)); // "000000" + EAN-8
      return {
        ok: true,
        scan: {
          text: s.replaceAll(GS, ' '),
          format: 'gs1',
          candidates,
          lot: fields.get('10') ?? null,
          quantity,
        },
      };
    }
  }

  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(s)) return { ok: false, reason: 'malformed' };
  if (/^\d{13}$/.test(s)) {
    if (!checkDigitOk(s)) return { ok: false, reason: 'check_digit' };
    return {
      ok: true,
      scan: { text: s, format: 'ean13', candidates: [s, `0${s}`], lot: null, quantity: null },
    };
  }
  if (/^\d{8}$/.test(s) && (aim === ']E4' || checkDigitOk(s))) {
    if (!checkDigitOk(s)) return { ok: false, reason: 'check_digit' };
    return { ok: true, scan: { text: s, format: 'ean8', candidates: [s], lot: null, quantity: null } };
  }
  if (aim?.startsWith(']E') && !/^\d+$/.test(s)) return { ok: false, reason: 'malformed' };
  // A bare GTIN-14 (ITF-14 on a case, or typed): with a valid check digit it also finds the
  // EAN-13 inside it ("0" + EAN-13); otherwise it is just a code (a product code may be digits).
  if (/^\d{14}$/.test(s) && checkDigitOk(s)) {
    const candidates = s.startsWith('0') ? [s, s.slice(1)] : [s];
    return { ok: true, scan: { text: s, format: 'code', candidates, lot: null, quantity: null } };
  }
  return { ok: true, scan: { text: s, format: 'code', candidates: [s], lot: null, quantity: null } };
}

// --------------------------------------------------------------------------- the matcher ---

/** One order line as the matcher needs it (the product's code comes from the catalogue). */
export interface ScanLine {
  readonly id: string;
  readonly product_id: string | null;
  readonly product_name: string;
  readonly barcode: string | null;
  readonly product_code?: string | null;
  readonly quantity: number;
  readonly scanned_quantity: number;
}

export type ScanVerdict =
  /** The scan counts `quantity` on `line` (its new scanned quantity is `scanned`). */
  | { kind: 'match'; line: ScanLine; quantity: number; scanned: number }
  /** No line of the order carries this code: unknown or another order's product. */
  | { kind: 'unknown' }
  /** The line is (or would be) over its ordered quantity: refused, nothing counted. */
  | { kind: 'over'; line: ScanLine; quantity: number; remaining: number };

/**
 * Codes compare case-insensitively and without the Turkish dotted/dotless i distinction: a wedge
 * scanner on a Turkish keyboard layout (or a person typing) may send 'ı' or 'İ' for an 'I' of a
 * product code, and toLocaleUpperCase('tr-TR') alone would make 'i' ≠ 'I'.
 */
function foldCode(code: string): string {
  return code
    .trim()
    .replace(/[ıİ]/g, (c) => (c === 'ı' ? 'i' : 'I'))
    .toUpperCase();
}

function sameCode(a: string, b: string): boolean {
  return foldCode(a) === foldCode(b);
}

/**
 * Which line a scan counts on. A product is found by its barcode, its GTIN or its product code.
 * When the same product is on several lines, the first line with room takes it. `quantity` is the
 * +N entry (default 1); a GS1 quantity (AI 30/37) multiplies it.
 */
export function matchScan(lines: readonly ScanLine[], scan: ParsedScan, quantity = 1): ScanVerdict {
  const units = quantity * (scan.quantity ?? 1);
  const hits = lines.filter((line) =>
    scan.candidates.some(
      (code) =>
        (line.barcode !== null && sameCode(line.barcode, code)) ||
        (line.product_code != null && line.product_code !== '' && sameCode(line.product_code, code)),
    ),
  );
  if (hits.length === 0) return { kind: 'unknown' };
  const open = hits.find((line) => line.quantity - line.scanned_quantity >= units);
  if (open) return { kind: 'match', line: open, quantity: units, scanned: open.scanned_quantity + units };
  const first = hits[0] as ScanLine;
  const remaining = hits.reduce((sum, line) => sum + Math.max(0, line.quantity - line.scanned_quantity), 0);
  return { kind: 'over', line: first, quantity: units, remaining };
}

/** Lines not fully scanned, for "complete anyway?" (what is missing, per line). */
export function missingLines(lines: readonly ScanLine[]): { line: ScanLine; missing: number }[] {
  return lines
    .filter((line) => line.scanned_quantity < line.quantity)
    .map((line) => ({ line, missing: line.quantity - line.scanned_quantity }));
}
