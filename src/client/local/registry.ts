import Dexie, { type Table } from 'dexie';
import { REGISTRY_DB_NAME } from './registry-name';

/**
 * The device registry: a tiny database listing the per-user local stores on this device and their
 * last known outbox counts.
 *
 * Why: outbox entries belong to the user who made them and are only ever sent with that user's
 * token (never under another identity). When someone else signs in on a shared handheld, the first
 * user's changes wait in the first user's database, which the second user's session never opens.
 * The registry is how the UI can still say "3 changes of Ayşe are waiting: she must sign in to send
 * them"
 * without opening (or being able to read) another user's data.
 */
export interface RegistryRow {
  name: string; // the Dexie database name, sys-<tenant>-<userId>
  tenant: string;
  user_id: string;
  username: string | null;
  full_name: string | null;
  pending: number;
  failed: number;
  updated_at: string;
}

class RegistryDb extends Dexie {
  stores!: Table<RegistryRow, string>;
  constructor(options?: ConstructorParameters<typeof Dexie>[1]) {
    super(REGISTRY_DB_NAME, options);
    this.version(1).stores({ stores: 'name, tenant, user_id' });
  }
}

let registry: RegistryDb | null = null;

export function registryDb(): RegistryDb {
  if (!registry) registry = new RegistryDb();
  return registry;
}

/** Record (or refresh) a store in the registry; counts are merged when not given. */
export async function registerStore(
  row: Partial<RegistryRow> & Pick<RegistryRow, 'name' | 'tenant' | 'user_id'>,
): Promise<void> {
  const db = registryDb();
  await db.transaction('rw', db.stores, async () => {
    const existing = await db.stores.get(row.name);
    await db.stores.put({
      username: null,
      full_name: null,
      pending: 0,
      failed: 0,
      ...existing,
      ...Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined)),
      updated_at: new Date().toISOString(),
    } as RegistryRow);
  });
}

export async function listStores(): Promise<RegistryRow[]> {
  return registryDb().stores.toArray();
}

/**
 * Stores of OTHER users of the same tenant on this device that still hold unsent or failed
 * changes (for a notice like "N changes of another user are waiting"). Use it with useLiveQuery.
 */
export async function otherUsersWaiting(tenant: string, userId: string): Promise<RegistryRow[]> {
  const rows = await registryDb().stores.where('tenant').equals(tenant).toArray();
  return rows.filter((r) => r.user_id !== userId && r.pending + r.failed > 0);
}
