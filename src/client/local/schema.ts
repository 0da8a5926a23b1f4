import type { SyncedTable } from '../../shared/api/synced';

/**
 * The device database's schema, derived from the table of synced collections
 * (src/shared/api/synced.ts) plus the device's own tables below.
 *
 * Versions: each entry names the device schema version that added its store (`since`) and, if
 * its indexes changed later, the version that changed them (`reindexed`). Dexie is given every
 * version some entry names. Dexie (3+) compares what is installed with what is declared, so a
 * device on any older version is brought to the newest in one upgrade; versions are declared
 * only because an added collection needs an upgrade step of its own (see `backfillOnUpgrade`).
 *
 * Never edit a published version's meaning: to add a collection give it `since: <newest + 1>`; to
 * change the indexes of one, give it `reindexed: <newest + 1>`; a device table below gets a
 * `since` the same way.
 */

/** The device's own (not synced) tables: Dexie store specs, and the version that added each. */
export const LOCAL_TABLES: Readonly<Record<string, { spec: string; since: number }>> = {
  outbox: { spec: '++seq, &id, record_key, status, *records', since: 1 },
  base: { spec: 'key', since: 1 },
  meta: { spec: 'key', since: 1 },
  // Counts per group of the tallied collections (tallies.ts): the dashboards' figures.
  tallies: { spec: 'key, collection', since: 3 },
};

/** One `db.version(n)` declaration: the stores it (re)declares and the collections it adds. */
export interface SchemaVersion {
  version: number;
  stores: Record<string, string>;
  /** Synced collections whose store this version adds to an existing database. */
  added: string[];
}

/** The Dexie store spec of a synced collection: its key, then its indexes. */
export function storeSpec(entry: SyncedTable[string]): string {
  return [entry.key, ...entry.indexes].join(', ');
}

/** Every version to declare, oldest first. */
export function schemaVersions(table: SyncedTable): SchemaVersion[] {
  const versions = new Map<number, SchemaVersion>();
  const at = (version: number) => {
    let v = versions.get(version);
    if (!v) {
      v = { version, stores: {}, added: [] };
      versions.set(version, v);
    }
    return v;
  };
  for (const [name, { spec, since }] of Object.entries(LOCAL_TABLES)) at(since).stores[name] = spec;
  for (const [name, entry] of Object.entries(table)) {
    at(entry.since).stores[name] = storeSpec(entry);
    if (entry.since > 1) at(entry.since).added.push(name);
    if (entry.reindexed !== undefined) at(entry.reindexed).stores[name] = storeSpec(entry);
  }
  return [...versions.values()].sort((a, b) => a.version - b.version);
}

/** The newest version: what this app version declares. */
export function schemaVersion(table: SyncedTable): number {
  return schemaVersions(table).at(-1)?.version ?? 1;
}

/** Wire row → stored row for each collection: adds its local-only fields (none: the row as is). */
export function localizers(
  table: SyncedTable,
): Record<string, (row: Record<string, unknown>) => Record<string, unknown>> {
  const result: Record<string, (row: Record<string, unknown>) => Record<string, unknown>> = {};
  for (const [name, entry] of Object.entries(table)) {
    const fields = Object.entries(entry.local);
    result[name] =
      fields.length === 0
        ? (row) => row
        : (row) => {
            const stored = { ...row };
            for (const [field, compute] of fields) stored[field] = compute(row);
            return stored;
          };
  }
  return result;
}

/** Stored row → wire row for each collection: removes its local-only fields. */
export function strippers(
  table: SyncedTable,
): Record<string, (row: Record<string, unknown>) => Record<string, unknown>> {
  const result: Record<string, (row: Record<string, unknown>) => Record<string, unknown>> = {};
  for (const [name, entry] of Object.entries(table)) {
    const fields = Object.keys(entry.local);
    result[name] = (row) => {
      const copy = { ...row };
      for (const field of fields) delete copy[field];
      return copy;
    };
  }
  return result;
}
