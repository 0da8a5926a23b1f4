import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { yieldToArrivals } from '../../src/server/lib/arrivals';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * Long work on the server's thread (an import's chunks, a lending transaction's statements) yields
 * to other users between its steps. Node accepts one new connection per turn of the event loop and
 * reads its request a turn later, so users who connect at the same moment must not be let in one
 * per step: the yield goes on while connections and requests keep arriving
 * (src/server/lib/arrivals.ts), and the app counts both.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const USERS = 20;

/** A separate process (this one's thread is busy with the work): USERS fresh connections at once. */
function connectAtOnce(url: string): Promise<number[]> {
  const script = `
    const http = require('node:http');
    const statuses = [];
    for (let i = 0; i < ${USERS}; i++)
      http.get(${JSON.stringify(url)}, { agent: false }, (res) => {
        res.resume();
        res.on('end', () => { statuses.push(res.statusCode); if (statuses.length === ${USERS}) console.log(JSON.stringify(statuses)); });
      });`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', () => resolve(out.trim() ? (JSON.parse(out) as number[]) : []));
  });
}

describe('long work yields until what arrived together is in', () => {
  it('twenty users connecting at once behind 15-ms steps are all read within a few steps, not one per step', async () => {
    let step = 0;
    const readAt: number[] = [];
    const onRequest = () => readAt.push(step);
    server.app.server.on('request', onRequest);
    try {
      const answered = connectAtOnce(`${server.apiBase}/health`);
      // The work: steps of 15 ms of this thread, a yield between them, until every user is read
      // and a few steps more (or a bound, should they never come).
      let doneAt = Number.POSITIVE_INFINITY;
      while (step < doneAt + 3 && step < 2_000) {
        const until = performance.now() + 15;
        while (performance.now() < until) {
          // busy: the database and the server share this thread
        }
        step++;
        if (readAt.length === USERS && doneAt === Number.POSITIVE_INFINITY) doneAt = step;
        // A bound far above any turn's time: the steps, not the clock, are what is compared.
        await yieldToArrivals(undefined, 60_000);
      }
      expect(await answered).toEqual(Array(USERS).fill(200));
      expect(readAt).toHaveLength(USERS);
      // Without the counting of arrivals (one turn per yield) they were read over 20 steps.
      expect(Math.max(...readAt) - Math.min(...readAt)).toBeLessThanOrEqual(3);
    } finally {
      server.app.server.off('request', onRequest);
    }
  });

  it("counts the caller's own steps too: a yield lasts while they go on, and ends when a turn brings nothing", async () => {
    let lent = 0;
    // Something arriving on each of five turns (as a lending gap's statements do), then nothing.
    const feed = (left: number) => {
      if (left === 0) return;
      setImmediate(() => {
        lent++;
        feed(left - 1);
      });
    };
    feed(5);
    await yieldToArrivals(() => lent, 60_000);
    expect(lent).toBe(5);
  });
});
