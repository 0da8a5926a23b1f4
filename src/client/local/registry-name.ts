/**
 * The names of the device's databases, in a module of its own: the login screen checks which
 * exist (indexedDB.databases()) before it loads Dexie (a first visit downloads no local-store
 * code) — the registry, and whether the user who just signed in has a store here yet.
 */
export const REGISTRY_DB_NAME = 'sys-registry';

/** A signed-in user's local store (mirror, outbox) on this device: one per tenant and user. */
export function localDbName(tenant: string, userId: string): string {
  return `sys-${tenant}-${userId}`;
}
