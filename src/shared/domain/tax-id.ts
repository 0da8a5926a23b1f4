/**
 * Turkish tax identifiers, checked by their check digits (a typo is caught on the form, before an
 * invoice carries a number the tax office refuses):
 * - VKN (vergi kimlik numarası, companies): 10 digits; the last is a check digit over the first
 *   nine (each digit shifted by its position, weighted by a power of two modulo 9).
 * - TCKN (T.C. kimlik numarası, people): 11 digits, the first not 0; the 10th is
 *   (7 × sum of the 1st, 3rd, 5th, 7th, 9th − sum of the 2nd, 4th, 6th, 8th) mod 10, the 11th
 *   the sum of the first ten mod 10.
 * A valid check digit does not prove that the number was issued; it proves it was typed right.
 */

function digitsOf(value: string): number[] | null {
  return /^\d+$/.test(value) ? Array.from(value, (c) => c.charCodeAt(0) - 48) : null;
}

/** True for a 10-digit VKN whose check digit is right. */
export function isValidVkn(value: string): boolean {
  const d = digitsOf(value);
  if (d?.length !== 10) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    const shifted = ((d[i] as number) + 9 - i) % 10;
    const weighted = (shifted * 2 ** (9 - i)) % 9;
    sum += shifted !== 0 && weighted === 0 ? 9 : weighted;
  }
  return (10 - (sum % 10)) % 10 === d[9];
}

/** True for an 11-digit TCKN (first digit not 0) whose 10th and 11th digits are right. */
export function isValidTckn(value: string): boolean {
  const d = digitsOf(value);
  if (d?.length !== 11 || d[0] === 0) return false;
  const at = (i: number) => d[i] as number;
  const odd = at(0) + at(2) + at(4) + at(6) + at(8);
  const even = at(1) + at(3) + at(5) + at(7);
  const tenth = (((odd * 7 - even) % 10) + 10) % 10;
  if (tenth !== at(9)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += at(i);
  return sum % 10 === at(10);
}

/** A customer's tax number: a VKN (10 digits) or a TCKN (11 digits), each with valid check digits. */
export function isValidTaxNumber(value: string): boolean {
  return value.length === 10 ? isValidVkn(value) : isValidTckn(value);
}

/** Which kind a valid tax number is (null when it is neither). */
export function taxNumberKind(value: string): 'vkn' | 'tckn' | null {
  if (isValidVkn(value)) return 'vkn';
  if (isValidTckn(value)) return 'tckn';
  return null;
}
