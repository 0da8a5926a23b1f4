import { AsyncLocalStorage } from 'node:async_hooks';
import type { DatabaseConnection, Driver, TransactionSettings } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';

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

/** kysely-pglite-dialect's driver with its turns taken from `Turns` instead of in arrival order. */
class PriorityDriver implements Driver {
  private readonly turns = new Turns();

  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.turns.take(background.getStore() === true);
    try {
      // Free whenever a turn is given: the inner driver answers at once.
      return await this.inner.acquireConnection();
    } catch (error) {
      this.turns.give();
      throw error;
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.releaseConnection(connection);
    } finally {
      this.turns.give();
    }
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** The PGlite dialect whose connection goes to users' statements before background work. */
export class PriorityPGliteDialect extends PGliteDialect {
  override createDriver(): Driver {
    return new PriorityDriver(super.createDriver());
  }
}
