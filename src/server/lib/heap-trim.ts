import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Hands back the JavaScript heap a big job grew, once the server is quiet.
 *
 * A 10,000-row product import or a first sync of 10,000 orders makes hundreds of megabytes of
 * short-lived objects; V8 grows its heap for them and keeps the grown heap after they are garbage,
 * collecting it only when more is allocated. A small server that then sits idle held ~100 MB of
 * such heap for minutes (measured after two imports: 425–432 MiB resident against ~260 idle; a
 * full collection brought it to ~360 at once). So: every HEAP_TRIM_EVERY_MS, when the heap holds
 * at least HEAP_TRIM_SLACK_BYTES more than its live objects and nobody has used the database for
 * HEAP_TRIM_QUIET_MS, one full collection runs. It takes tens of milliseconds on a heap of this
 * size, at a moment nobody is waiting; a collection right after one does nothing (the slack is
 * gone), and at most one runs per HEAP_TRIM_MIN_GAP_MS.
 *
 * The collection is V8's own (`gc`, which Node exposes only with --expose-gc: `npm start` sets
 * the flag at launch, and the function is taken from a fresh context, leaving the app's global
 * scope as it was).
 * Where that is refused, nothing runs and V8's own pace applies.
 */
const HEAP_TRIM_EVERY_MS = 5_000;
const HEAP_TRIM_SLACK_BYTES = 48 * 1024 * 1024;
const HEAP_TRIM_QUIET_MS = 3_000;
const HEAP_TRIM_MIN_GAP_MS = 30_000;

let collector: (() => void) | null | undefined;

/** V8's full collection, or null where it cannot be had. */
export function fullCollection(): (() => void) | null {
  if (collector !== undefined) return collector;
  try {
    // `npm start` sets the flag before the server's code is compiled (scripts/start.mjs): a flag
    // changed later changes V8's flag hash, and a code cache written after it would be refused
    // by the next start. Only another entry point (tests, the dev server) sets it here.
    if (runInNewContext('typeof gc') !== 'function') setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as unknown;
    collector = typeof gc === 'function' ? (gc as () => void) : null;
  } catch {
    collector = null;
  }
  return collector;
}

/** What the heap holds beyond its live objects, in bytes. */
function heapSlack(): number {
  const heap = getHeapStatistics();
  return heap.total_heap_size - heap.used_heap_size;
}

/**
 * Starts the checks; returns what stops them. `quietForMs`: how long users have left the server
 * alone (the embedded database's connection: database.ts `quietForMs`). The options are for tests
 * (the collection and the slack may be given too).
 */
export function startHeapTrim(
  quietForMs: () => number,
  options: {
    everyMs?: number;
    slackBytes?: number;
    quietMs?: number;
    minGapMs?: number;
    collect?: () => void;
    slack?: () => number;
  } = {},
): () => void {
  const everyMs = options.everyMs ?? HEAP_TRIM_EVERY_MS;
  const slackBytes = options.slackBytes ?? HEAP_TRIM_SLACK_BYTES;
  const quietMs = options.quietMs ?? HEAP_TRIM_QUIET_MS;
  const minGapMs = options.minGapMs ?? HEAP_TRIM_MIN_GAP_MS;
  const slack = options.slack ?? heapSlack;
  const gc = options.collect ?? fullCollection();
  if (!gc) return () => undefined;
  let last = Number.NEGATIVE_INFINITY;
  const timer = setInterval(() => {
    const now = performance.now();
    if (now - last < minGapMs || quietForMs() < quietMs || slack() < slackBytes) return;
    last = now;
    gc();
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
