/**
 * A figure (an amount, a count) is read as one word: it never breaks inside itself
 * ('6.125.291,⏎74 TL' reads as two numbers). On a narrow card it stays on one line and its font
 * shrinks to fit the card instead — the card is the size container (`FIGURE_CONTAINER`), and the
 * font is at most `maxRem`, at least what lets `text` fit the card's width.
 */

/** sx for the card (or any box) a figure must fit: its width is what the figure scales to. */
export const FIGURE_CONTAINER = { containerType: 'inline-size' } as const;

/** An upper bound of one character's width in em in the bold UI font (digits ≈ 0.56, capitals ≈ 0.6). */
const CHAR_EM = 0.62;

/** sx for the figure itself: one line, scaled down to fit its container's width. */
export function figureSx(text: string, maxRem = 1.5) {
  const em = Math.max(4, text.length) * CHAR_EM;
  return {
    whiteSpace: 'nowrap',
    fontSize: `min(${maxRem}rem, ${(100 / em).toFixed(2)}cqi)`,
  } as const;
}
