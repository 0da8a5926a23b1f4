import { afterEach, describe, expect, it, vi } from 'vitest';
import { Scheduler } from '../../src/server/lib/scheduler';

/** Background jobs: never two runs of one job at once, a failure never stops the job, stop waits. */
describe('Scheduler', () => {
  afterEach(() => vi.useRealTimers());

  it('runs a job on its interval, skips a tick while the previous run is still going', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    const scheduler = new Scheduler((_job, error) => errors.push(error));
    let runs = 0;
    let release: () => void = () => {};
    scheduler.every({
      name: 'slow',
      everyMs: 1000,
      run: () => {
        runs++;
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(runs).toBe(1); // still running: the ticks were skipped
    release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    release();
    await scheduler.stop();
    expect(errors).toEqual([]);
  });

  it('logs a failing run and runs the job again on its next tick', async () => {
    vi.useFakeTimers();
    const errors: string[] = [];
    const scheduler = new Scheduler((job, error) => errors.push(`${job}: ${(error as Error).message}`));
    let runs = 0;
    scheduler.every({
      name: 'flaky',
      everyMs: 500,
      run: async () => {
        runs++;
        if (runs === 1) throw new Error('boom');
      },
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    expect(errors).toEqual(['flaky: boom']);
    await scheduler.stop();
  });

  it('run(name) joins the run under way instead of starting a second one; stop waits for it', async () => {
    const scheduler = new Scheduler(() => {});
    let runs = 0;
    let finished = false;
    scheduler.every({
      name: 'backup',
      everyMs: 60_000,
      run: async () => {
        runs++;
        await new Promise((r) => setTimeout(r, 30));
        finished = true;
      },
    });
    const first = scheduler.run('backup');
    const second = scheduler.run('backup');
    await scheduler.stop();
    expect(finished).toBe(true);
    await Promise.all([first, second]);
    expect(runs).toBe(1);
    await expect(scheduler.run('missing')).rejects.toThrow('no job missing');
  });
});
