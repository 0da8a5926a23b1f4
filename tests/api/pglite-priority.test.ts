import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, inBackground, openDatabase, whenQuiet } from '../../src/server/db/database';

/**
 * On the embedded database a long background job (an import's staging, the statistics' VACUUM)
 * and a user's request share one connection. The request's statements, asked one after the other,
 * each wait at most for the job's statement that holds the connection — not for a job statement
 * before each of them (src/server/db/pglite-priority.ts).
 */
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({});
});
afterAll(async () => database?.close());

describe('the embedded database serves users before background work', () => {
  it("runs a request's three statements back to back while a 12-statement job is under way", async () => {
    const { db } = database;
    const log: string[] = [];
    let jobStarted!: () => void;
    const started = new Promise<void>((done) => {
      jobStarted = done;
    });
    const job = inBackground(async () => {
      for (let i = 0; i < 12; i++) {
        const statement = sql`SELECT pg_sleep(0.02)`.execute(db);
        if (i === 0) jobStarted();
        await statement;
        log.push('job');
      }
    });
    await started;
    // A request: its session, its data, a count — each asked as soon as the one before answered.
    for (let i = 0; i < 3; i++) {
      await sql`SELECT 1`.execute(db);
      log.push('user');
    }
    await job;
    expect(log.filter((entry) => entry === 'job')).toHaveLength(12);
    const firstUser = log.indexOf('user');
    expect(log.slice(firstUser, firstUser + 3)).toEqual(['user', 'user', 'user']);
    // It waited for the job's first statement at most.
    expect(firstUser).toBeLessThanOrEqual(1);
  });

  it('a transaction of background work is one turn: it runs whole once it has the connection', async () => {
    const { db } = database;
    const log: string[] = [];
    await db.schema.createTable('turns_probe').ifNotExists().addColumn('n', 'integer').execute();
    const job = inBackground(() =>
      db.transaction().execute(async (trx) => {
        for (let n = 0; n < 5; n++) {
          await sql`INSERT INTO turns_probe VALUES (${n})`.execute(trx);
          log.push('job');
        }
      }),
    );
    // Asked while the transaction is under way: it sees the job's rows all or none.
    await new Promise((done) => setImmediate(done));
    const seen = await sql<{ n: number }>`SELECT count(*)::int AS n FROM turns_probe`.execute(db);
    log.push('user');
    await job;
    expect([0, 5]).toContain(seen.rows[0]?.n);
    expect(log.filter((entry) => entry === 'job')).toHaveLength(5);
  });

  it("maintenance waits for a quiet moment: users' statements hold it back, background work does not", async () => {
    const { db } = database;
    const quietFor = database.quietForMs;
    expect(quietFor).toBeDefined();
    if (!quietFor) return;
    // Right after a user's statement, the connection has been quiet for next to nothing.
    await sql`SELECT 1`.execute(db);
    expect(quietFor()).toBeLessThan(1_000);
    // Background work (the maintenance itself) leaves it quiet.
    await new Promise((done) => setTimeout(done, 30));
    const before = quietFor();
    await inBackground(() => sql`SELECT pg_sleep(0.03)`.execute(db));
    expect(quietFor()).toBeGreaterThanOrEqual(before);
    // A run that waits for 300 ms of quiet while a user asks something every 100 ms for ~1 s
    // starts only after the last of them.
    let asking = true;
    let lastAsked = 0;
    const user = (async () => {
      const until = Date.now() + 1_000;
      while (Date.now() < until) {
        await sql`SELECT 1`.execute(db);
        lastAsked = Date.now();
        await new Promise((done) => setTimeout(done, 100));
      }
      asking = false;
    })();
    const started = await whenQuiet(quietFor, 300, 30_000).then(() => Date.now());
    await user;
    expect(asking).toBe(false);
    expect(started - lastAsked).toBeGreaterThanOrEqual(250);
    // Under steady use it goes anyway, once it has waited its longest.
    const steady = setInterval(() => void sql`SELECT pg_sleep(0.2)`.execute(db), 100);
    try {
      const t0 = Date.now();
      await whenQuiet(quietFor, 10_000, 600);
      expect(Date.now() - t0).toBeLessThan(5_000);
    } finally {
      clearInterval(steady);
    }
  });
});
