import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';
import type { CompiledQuery, DatabaseConnection, Driver, QueryResult, TransactionSettings } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { Lender, LendingConnection, lendSpec } from './pglite-lending';

/**
 * Who goes first on the embedded database's ONE connection.
 *
 * PGlite has one connection: every statement, and every transaction from BEGIN to COMMIT, holds it
 * while the others queue. In arrival order, a long job of many statements (a 10,000-row import's
 * staging, the statistics' VACUUM table by table) and a user's request take turns statement by
 * statement — and a request needs several statements in a row (its session, then its data), so it
 * waits for one of the job's statements before each of its own, and a burst of requests waits for
 * dozens of them.
 *
 * Work marked as background (`inBackground`) therefore takes the connection only when no other
 * statement is waiting for it, and only after the event loop has had one turn to let a request
 * that has just had an answer ask its next question. A background waiter that has waited
 * BACKGROUND_MAX_WAIT_MS goes next anyway, so that a steady stream of requests cannot hold a job
 * back for ever. A transaction is one turn: once it has the connection, its statements run until
 * it ends, as before. On PostgreSQL (a pool of connections) none of this applies.
 */
const background = new AsyncLocalStorage<true>();

/** The longest a background statement or transaction waits while others go first. */
export const BACKGROUND_MAX_WAIT_MS = 250;

/**
 * Runs `work` with every statement it makes (on the embedded database) as background work.
 * Whatever `work` sets off in this process inherits the mark (an event listener it triggers runs
 * in its context), so such a statement also waits, at most BACKGROUND_MAX_WAIT_MS.
 */
export function inBackground<T>(work: () => Promise<T>): Promise<T> {
  return background.run(true, work);
}

/** The connection's turns: whoever holds it, and who waits, the users' statements first. */
export class Turns {
  private busy = false;
  private readonly waiting: (() => void)[] = [];
  private readonly later: { go: () => void; since: number }[] = [];
  private deferred = false;

  constructor(private readonly maxWaitMs = BACKGROUND_MAX_WAIT_MS) {}

  /** Resolves when the connection is the caller's; `give` hands it on. */
  take(isBackground: boolean): Promise<void> {
    if (!isBackground && !this.busy) {
      this.busy = true;
      return Promise.resolve();
    }
    return new Promise((go) => {
      if (isBackground) this.later.push({ go, since: Date.now() });
      else this.waiting.push(go);
      this.pass();
    });
  }

  give(): void {
    this.busy = false;
    this.pass();
  }

  /** Hands the connection on: a waiting user's statement, else (a turn of the loop later) a background one. */
  private pass(): void {
    if (this.busy) return;
    const first = this.later[0];
    if (first && Date.now() - first.since >= this.maxWaitMs) {
      this.later.shift();
      this.busy = true;
      first.go();
      return;
    }
    const user = this.waiting.shift();
    if (user) {
      this.busy = true;
      user();
      return;
    }
    if (this.later.length === 0 || this.deferred) return;
    // Let requests whose answer just arrived queue their next statement first.
    this.deferred = true;
    setImmediate(() => {
      this.deferred = false;
      if (this.busy) return;
      const user = this.waiting.shift();
      const next = user ?? this.later.shift()?.go;
      if (!next) return;
      this.busy = true;
      next();
    });
  }
}

/**
 * How long the connection has gone without users' statements: 0 while one holds it or waits,
 * else the time since the last one ended (background work does not count). Maintenance waits for
 * a quiet stretch (database.ts `whenQuiet`) rather than joining a burst of requests.
 */
export class Quiet {
  private active = 0;
  private endedAt = performance.now();

  begin(): void {
    this.active++;
  }

  end(): void {
    this.active = Math.max(0, this.active - 1);
    this.endedAt = performance.now();
  }

  forMs(): number {
    return this.active > 0 ? 0 : performance.now() - this.endedAt;
  }
}

/**
 * kysely-pglite-dialect's driver with its turns taken from `Turns` instead of in arrival order,
 * and a transaction started under `lendingReads` letting other users' reads in between its
 * statements (pglite-lending.ts).
 */
class PriorityDriver implements Driver {
  private readonly turns = new Turns();
  /** Whether each connection handed out went to background work (the turn it is released from). */
  private readonly backgroundTurns: boolean[] = [];
  /** The open transaction that lets reads in, if any. */
  private lender: Lender | null = null;

  constructor(
    private readonly inner: Driver,
    private readonly client: PGlite,
    private readonly quiet: Quiet,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const isBackground = background.getStore() === true;
    if (!isBackground && this.lender?.open) {
      this.quiet.begin();
      return new BorrowedConnection(this.lender, () => this.takeTurn(false));
    }
    const connection = await this.takeTurn(isBackground);
    const spec = lendSpec();
    return spec ? new LendingConnection(connection, spec) : connection;
  }

  /** The connection itself, in the caller's turn (`give` it back through releaseConnection). */
  private async takeTurn(isBackground: boolean): Promise<DatabaseConnection> {
    if (!isBackground) this.quiet.begin();
    await this.turns.take(isBackground);
    try {
      // Free whenever a turn is given: the inner driver answers at once.
      const connection = await this.inner.acquireConnection();
      this.backgroundTurns.push(isBackground);
      return connection;
    } catch (error) {
      if (!isBackground) this.quiet.end();
      this.turns.give();
      throw error;
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    if (connection instanceof BorrowedConnection) {
      const own = connection.release();
      // A statement that ran in a gap had no turn of its own; one that waited took one.
      if (own) await this.giveTurn(own);
      this.quiet.end();
      return;
    }
    if (connection instanceof LendingConnection) {
      if (this.lender === connection.lender) this.lender = null;
      await this.giveTurn(connection.inner);
      return;
    }
    await this.giveTurn(connection);
  }

  private async giveTurn(connection: DatabaseConnection): Promise<void> {
    // One connection, one turn at a time: the turn released is the one last handed out.
    const wasBackground = this.backgroundTurns.pop() === true;
    try {
      await this.inner.releaseConnection(connection);
    } finally {
      if (!wasBackground) this.quiet.end();
      this.turns.give();
    }
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    if (connection instanceof BorrowedConnection) {
      await this.inner.beginTransaction(await connection.own(), settings);
      return;
    }
    if (!(connection instanceof LendingConnection)) {
      await this.inner.beginTransaction(connection, settings);
      return;
    }
    const lender = new Lender(this.client, connection.spec, connection.inner);
    const lends = await lender.prepare();
    await this.inner.beginTransaction(connection.inner, settings);
    if (!lends) return;
    try {
      await lender.opened();
    } catch {
      // Begun: the transaction runs, only without lending.
      return;
    }
    connection.lender = lender;
    this.lender = lender;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    if (connection instanceof BorrowedConnection) return this.inner.commitTransaction(await connection.own());
    if (connection instanceof LendingConnection && connection.lender) connection.lender.open = false;
    return this.inner.commitTransaction(connection);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (connection instanceof BorrowedConnection)
      return this.inner.rollbackTransaction(await connection.own());
    if (connection instanceof LendingConnection && connection.lender) connection.lender.open = false;
    return this.inner.rollbackTransaction(connection);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/**
 * A user's statement that arrived while a lending transaction held the connection: it runs in one
 * of the transaction's gaps if it may (pglite-lending.ts), else in a turn of its own, after the
 * transaction — and so does everything after it on this connection.
 */
class BorrowedConnection implements DatabaseConnection {
  private turn: DatabaseConnection | null = null;
  private taking: Promise<DatabaseConnection> | null = null;

  constructor(
    private readonly lender: Lender,
    private readonly takeTurn: () => Promise<DatabaseConnection>,
  ) {}

  /** The connection in a turn of its own (taken once). */
  own(): Promise<DatabaseConnection> {
    this.taking ??= this.takeTurn().then((connection) => {
      this.turn = connection;
      return connection;
    });
    return this.taking;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.taking) {
      const lent = await this.lender.lend<R>(query);
      if (lent) return lent;
    }
    return (await this.own()).executeQuery<R>(query);
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    yield* (await this.own()).streamQuery<R>(query, chunkSize);
  }

  /** The turn taken, if any, to be given back. */
  release(): DatabaseConnection | null {
    return this.turn;
  }
}

/** The PGlite dialect whose connection goes to users' statements before background work. */
export class PriorityPGliteDialect extends PGliteDialect {
  /** The connection's quiet (see Quiet). */
  readonly quiet = new Quiet();

  constructor(private readonly client: PGlite) {
    super(client);
  }

  override createDriver(): Driver {
    return new PriorityDriver(super.createDriver(), this.client, this.quiet);
  }
}
