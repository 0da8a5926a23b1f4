import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, inBackground, lendingReads, openDatabase } from '../../src/server/db/database';
import { lentReadCounts } from '../../src/server/db/pglite-lending';

/**
 * On the embedded database (one connection) a long transaction started under `lendingReads` lets
 * other users' reads run between its statements — only reads, only of tables it does not write,
 * and only while every table it has written is one of those it named. Everything else waits for
 * its end as before, and sees only what it committed (src/server/db/pglite-lending.ts).
 */
let database: DatabaseHandle;

beforeAll(async () => {
  database = await openDatabase({});
  await database.pglite?.exec(`
    CREATE TABLE written (id int PRIMARY KEY, v text NOT NULL);
    CREATE TABLE other (id int PRIMARY KEY, v text NOT NULL);
    CREATE TABLE third (id int PRIMARY KEY, v text NOT NULL);
    CREATE VIEW written_view AS SELECT v FROM written;
    CREATE FUNCTION written_value() RETURNS text LANGUAGE sql STABLE AS 'SELECT v FROM written WHERE id = 1';`);
});
afterAll(async () => database?.close());

beforeEach(async () => {
  await database.pglite?.exec(`
    DELETE FROM written; DELETE FROM other; DELETE FROM third;
    INSERT INTO written VALUES (1, 'committed');
    INSERT INTO other VALUES (1, 'other');
    INSERT INTO third VALUES (1, 'third');`);
});

const value = async (query: Promise<{ rows: unknown[] }>) => (await query).rows[0];

describe('a long transaction lends its gaps to reads on the embedded database', () => {
  it("answers a read of a table it does not write between its statements; that read sees committed data, and the transaction's next statements run as before", async () => {
    const { db } = database;
    const log: string[] = [];
    const lentBefore = lentReadCounts.lent;
    await lendingReads(['written'], () =>
      db.transaction().execute(async (trx) => {
        await sql`UPDATE written SET v = 'first' WHERE id = 1`.execute(trx);
        log.push('tx: first write');
        const read = sql<{ v: string }>`SELECT v FROM other WHERE id = 1`
          .execute(db)
          .then((r) => log.push(`read other: ${r.rows[0]?.v}`));
        await sql`UPDATE written SET v = 'second' WHERE id = 1`.execute(trx);
        log.push('tx: second write');
        await read;
        // The role and savepoint of the read are gone: the transaction still writes and reads all.
        const own = await sql<{ v: string; who: string }>`
          SELECT v, current_user::text AS who FROM written WHERE id = 1`.execute(trx);
        log.push(`tx sees: ${own.rows[0]?.v} as ${own.rows[0]?.who}`);
      }),
    );
    expect(log).toEqual([
      'tx: first write',
      'read other: other',
      'tx: second write',
      'tx sees: second as postgres',
    ]);
    expect(lentReadCounts.lent).toBe(lentBefore + 1);
    expect(await value(sql`SELECT v FROM written WHERE id = 1`.execute(db))).toEqual({ v: 'second' });
  });

  it('never lets in a read of what it writes — by the table, a view or a function — nor a write: they run after it, on what it committed', async () => {
    const { db } = database;
    const log: string[] = [];
    const asked: Promise<unknown>[] = [];
    await lendingReads(['written'], () =>
      db.transaction().execute(async (trx) => {
        await sql`UPDATE written SET v = 'uncommitted' WHERE id = 1`.execute(trx);
        asked.push(
          sql<{ v: string }>`SELECT v FROM written WHERE id = 1`
            .execute(db)
            .then((r) => log.push(`table: ${r.rows[0]?.v}`)),
          sql<{ v: string }>`SELECT v FROM written_view`
            .execute(db)
            .then((r) => log.push(`view: ${r.rows[0]?.v}`)),
          sql<{ v: string }>`SELECT written_value() AS v`
            .execute(db)
            .then((r) => log.push(`function: ${r.rows[0]?.v}`)),
          sql`UPDATE other SET v = 'written meanwhile' WHERE id = 1`
            .execute(db)
            .then(() => log.push('write')),
        );
        for (let i = 0; i < 3; i++) await sql`SELECT pg_sleep(0.005)`.execute(trx);
        await sql`UPDATE written SET v = 'final' WHERE id = 1`.execute(trx);
        log.push('tx: end');
      }),
    );
    await Promise.all(asked);
    expect(log[0]).toBe('tx: end');
    expect(log.slice(1).sort()).toEqual(['function: final', 'table: final', 'view: final', 'write']);
    expect(await value(sql`SELECT v FROM other WHERE id = 1`.execute(db))).toEqual({
      v: 'written meanwhile',
    });
  });

  it('rolled back, it leaves nothing: the reads it let in saw only committed data, a write asked meanwhile still lands', async () => {
    const { db } = database;
    const seen: unknown[] = [];
    let write: Promise<unknown> = Promise.resolve();
    await expect(
      lendingReads(['written'], () =>
        db.transaction().execute(async (trx) => {
          await sql`UPDATE written SET v = 'doomed' WHERE id = 1`.execute(trx);
          await sql`INSERT INTO written VALUES (2, 'doomed too')`.execute(trx);
          seen.push(await value(sql`SELECT v FROM other WHERE id = 1`.execute(db)));
          write = sql`INSERT INTO other VALUES (2, 'kept')`.execute(db);
          await sql`SELECT pg_sleep(0.005)`.execute(trx);
          throw new Error('the job fails');
        }),
      ),
    ).rejects.toThrow('the job fails');
    await write;
    expect(seen).toEqual([{ v: 'other' }]);
    const written = await sql`SELECT id, v FROM written ORDER BY id`.execute(db);
    expect(written.rows).toEqual([{ id: 1, v: 'committed' }]);
    const other = await sql`SELECT id, v FROM other ORDER BY id`.execute(db);
    expect(other.rows).toEqual([
      { id: 1, v: 'other' },
      { id: 2, v: 'kept' },
    ]);
  });

  it('stops lending once it writes a table it did not name: a read asked after that waits for its end', async () => {
    const { db } = database;
    const log: string[] = [];
    let read: Promise<unknown> = Promise.resolve();
    await lendingReads(['written'], () =>
      db.transaction().execute(async (trx) => {
        await sql`UPDATE written SET v = 'x' WHERE id = 1`.execute(trx);
        await sql`UPDATE other SET v = 'not named' WHERE id = 1`.execute(trx);
        read = sql<{ v: string }>`SELECT v FROM third WHERE id = 1`
          .execute(db)
          .then((r) => log.push(`read third: ${r.rows[0]?.v}`));
        await sql`SELECT pg_sleep(0.005)`.execute(trx);
        await sql`SELECT pg_sleep(0.005)`.execute(trx);
        log.push('tx: end');
      }),
    );
    await read;
    expect(log).toEqual(['tx: end', 'read third: third']);
  });

  it('keeps other transactions and background work out of its gaps', async () => {
    const { db } = database;
    const log: string[] = [];
    const asked: Promise<unknown>[] = [];
    await lendingReads(['written'], () =>
      db.transaction().execute(async (trx) => {
        await sql`UPDATE written SET v = 'y' WHERE id = 1`.execute(trx);
        asked.push(
          db
            .transaction()
            .execute((other) => sql`SELECT v FROM other WHERE id = 1`.execute(other))
            .then(() => log.push('user transaction')),
          inBackground(() => sql`SELECT v FROM third WHERE id = 1`.execute(db)).then(() =>
            log.push('background'),
          ),
        );
        for (let i = 0; i < 3; i++) await sql`SELECT pg_sleep(0.005)`.execute(trx);
        log.push('tx: end');
      }),
    );
    await Promise.all(asked);
    expect(log[0]).toBe('tx: end');
    expect(log.slice(1).sort()).toEqual(['background', 'user transaction']);
  });
});
