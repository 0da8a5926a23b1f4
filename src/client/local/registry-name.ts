/**
 * The device registry's database name, in a module of its own: the login screen checks whether
 * the registry exists (indexedDB.databases()) before it loads Dexie (a first visit downloads no
 * local-store code).
 */
export const REGISTRY_DB_NAME = 'sys-registry';
