/**
 * How the manager dashboard colours a response time: against the response target (good when the
 * mean is within it, bad above it), never by the bar's length — the bar is full from 10 minutes
 * on, so its length alone cannot tell 9 minutes (good) from 407 (bad). No measure: neutral.
 */
export type ResponseTone = 'good' | 'bad' | 'none';

export function responseTone(minutes: number | null, targetMinutes: number): ResponseTone {
  if (minutes === null || !Number.isFinite(minutes)) return 'none';
  return minutes <= targetMinutes ? 'good' : 'bad';
}

/** The bar's colour for a tone (MUI palette names). */
export const TONE_COLOR = { good: 'success', bad: 'error', none: 'primary' } as const;
