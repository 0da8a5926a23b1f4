import { describe, expect, it } from 'vitest';
import { buildTheme } from '../../src/client/app/theme';
import {
  accessibleColor,
  contrastRatio,
  readableOn,
  SURFACE,
  textOn,
} from '../../src/shared/domain/contrast';

/** Tenant colours from the issue: bright, pale, near-black, white and the defaults. */
const TENANT_COLOURS = [
  '#1976d2',
  '#ffeb3b',
  '#00e676',
  '#212121',
  '#dc004e',
  '#ffffff',
  '#2e7d32',
  '#ff6f00',
  '#abc',
];

describe('WCAG contrast', () => {
  it('computes the reference ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // MUI's default blue with white: 4.6:1 (published value).
    expect(contrastRatio('#1976d2', '#ffffff')).toBeCloseTo(4.6, 1);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('picks white when it is readable, else a near-black', () => {
    expect(textOn('#1976d2')).toBe('#ffffff');
    expect(textOn('#ffeb3b')).not.toBe('#ffffff');
    for (const c of TENANT_COLOURS) expect(contrastRatio(textOn(c), c)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps a colour that is already readable and darkens one that is not', () => {
    expect(readableOn('#1976d2', '#ffffff')).toBe('#1976d2');
    const yellow = readableOn('#ffeb3b', '#ffffff');
    expect(yellow).not.toBe('#ffeb3b');
    expect(contrastRatio(yellow, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    // Darkened, not replaced: still more red+green than blue (a dark yellow).
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(yellow.slice(i, i + 2), 16));
    expect(Math.min(r!, g!)).toBeGreaterThan(b!);
  });
});

describe('theme for every tenant colour', () => {
  for (const mode of ['light', 'dark'] as const) {
    for (const colour of TENANT_COLOURS) {
      it(`${mode} ${colour}: main readable on the page, its text readable on main`, () => {
        const { main, contrastText } = accessibleColor(colour, mode);
        expect(contrastRatio(main, SURFACE[mode])).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(contrastText, main)).toBeGreaterThanOrEqual(4.5);

        const theme = buildTheme(mode, colour, colour);
        for (const key of ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const) {
          const p = theme.palette[key];
          expect(contrastRatio(p.contrastText, p.main), `${key} text on main`).toBeGreaterThanOrEqual(4.5);
          expect(
            contrastRatio(p.main, theme.palette.background.paper),
            `${key} on paper`,
          ).toBeGreaterThanOrEqual(4.5);
        }
        if (mode === 'light')
          expect(
            contrastRatio(theme.palette.primary.main, theme.palette.background.default),
          ).toBeGreaterThanOrEqual(4.5);
      });
    }
  }

  it('a bad colour falls back to the default #1976d2 (only darkened as far as the page background needs)', () => {
    const main = buildTheme('light', 'red', null).palette.primary.main;
    expect(main).toBe(buildTheme('light', '#1976d2', null).palette.primary.main);
    expect(contrastRatio(main, '#1976d2')).toBeLessThan(1.15);
  });
});
