import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type { CompiledQuery, DatabaseConnection, QueryResult } from 'kysely';
import { yieldToArrivals } from '../lib/arrivals';

/**
 * Reads let in between the statements of a long transaction, on the embedded database's ONE
 * connection.
 *
 * A transaction holds PGlite's only connection from BEGIN to COMMIT: a bulk import's last step
 * (10,000 products written, their stock movements) made every other user wait for all of it.
 * A transaction started under `lendingReads(hidden, …)` instead lets other users' single
 * statements run between its own, INSIDE it, each in a savepoint that is always rolled back and
 * under a role that may only read, and may not read the `hidden` tables (the ones the transaction
 * writes). So a statement let in:
 *  - sees only committed data: every table it can read is one the transaction has not written
 *    (checked before each gap from PostgreSQL's own counts of the transaction's writes; a write to
 *    any other table stops the lending for the rest of the transaction), and no other transaction
 *    can commit meanwhile (one connection);
 *  - writes nothing (no write privilege; its savepoint is rolled back whatever it did);
 *  - cannot reach a hidden table by a view or a function either: PostgreSQL checks the role's
 *    privileges on every table the statement touches (views are not granted at all).
 * A statement refused for any reason (no privilege, the gap closed, an error) runs again after the
 * transaction, as it would have without the lending: nothing is lost and nothing seen early.
 * A user's own transaction never enters a gap; nor does background work. On PostgreSQL (a pool of
 * connections) none of this applies.
 */

export interface LendSpec {
  /** Tables the lending transaction writes: hidden from the reads it lets in. Sorted. */
  hidden: readonly string[];
  /** The read-only role the let-in statements run as (one per hidden list). */
  role: string;
}

const lending = new AsyncLocalStorage<LendSpec>();

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * Runs `work`; a transaction it starts on the embedded database lets other users' reads run
 * between its statements, except reads of `hidden` (every table the transaction writes).
 */
export function lendingReads<T>(hidden: readonly string[], work: () => Promise<T>): Promise<T> {
  const sorted = [...new Set(hidden)].sort();
  for (const name of sorted) if (!IDENTIFIER.test(name)) throw new Error(`not a table name: ${name}`);
  const role = `lent_reads_${createHash('sha256').update(sorted.join(',')).digest('hex').slice(0, 16)}`;
  return lending.run({ hidden: sorted, role }, work);
}

/** The lending mark of the caller's context, if any. */
export function lendSpec(): LendSpec | undefined {
  return lending.getStore();
}

/** Statements of the lending transaction and those let in, one at a time, in arrival order. */
class StatementLock {
  private tail: Promise<void> = Promise.resolve();

  lock(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => {
      release = resolve;
    });
    const ready = this.tail.then(() => release);
    this.tail = this.tail.then(() => next);
    return ready;
  }
}

/** Counts of statements let in and of those that ran after the transaction instead (tests, benches). */
export const lentReadCounts = { lent: 0, deferred: 0 };

const WRITES_SQL = `SELECT schemaname || '.' || relname AS rel,
       (n_tup_ins + n_tup_upd + n_tup_del)::float8 AS n
  FROM pg_stat_xact_user_tables`;

async function writeCounts(client: PGlite): Promise<Map<string, number>> {
  const { rows } = await client.query<{ rel: string; n: number }>(WRITES_SQL);
  return new Map(rows.map((r) => [r.rel, r.n]));
}

/** Roles set up in this process, per database (their grants follow the tables the migrations made). */
const rolesReady = new WeakMap<PGlite, Map<string, Promise<boolean>>>();

/**
 * The role of `spec`: SELECT on every table of the schema but the hidden ones, nothing else (no
 * view, no sequence, no write). Made or brought up to date once per process, before the first
 * lending transaction's BEGIN (the connection is the caller's then).
 */
function ensureRole(client: PGlite, spec: LendSpec): Promise<boolean> {
  let roles = rolesReady.get(client);
  if (!roles) {
    roles = new Map();
    rolesReady.set(client, roles);
  }
  let ready = roles.get(spec.role);
  if (!ready) {
    const hidden = spec.hidden.map((name) => `'${name}'`).join(', ') || `''`;
    ready = client
      .exec(
        `DO $lend$
         DECLARE t record;
         BEGIN
           BEGIN
             CREATE ROLE ${spec.role} NOLOGIN;
           EXCEPTION WHEN duplicate_object THEN NULL;
           END;
           FOR t IN SELECT c.oid::regclass AS rel, c.relname::text AS name
                      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') LOOP
             IF t.name IN (${hidden}) THEN
               EXECUTE format('REVOKE ALL ON %s FROM ${spec.role}', t.rel);
             ELSE
               EXECUTE format('GRANT SELECT ON %s TO ${spec.role}', t.rel);
             END IF;
           END LOOP;
         END $lend$`,
      )
      .then(
        () => true,
        (error: unknown) => {
          console.warn('PGlite: okuma rolü kurulamadı, uzun işlemler bağlantıyı paylaşmayacak:', error);
          roles.delete(spec.role);
          return false;
        },
      );
    roles.set(spec.role, ready);
  }
  return ready;
}

/** A transaction that lets reads in, while it is open. */
export class Lender {
  /** Between its BEGIN and its COMMIT / ROLLBACK, and lending still allowed. */
  open = false;
  /** The tables written so far were checked after the transaction's last own statement. */
  checked = false;
  /** Statements let in so far. */
  private lent = 0;
  private before = new Map<string, number>();
  private readonly hidden: Set<string>;
  readonly statements = new StatementLock();

  constructor(
    private readonly client: PGlite,
    readonly spec: LendSpec,
    /** The transaction's connection (the inner driver's). */
    readonly connection: DatabaseConnection,
  ) {
    this.hidden = new Set(spec.hidden.map((name) => `public.${name}`));
  }

  /** Before BEGIN (the role), then after it (what the transaction has written so far: nothing). */
  async prepare(): Promise<boolean> {
    return ensureRole(this.client, this.spec);
  }

  async opened(): Promise<void> {
    this.before = await writeCounts(this.client);
    this.open = true;
  }

  /**
   * One of the transaction's own statements, in its turn. First the gap: the database runs on this
   * thread and the transaction's statements follow one another without the event loop polling
   * for anything, so no request that arrived meanwhile would even be read. The gap yields to the
   * loop until a turn of it lets in no statement (a request's statements come one after another)
   * and no new connection or request, at most MAX_YIELD_MS.
   */
  async own<R>(run: () => Promise<R>): Promise<R> {
    if (this.open) await yieldToArrivals(() => this.lent);
    const unlock = await this.statements.lock();
    try {
      return await run();
    } finally {
      this.checked = false;
      unlock();
    }
  }

  /** Whether every table the transaction has written is hidden from the reads let in. */
  private async writesHidden(): Promise<boolean> {
    const now = await writeCounts(this.client);
    for (const [rel, n] of now) {
      if (n !== (this.before.get(rel) ?? 0) && !this.hidden.has(rel)) {
        console.warn(`PGlite: uzun işlem ${rel} tablosuna da yazdı; araya okuma alınmıyor`);
        return false;
      }
    }
    return true;
  }

  /**
   * Runs another user's statement in the next gap, read-only and blind to the hidden tables, or
   * answers null: the statement must wait for the transaction's end.
   */
  async lend<R>(query: CompiledQuery): Promise<QueryResult<R> | null> {
    const unlock = await this.statements.lock();
    try {
      const result = await this.inGap<R>(query);
      if (result) {
        this.lent++;
        lentReadCounts.lent++;
      } else lentReadCounts.deferred++;
      return result;
    } finally {
      unlock();
    }
  }

  private async inGap<R>(query: CompiledQuery): Promise<QueryResult<R> | null> {
    if (!this.open) return null;
    if (!this.checked) {
      if (!(await this.writesHidden().catch(() => false))) {
        this.open = false;
        return null;
      }
      this.checked = true;
    }
    let saved = false;
    try {
      await this.client.exec(`SAVEPOINT lent_read; SET LOCAL ROLE ${this.spec.role}`);
      saved = true;
      return await this.connection.executeQuery<R>(query);
    } catch {
      return null;
    } finally {
      if (saved) {
        // Undoes the role and anything the statement did. Should this fail, the transaction's
        // next statement fails too (it would run as the role) and the whole of it rolls back.
        await this.client.exec('ROLLBACK TO SAVEPOINT lent_read; RELEASE SAVEPOINT lent_read').catch(() => {
          this.open = false;
        });
      }
    }
  }
}

/** The lending transaction's connection: its own statements take their turns with those let in. */
export class LendingConnection implements DatabaseConnection {
  lender: Lender | null = null;

  constructor(
    readonly inner: DatabaseConnection,
    readonly spec: LendSpec,
  ) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const lender = this.lender;
    if (!lender) return this.inner.executeQuery<R>(query);
    return lender.own(() => this.inner.executeQuery<R>(query));
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    const lender = this.lender;
    const unlock = lender ? await lender.statements.lock() : () => {};
    try {
      yield* this.inner.streamQuery<R>(query, chunkSize);
    } finally {
      if (lender) lender.checked = false;
      unlock();
    }
  }
}
