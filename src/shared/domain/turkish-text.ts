/**
 * Comparing Turkish text the way a Turkish user expects.
 *
 * - `listNameKey`: when two names are the same name (a category, a brand): lower case by the
 *   Turkish rules (İ → i, I → ı), inner white space collapsed, ends trimmed — 'ELEKTRONİK',
 *   'Elektronik' and ' elektronik ' are one name; 'Işık' and 'IŞIK' too.
 * - `searchFold`: what a search compares: lower case with every I-variant (I, İ, ı, i) as 'i', so
 *   'istanbul' finds 'İSTANBUL' and 'ISTANBUL', and 'ışık' finds 'IŞIK' and 'Işık' (a
 *   phone keyboard or a scanner may give either I). The server's SQL applies the same fold (products.repository.ts).
 */
export function listNameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('tr-TR');
}

export function searchFold(text: string): string {
  return text
    .replace(/[Iİı]/g, 'i')
    .replace(/i\u0307/g, 'i')
    .toLocaleLowerCase('tr-TR');
}
