/**
 * Comparing Turkish text the way a Turkish user expects.
 *
 * - `listNameKey`: when two names are the same name (a category, a brand): lower case by the
 *   Turkish rules (İ → i, I → ı), inner white space collapsed, ends trimmed — 'ELEKTRONİK',
 *   'Elektronik' and ' elektronik ' are one name; 'Işık' and 'IŞIK' too.
 * - `searchFold`: THE rule of every search of the product (each list on the device, each SQL
 *   search on the server), below.
 */
export function listNameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('tr-TR');
}

/**
 * What a search compares, as data. People type the same word many ways — a phone keyboard or a
 * scanner may give either I, a keyboard without Turkish keys gives 'sahin' for 'Şahin' — and each
 * spelling must find the same rows:
 *  - every I-variant (I, ı, İ, i) is 'i': 'ISTANBUL', 'Istanbul', 'ıstanbul' all find 'İstanbul';
 *  - ş ç ğ ö ü and â î û (either case) are s c g o u a i u: 'sahin' finds 'Şahin';
 *  - A–Z is lower case; a letter written decomposed ('s' + combining cedilla) is the letter;
 *  - everything else (digits, punctuation, other scripts) stays as it is.
 * Each character of SEARCH_FOLD_FROM becomes the character at the same place in SEARCH_FOLD_TO;
 * those past its end (the combining marks) are left out: exactly SQL's
 * `translate(text, FROM, TO)`. The server's `tr_fold` function (made by a migration from these two
 * strings) gives the same text, and a test compares the two on the database.
 */
export const SEARCH_FOLD_FROM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZÇçĞğİıÖöŞşÜüÂâÎîÛû\u0302\u0306\u0307\u0308\u0327';
export const SEARCH_FOLD_TO = 'abcdefghijklmnopqrstuvwxyzccggiioossuuaaiiuu';

const FOLD = new Map([...SEARCH_FOLD_FROM].map((c, i) => [c, SEARCH_FOLD_TO[i] ?? '']));
const FOLDED = new RegExp(`[${SEARCH_FOLD_FROM}]`, 'g');

export function searchFold(text: string): string {
  return text.replace(FOLDED, (c) => FOLD.get(c) ?? c);
}

/** Whether `text` contains what was typed, by the search fold (a blank query matches everything). */
export function searchMatches(text: string, typed: string): boolean {
  return searchFold(text).includes(searchFold(typed.trim()));
}
