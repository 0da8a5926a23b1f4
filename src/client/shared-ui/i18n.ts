import type { ProductUnit } from '../../shared/api/product-data';
import { fillTemplate } from '../../shared/api/stored-texts';
import { isOrderStatus, ORDER_STATUS_LABELS, type OrderStatus } from '../../shared/domain/order-status';
import { ROLE_LABELS, type Role } from '../../shared/domain/roles';
import { DEFAULT_TIME_ZONE, formatDate, formatDateTime, relativeTime } from '../../shared/domain/time';
import { useSession } from '../state/session';
import { useUi } from '../state/ui';

/**
 * The dictionary of every screen text (English must switch every screen, not only the
 * shell). Turkish is the spec's text, quoted exactly, and the default; English is a
 * translation. The language is persisted under `language` by the ui store; components call
 * `const t = useT(); t('key')` (re-rendered on a switch), code outside React calls `t('key')`.
 * tests/unit/i18n.test.ts fails on a key without both texts and on a Turkish literal left in a
 * screen.
 *
 * Server messages are shown as the server sends them (Turkish), whatever the language. Texts the
 * server stores (notifications, order events' notes) come with what they say as data (`params`,
 * src/shared/api/stored-texts.ts) and are rendered from it in English (notifications-data.ts,
 * event-notes.ts); the outbox's summaries are rebuilt from their kind (outbox-summary.ts).
 */
/**
 * Every screen text's key. The app shell declares them: it assembles the catalogue from the shared
 * texts and every feature's (app/catalogue-tr.ts) and augments this interface with its keys, so
 * shared-ui never imports a feature and a key missing from the catalogue is still a type error.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the app's declaration (interface merging)
export interface Catalogue {}
export type MessageKey = keyof Catalogue;

/** The English catalogue's module (app/catalogue-en.ts): the texts and the label tables in English. */
export interface EnglishCatalogue {
  en: Record<MessageKey, string>;
  STATUS_LABELS_EN: Record<OrderStatus, string>;
  ROLE_LABELS_EN: Record<Role, string>;
  PRODUCT_UNIT_LABELS_EN: Record<ProductUnit, string>;
}

/**
 * The Turkish catalogue (the default language), registered by the app at start
 * (`registerCatalogues`); also what the test that every key has a text in each language reads.
 */
export let TR_CATALOGUE = {} as Record<MessageKey, string>;

/**
 * The English catalogue is its own chunk (app/catalogue-en.ts), fetched only when English is
 * chosen (and before the first render when it was chosen before, main.tsx): a first visit in
 * Turkish does not download it. Until it is here, texts fall back to Turkish.
 */
let fetchEnglish: (() => Promise<EnglishCatalogue>) | null = null;
let english: EnglishCatalogue | null = null;
let loading: Promise<EnglishCatalogue> | null = null;

/**
 * The app's catalogues: the Turkish one, and how to fetch the English one. Called once when the
 * app's catalogue module loads (app/catalogue-tr.ts), before any screen renders.
 */
export function registerCatalogues(
  turkish: Record<MessageKey, string>,
  loadEnglishCatalogue: () => Promise<EnglishCatalogue>,
): void {
  TR_CATALOGUE = turkish;
  fetchEnglish = loadEnglishCatalogue;
}

/** Loads the English catalogue (once). */
export async function loadEnglish(): Promise<void> {
  if (!fetchEnglish) throw new Error('The app has not registered its catalogues (app/catalogue-tr.ts).');
  loading ??= fetchEnglish();
  english = await loading;
}

/** Switches the language, fetching the English catalogue first (no flash of Turkish). */
export async function chooseLanguage(language: 'tr' | 'en'): Promise<void> {
  if (language === 'en') await loadEnglish();
  useUi.getState().setLanguage(language);
}

/**
 * After a sign-in: a device where nobody has chosen a language yet (nothing stored) starts in the
 * user's own language (the server gives new users the company's default language). A language
 * the app has no catalogue for (de, fr) leaves the default; a stored choice always wins.
 */
export async function adoptUserLanguage(language: string | null | undefined): Promise<void> {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem('language');
  } catch {
    return;
  }
  if (stored !== null) return;
  if (language === 'tr' || language === 'en') await chooseLanguage(language);
}

function storedLanguage(): string | null {
  try {
    return localStorage.getItem('language');
  } catch {
    return null;
  }
}

/**
 * A device where nobody has chosen a language yet speaks the company's language (the tenant's
 * `language` setting, from the tenant info every device keeps): it is not stored, so a choice made
 * later wins and a change of the company's language is followed. A language the app has no
 * catalogue for (de, fr) is Turkish.
 */
export async function followCompanyLanguage(language: string | null | undefined): Promise<void> {
  if (storedLanguage() !== null) return;
  const next = language === 'en' ? 'en' : 'tr';
  if (next === 'en') await loadEnglish();
  if (storedLanguage() === null && useUi.getState().language !== next) useUi.setState({ language: next });
}

/** An order status in the current language (an unknown value is shown as it is). */
export function statusLabel(status: string): string {
  if (!isOrderStatus(status)) return status;
  return useUi.getState().language === 'en' && english
    ? english.STATUS_LABELS_EN[status]
    : ORDER_STATUS_LABELS[status];
}

/** A role in the current language (an unknown value is shown as it is). */
export function roleLabel(role: string): string {
  const labels: Record<string, string> =
    useUi.getState().language === 'en' && english ? english.ROLE_LABELS_EN : ROLE_LABELS;
  return labels[role] ?? role;
}

/** A product's unit in the current language ('adet' → 'pcs'; an unknown value is shown as it is). */
export function unitLabel(unit: string): string {
  const labels: Record<string, string> | null =
    useUi.getState().language === 'en' && english ? english.PRODUCT_UNIT_LABELS_EN : null;
  return labels?.[unit] ?? unit;
}

/**
 * The company's time zone (the tenant setting every device knows from the tenant info it keeps):
 * every date a screen shows is in it, whatever zone the device itself is set to.
 */
export function companyTimeZone(): string {
  return useSession.getState().tenantInfo.settings?.timezone || DEFAULT_TIME_ZONE;
}

/** Re-renders a screen when the company's time zone changes (its dates follow). */
export function useCompanyTimeZone(): string {
  return useSession((s) => s.tenantInfo.settings?.timezone || DEFAULT_TIME_ZONE);
}

const dateLocale = () => (useUi.getState().language === 'en' ? 'en-GB' : 'tr-TR');

/** A date: dd.mm.yyyy in Turkish, dd/mm/yyyy in English; in the company's time zone (shared/domain/time). */
export function dateLabel(value: string | number | Date | null | undefined): string {
  return formatDate(value, companyTimeZone(), dateLocale());
}

/** A date and time, as dateLabel. */
export function dateTimeLabel(value: string | number | Date | null | undefined): string {
  return formatDateTime(value, companyTimeZone(), dateLocale());
}

/** 'Az önce' / '5 dakika önce' in Turkish (shared/domain/time), the same steps in English. */
export function relativeTimeLabel(
  value: string | number | Date | null | undefined,
  now = Date.now(),
): string {
  if (useUi.getState().language !== 'en') return relativeTime(value, now);
  const date = value === null || value === undefined || value === '' ? null : new Date(value);
  const time = date?.getTime();
  if (time === undefined || Number.isNaN(time)) return 'Just now';
  const minutes = Math.floor((now - time) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < 1440) return `${Math.floor(minutes / 60)} h ago`;
  return `${Math.floor(minutes / 1440)} d ago`;
}

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

function translate(language: 'tr' | 'en', key: MessageKey, params?: Record<string, string | number>): string {
  // One pass over the placeholders: a value holding `{…}` (a customer's name, typed notes) is
  // never filled again.
  return fillTemplate((language === 'en' ? english?.en[key] : undefined) ?? TR_CATALOGUE[key], params);
}

/** `const t = useT(); t('loginHeading')` — re-renders when the language changes. */
export function useT(): Translate {
  const language = useUi((s) => s.language);
  return (key, params) => translate(language, key, params);
}

/** Outside React (snackbar texts fired from event handlers, etc.). */
export function t(key: MessageKey, params?: Record<string, string | number>): string {
  return translate(useUi.getState().language, key, params);
}
