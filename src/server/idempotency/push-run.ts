import { randomUUID } from 'node:crypto';
import { type ControlledTransaction, type Insertable, type Kysely, sql } from 'kysely';
import type { AuditLogsTable, Database } from '../db/schema';
import {
  insertOutcomes,
  type LockedKey,
  lockAndFindOutcomes,
  type OutcomeRow,
  type StoredOutcome,
} from './idempotency.repository';

/**
 * A RUN of a pushed batch (POST /sync/push): consecutive entries of one device applied in ONE
 * shared transaction instead of one transaction each — on the embedded database every statement
 * (BEGIN, COMMIT, the key's look-up and lock, its audit row and outcome) costs a parse and a plan
 * on the thread that also serves HTTP, and on PostgreSQL every COMMIT waits for the WAL flush.
 *
 * What makes a run answer exactly what the entries' own transactions would have answered:
 * - each entry runs inside a SAVEPOINT of the run: a refused entry (4xx) rolls back to it, i.e.
 *   only its own writes, and its refusal is stored as the single request stores it;
 * - the keys of the run are locked (advisory, as for a single request) and looked up in one
 *   statement at the run's start; the outcomes and audit rows of the entries are written together in one statement
 *   just before COMMIT — inside the same transaction as the changes, so a crash anywhere before
 *   the COMMIT leaves nothing of the run, and a replay of the batch applies each entry once;
 * - anything unexpected (an error that is not an answer to the request, a lost connection, a
 *   failed COMMIT, a key another process stored meanwhile) marks the run `broken`: the caller
 *   rolls the whole run back and sends its entries again one by one, each in its own transaction
 *   (the single request's path), which then gives the single answers, 5xx included;
 * - on PostgreSQL a run may hold the tenant's change counter (db/change-seq.ts) while a later
 *   entry of the run locks an order row: the reverse of every other writer's lock order. So the
 *   run waits for no lock longer than RUN_LOCK_TIMEOUT: rather than ever deadlocking with another
 *   writer, it gives up (broken) and falls back to one transaction per entry, which keeps the order.
 * The change announcements (NOTIFY) of a run are delivered at its COMMIT (those of an entry rolled
 * back to its savepoint are dropped with it), so live streams and the caches fed from reads only
 * ever see committed data.
 */

/**
 * DEFERRED WRITES. A service may answer a run's entry from what the run's transaction already
 * knows and leave its write to be made later, together with the next ones, in one statement: a
 * device's backlog of scans of one order is hundreds of entries, each otherwise a savepoint and a
 * statement on the one connection. That is exact only because nothing else runs in the
 * transaction before those writes are made: the run makes them (`flushDeferred`) before any other
 * entry's service runs — unless the deferral says it answers that entry from memory too (`takes`:
 * the very test its service makes, on the same state) — and before it writes its outcomes and
 * commits. An entry answered from memory needs no savepoint (it writes nothing). A flush that
 * fails breaks the run: it is rolled back and its entries sent one by one, where nothing is
 * deferred (only a run's transaction may defer: `mayDefer`).
 */
export interface Deferral {
  /** Whether the service would answer this entry from memory (no statement). */
  takes(entry: { action: string; body: unknown; userId: string }): boolean;
  /** Makes the deferred writes; the transaction then holds what the answers said. */
  flush(): Promise<void>;
}

const deferrals = new WeakMap<object, Deferral>();
const runTransactions = new WeakSet<object>();

/** Whether writes may be deferred in `trx`: a run's transaction, which flushes them (see above). */
export function mayDefer(trx: object): boolean {
  return runTransactions.has(trx);
}

/** Registers the deferral of `trx` (the one the run consults and flushes). */
export function deferWrites(trx: object, deferral: Deferral): void {
  if (runTransactions.has(trx)) deferrals.set(trx, deferral);
}

export function deferralOf(trx: object): Deferral | undefined {
  return deferrals.get(trx);
}

/** Makes the writes deferred in `trx`, if any (before anything else runs in it). */
export async function flushDeferred(trx: object): Promise<void> {
  const deferral = deferrals.get(trx);
  if (!deferral) return;
  deferrals.delete(trx);
  await deferral.flush();
}

/** Entries per run: small enough that a fallback redoes little, large enough to amortize. */
export const RUN_SIZE = 25;

/** The longest a run waits for a row or advisory lock before it falls back (see above). */
export const RUN_LOCK_TIMEOUT = '500ms';

export interface PushRun {
  /** The run's random id: the in-process requests of its entries carry it (a header). */
  readonly id: string;
  readonly trx: ControlledTransaction<Database>;
  readonly tenantId: string;
  readonly userId: string;
  /** The run's keys: locked by this transaction? and their outcome stored before the run. */
  readonly keys: Map<string, LockedKey>;
  /** Outcomes decided in this run (written at its end; a repeated key in the run replays them). */
  readonly decided: Map<string, StoredOutcome>;
  readonly outcomes: OutcomeRow[];
  readonly audits: Insertable<AuditLogsTable>[];
  savepoints: number;
  /** Something unexpected happened: the run must be rolled back and its entries sent one by one. */
  broken: boolean;
}

/** Opens a run's transaction and locks + looks up its keys. */
export async function beginRun(
  db: Kysely<Database>,
  tenantId: string,
  userId: string,
  keys: readonly string[],
): Promise<PushRun> {
  const trx = await db.startTransaction().execute();
  try {
    await sql`SELECT set_config('lock_timeout', ${RUN_LOCK_TIMEOUT}, true)`.execute(trx);
    const locked = await lockAndFindOutcomes(trx, tenantId, userId, keys);
    runTransactions.add(trx);
    return {
      id: randomUUID(),
      trx,
      tenantId,
      userId,
      keys: locked,
      decided: new Map(),
      outcomes: [],
      audits: [],
      savepoints: 0,
      broken: false,
    };
  } catch (error) {
    await trx
      .rollback()
      .execute()
      .catch(() => {});
    throw error;
  }
}

/**
 * Runs one entry's service inside a savepoint of the run: rolled back to it when `work` throws
 * (the error is rethrown; a failed rollback marks the run broken).
 */
export async function inSavepoint<T>(run: PushRun, work: () => Promise<T>): Promise<T> {
  const name = sql.raw(`push_entry_${++run.savepoints}`);
  await sql`SAVEPOINT ${name}`.execute(run.trx);
  try {
    return await work();
  } catch (error) {
    try {
      await sql`ROLLBACK TO SAVEPOINT ${name}`.execute(run.trx);
    } catch {
      run.broken = true;
    }
    throw error;
  }
}

/**
 * Writes the run's outcomes and audit rows, then commits. Returns false (and rolls back) when the
 * run is broken or any of this fails: nothing of the run is applied then.
 */
export async function commitRun(run: PushRun): Promise<boolean> {
  if (!run.broken) {
    try {
      await flushDeferred(run.trx);
      const stored = await insertOutcomes(run.trx, run.outcomes, run.audits);
      if (stored.size === run.outcomes.length) {
        await run.trx.commit().execute();
        return true;
      }
    } catch {
      /* rolled back below */
    }
  }
  await rollbackRun(run);
  return false;
}

export async function rollbackRun(run: PushRun): Promise<void> {
  run.broken = true;
  await run.trx
    .rollback()
    .execute()
    .catch(() => {});
}
