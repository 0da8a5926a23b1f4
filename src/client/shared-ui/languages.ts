import type { Language } from '../state/ui';

/**
 * The languages a user may pick, each named in itself whatever the current one (a reader who
 * cannot read the current language must still find their own). Plain data: the first visit's
 * HTML login form (app/login-shell-markup.ts, built without React) shows the same buttons.
 */
export const LANGUAGES: readonly { code: Language; label: string }[] = [
  { code: 'tr', label: 'Türkçe' },
  { code: 'en', label: 'English' },
];
