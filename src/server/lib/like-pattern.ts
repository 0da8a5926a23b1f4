/**
 * `%text%` for ILIKE: matches values containing `text`, with the pattern characters of `text`
 * itself (`%`, `_` and the escape character `\`, PostgreSQL's default LIKE escape) escaped, so a
 * search for "50%" or "a_b" finds exactly that text instead of acting as a wildcard.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
