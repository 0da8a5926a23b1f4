import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, inBackground, openDatabase } from '../../src/server/db/database';

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
});
