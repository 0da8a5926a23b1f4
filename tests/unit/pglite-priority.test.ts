import { describe, expect, it } from 'vitest';
import { Turns } from '../../src/server/db/pglite-priority';

/**
 * The embedded database's one connection goes to users' statements before background work
 * (src/server/db/pglite-priority.ts): a background job never makes a waiting user's statement wait
 * for more than the statement that holds the connection, and it still gets its turn.
 */
const nextTurnOfLoop = () => new Promise<void>((done) => setImmediate(done));

/** Takes a turn and records, in `order`, when it was given. */
function take(turns: Turns, order: string[], name: string, background: boolean): Promise<void> {
  return turns.take(background).then(() => {
    order.push(name);
  });
}

describe('turns on the embedded database connection', () => {
  it("gives a free connection to a user's statement at once", async () => {
    const turns = new Turns();
    const order: string[] = [];
    await take(turns, order, 'user', false);
    expect(order).toEqual(['user']);
  });

  it('lets every waiting user statement go before a background one that waited longer', async () => {
    const turns = new Turns(10_000);
    const order: string[] = [];
    await turns.take(false); // a statement holds the connection
    const job = take(turns, order, 'job', true);
    const first = take(turns, order, 'user 1', false);
    const second = take(turns, order, 'user 2', false);
    turns.give();
    await first;
    turns.give();
    await second;
    turns.give();
    await job;
    expect(order).toEqual(['user 1', 'user 2', 'job']);
  });

  it('waits a turn of the loop before background work, so that a user asking again right after an answer goes first', async () => {
    const turns = new Turns(10_000);
    const order: string[] = [];
    await turns.take(false);
    const job = take(turns, order, 'job', true);
    turns.give(); // the user's first statement ends; nobody else waits yet
    // The user's next statement, asked as soon as the answer is in (the same turn of the loop).
    await Promise.resolve();
    const next = take(turns, order, 'user again', false);
    await next;
    expect(order).toEqual(['user again']);
    turns.give();
    await job;
    expect(order).toEqual(['user again', 'job']);
  });

  it('gives a background job the connection when no user statement waits', async () => {
    const turns = new Turns(10_000);
    const order: string[] = [];
    const job = take(turns, order, 'job', true);
    await nextTurnOfLoop();
    await job;
    expect(order).toEqual(['job']);
    // While the job holds it, a user's statement waits, and goes right after it.
    const user = take(turns, order, 'user', false);
    await nextTurnOfLoop();
    expect(order).toEqual(['job']);
    turns.give();
    await user;
    expect(order).toEqual(['job', 'user']);
  });

  it('lets a background job that has waited its longest go before users that keep coming', async () => {
    const turns = new Turns(0); // every background waiter has waited "long enough"
    const order: string[] = [];
    await turns.take(false);
    const job = take(turns, order, 'job', true);
    const user = take(turns, order, 'user', false);
    turns.give();
    await job;
    turns.give();
    await user;
    expect(order).toEqual(['job', 'user']);
  });
});
