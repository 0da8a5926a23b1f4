/** Business constants of the spec (§9 of both documents). */
export const REQUEST_TIMEOUT_MS = 10_000;
export const LOGIN_LOCKOUT_MS = 15 * 60_000; // 900000
export const REMAINING_ATTEMPTS_WARNING_AT = 3;
export const BADGE_CAP = 99;
export const SIDEBAR_WIDTH = 240;
export const SIDEBAR_COLLAPSED_WIDTH = 80;
export const NOTIFICATION_DROPDOWN_WIDTH = 320;
export const SNACKBAR_HIDE_MS = 6_000;
/** A failed change is a toast at the top right that closes after 5 s (other messages: 6 s). */
export const TOAST_HIDE_MS = 5_000;
export const ORDER_CREATED_REDIRECT_MS = 2_000;
export const DEFAULT_PRIMARY_COLOR = '#1976d2';
export const DEFAULT_SECONDARY_COLOR = '#dc004e';
export const PRODUCT_CATEGORIES = ['Elektronik', 'Bilgisayar', 'Giyim', 'Ev & Yaşam'] as const;
export const PRODUCT_BRANDS = ['Apple', 'Samsung', 'Dell'] as const;
/** Sync: outbox backoff cap and pull interval. */
export const OUTBOX_BACKOFF_CAP_MS = 30_000;
export const SYNC_PULL_INTERVAL_MS = 15_000;
/** How long the server keeps Idempotency-Key outcomes: 30 days (a device may stay offline that long; past it, replays rely on expected status/version and client-made ids: still never applied twice). */
export const IDEMPOTENCY_TTL_MS = 30 * 24 * 3600_000;
