import { labelOf } from '../../src/shared/api/field-labels';

/**
 * What a refusal a person reads must not contain: a field's wire name (snake_case, the `_kurus`
 * companions, '(field)', or the field's own name as a word) or zod's own wording. Returns what it
 * found, or null when the text is clean.
 */
export function wireOrZodText(message: string, field: string | undefined): string | null {
  const snake = /(?<![\p{L}\d])[a-z]+(?:_[a-z]+)+(?![\p{L}\d])/u.exec(message);
  if (snake) return snake[0];
  if (/_kurus/.test(message)) return '_kurus';
  const zod = ZOD_TEXT.exec(message);
  if (zod) return zod[0];
  if (!field) return null;
  if (message.includes(`(${field})`)) return `(${field})`;
  const last =
    labelOf(field) !== null
      ? field
          .replace(/\[\d+\]/g, '')
          .split('.')
          .pop()
      : undefined;
  if (!last) return null;
  // the spec's 'Geçersiz format' and 'Geçerli bir email adresi giriniz'; 'limit' is Turkish too
  // (but never the first word: a sentence does not start with it)
  const word = ['format', 'limit', 'email'].includes(last)
    ? new RegExp(`^${last}(?![\\p{L}\\d])`, 'u')
    : new RegExp(`(?<![\\p{L}\\d])${last}(?![\\p{L}\\d])`, 'u');
  return word.test(message) ? last : null;
}

/** zod's own wording (its Turkish locale and its English default). */
const ZOD_TEXT =
  /beklenen [a-z]+, alınan|alınan [a-z]+|Geçersiz (değer|girdi)|\bexpected\b|\breceived\b|Invalid input/i;
