import { getHeapStatistics } from 'node:v8';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fullCollection, startHeapTrim } from '../../src/server/lib/heap-trim';

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  vi.useRealTimers();
});

describe('heap trim: the heap a big job grew goes back once the server is quiet', () => {
  it("V8's full collection is available and frees garbage", () => {
    const gc = fullCollection();
    expect(gc).toBeTypeOf('function');
    let garbage: number[][] | null = Array.from({ length: 200 }, () =>
      Array.from({ length: 20_000 }, (_, i) => i),
    );
    const withGarbage = getHeapStatistics().used_heap_size;
    garbage = null;
    gc?.();
    expect(garbage).toBeNull();
    // ~32 MB of arrays were garbage: the collection gives most of it back.
    expect(getHeapStatistics().used_heap_size).toBeLessThan(withGarbage - 16 * 1024 * 1024);
  });

  it('collects only when users are quiet and the slack is large, at most once per gap', () => {
    // The checks' clock is faked: each step below is a known number of checks.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
    let quiet = 0;
    let slack = 100;
    let collections = 0;
    stops.push(
      startHeapTrim(() => quiet, {
        everyMs: 10,
        quietMs: 50,
        slackBytes: 64,
        minGapMs: 200,
        slack: () => slack,
        collect: () => {
          collections++;
          slack = 0;
        },
      }),
    );
    vi.advanceTimersByTime(80);
    expect(collections).toBe(0); // users active
    quiet = 1_000;
    vi.advanceTimersByTime(80);
    expect(collections).toBe(1);
    slack = 100; // grown again at once: waits for the gap
    vi.advanceTimersByTime(60);
    expect(collections).toBe(1);
    vi.advanceTimersByTime(250);
    expect(collections).toBe(2);
    slack = 10; // small slack: nothing to hand back
    vi.advanceTimersByTime(300);
    expect(collections).toBe(2);
  });
});
