import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The fonts of the server's PDFs: DejaVu Sans from the npm package `dejavu-fonts-ttf` (embedded,
 * subset by pdfkit). The PDF standard fonts have no İ ı Ş ş Ğ ğ, so every Turkish glyph would come
 * out wrong without an embedded TrueType font. Resolved through Node's module resolution, so it
 * works from source, from a bundle and from any cwd; read once on first use (≈ 0.7 MB each).
 */
const require = createRequire(import.meta.url);
const fontFile = (name: string) => require.resolve(`dejavu-fonts-ttf/ttf/${name}`);

let fonts: { regular: Buffer; bold: Buffer } | undefined;

export function pdfFonts(): { regular: Buffer; bold: Buffer } {
  fonts ??= {
    regular: readFileSync(fontFile('DejaVuSans.ttf')),
    bold: readFileSync(fontFile('DejaVuSans-Bold.ttf')),
  };
  return fonts;
}
