/**
 * A company's brand colour is written `#RRGGBB` (six hexadecimal digits): the login page, the
 * theme colour of the app and the PDFs read it as such. A name ('mavi') or a short form ('#00f')
 * is refused — by the server, and by the tenant form before it sends, so a browser's colour input
 * never turns it silently into black.
 */
export const BRAND_COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;

export function isBrandColour(value: string): boolean {
  return BRAND_COLOUR_PATTERN.test(value.trim());
}

/** The refusal, naming the field by its label (the form's, or the server's label of the field). */
export const brandColourMessage = (label: string) => `${label} #RRGGBB biçiminde olmalıdır`;
