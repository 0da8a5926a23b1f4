/**
 * WCAG 2.x colour contrast, used by the theme so that every tenant colour gives readable text
 * (WCAG 1.4.3, 4.5:1). Colours are `#rgb` or `#rrggbb`.
 *
 * Why the theme adjusts the tenant's colours instead of trusting them: a tenant picks any colour
 * (#ffeb3b yellow, #00e676 green, #212121 near-black…), and MUI uses `palette.*.main` both as a
 * background (app bar, contained buttons, avatar, chips) and as a text colour on the page (links,
 * text buttons, focused labels). Only a colour with ≥ 4.5:1 against the page's surface works for
 * both, with white (light mode) or black (dark mode) text on it.
 */

export const MIN_TEXT_CONTRAST = 4.5;

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  let h = hex.trim().replace(/^#/, '');
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  if (!/^[0-9a-f]{6}$/i.test(h)) throw new Error(`not a hex colour: ${hex}`);
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as Rgb;
}

export function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Relative luminance (WCAG 2.x definition, sRGB). */
function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio between two colours, 1 … 21. */
export function contrastRatio(a: string, b: string): number {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

function mix(color: Rgb, toward: Rgb, amount: number): Rgb {
  return color.map((v, i) => v + (toward[i]! - v) * amount) as Rgb;
}

/**
 * The colour itself when it already has `min` contrast against `surface`; otherwise the same hue
 * mixed toward black (on a light surface) or white (on a dark one), by the smallest step that
 * reaches `min`. Always succeeds: pure black / white reach ≥ 4.5:1 on any light / dark surface.
 */
export function readableOn(color: string, surface: string, min = MIN_TEXT_CONTRAST): string {
  if (contrastRatio(color, surface) >= min) return toHex(parseHex(color));
  const target: Rgb = luminance(surface) > 0.18 ? [0, 0, 0] : [255, 255, 255];
  const rgb = parseHex(color);
  for (let step = 1; step <= 100; step++) {
    const candidate = toHex(mix(rgb, target, step / 100));
    if (contrastRatio(candidate, surface) >= min) return candidate;
  }
  return toHex(target);
}

/** Text on a `background`: white when it reaches `min`, else the lightest near-black that does. */
export function textOn(background: string, min = MIN_TEXT_CONTRAST): string {
  for (const candidate of ['#ffffff', '#212121', '#111111', '#000000']) {
    if (contrastRatio(candidate, background) >= min) return candidate;
  }
  return '#000000';
}

// ----------------------------------------------------------------- the tenant's colours ---

export type ColourMode = 'light' | 'dark';

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The page surfaces of each mode: palette colours must be readable as text on them. */
export const SURFACE: Record<ColourMode, string> = { light: '#ffffff', dark: '#121212' };
/** The light mode's page background (slightly darker than paper: colours must pass on it too). */
export const LIGHT_BACKGROUND = '#f5f7fb';

/** A tenant's branding colour when it is a usable hex colour, else the spec's default. */
export function brandColor(value: string | null | undefined, fallback: string): string {
  return value && HEX.test(value.trim()) ? value.trim() : fallback;
}

/**
 * One palette colour that is readable in BOTH of MUI's uses (WCAG 1.4.3):
 * - `main` as text on the page (links, text buttons, focused labels): ≥ 4.5:1 against the mode's
 *   surfaces — the tenant's colour as it is when it passes, else darkened (light mode) or
 *   lightened (dark mode) in the same hue;
 * - `contrastText` on `main` (app bar, contained buttons, avatars, filled chips): white or a
 *   near-black, whichever reaches 4.5:1.
 * The client's theme and the server's first paint of /login (static.ts) both use it.
 */
export function accessibleColor(color: string, mode: ColourMode): { main: string; contrastText: string } {
  let main = readableOn(color, SURFACE[mode]);
  if (mode === 'light') main = readableOn(main, LIGHT_BACKGROUND);
  return { main, contrastText: textOn(main) };
}

/**
 * MUI's `palette.*.dark` for a colour given without one (`darken(main, tonalOffset × 1.5)`, each
 * channel × 0.7, truncated): the first visit's plain-HTML /login paints the same gradient as the
 * app's theme (src/server/plugins/app/login-shell.ts).
 */
export function darkShade(hex: string): string {
  return toHex(parseHex(hex).map((v) => Math.trunc(v * 0.7)) as Rgb);
}
