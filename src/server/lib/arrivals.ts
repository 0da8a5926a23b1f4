import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Yielding to other users in the middle of long work (an import's chunks, an archive's tables,
 * the statements of a transaction that lends its gaps), so that what arrived meanwhile is served.
 *
 * One turn of the event loop is not enough: Node accepts ONE new connection per turn and reads
 * its request on a later one. Twenty users whose browsers open a connection at the same moment
 * behind work that yields one turn between 20-ms steps were answered over 400 ms, one per step;
 * yielding until a turn brings nothing new answers them all within the same gap. So the server
 * counts what arrives (a connection accepted, a request read; `noteArrival`), and a yield goes on
 * turning the loop while the last turn brought something, up to a bound that keeps the long work
 * moving under a steady stream of requests.
 */

let arrivals = 0;

/** A connection accepted or a request read: the HTTP server calls it for each. */
export function noteArrival(): void {
  arrivals++;
}

/** The longest a yield waits for arrivals before the long work takes its next step. */
export const MAX_YIELD_MS = 50;

/**
 * Yields to the event loop, and again while the last turn let something in: an arrival, or a step
 * of `more` (a counter of the caller's own — e.g. statements run in its gap). At most `maxMs`.
 */
export async function yieldToArrivals(more?: () => number, maxMs = MAX_YIELD_MS): Promise<void> {
  const since = performance.now();
  for (;;) {
    const before = arrivals + (more ? more() : 0);
    await nextTurn();
    if (arrivals + (more ? more() : 0) === before || performance.now() - since >= maxMs) return;
  }
}
