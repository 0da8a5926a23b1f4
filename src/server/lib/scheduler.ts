import { inBackground } from '../db/pglite-priority';

/**
 * The server's background jobs (backups, log retention, the e-mail queue): each runs every `ms`,
 * never twice at once (a run that outlasts its interval makes the next tick skip), and its errors
 * are logged, never thrown — a job that fails once runs again on its next tick instead of quietly
 * stopping. Timers are unref'd (they never keep the process alive) and stop when the app closes.
 * `run(name)` starts a job now and waits for it: admin actions ("back up now") and tests use it.
 * A job's statements are background work on the embedded database (db/pglite-priority.ts): a
 * user's statement waiting for the one connection goes first.
 */
export interface Job {
  name: string;
  everyMs: number;
  run: () => Promise<void>;
}

export class Scheduler {
  private readonly jobs = new Map<string, Job>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Map<string, Promise<void>>();
  private stopped = false;

  constructor(private readonly onError: (job: string, error: unknown) => void) {}

  /** Registers a job; it first runs one interval from now. */
  every(job: Job): void {
    if (this.jobs.has(job.name)) throw new Error(`job ${job.name} registered twice`);
    this.jobs.set(job.name, job);
    const timer = setInterval(() => {
      if (!this.running.has(job.name)) void this.run(job.name);
    }, job.everyMs);
    timer.unref();
    this.timers.push(timer);
  }

  /** Runs the job now (or joins the run under way) and resolves when it has finished. */
  run(name: string): Promise<void> {
    const job = this.jobs.get(name);
    if (!job) return Promise.reject(new Error(`no job ${name}`));
    const current = this.running.get(name);
    if (current) return current;
    if (this.stopped) return Promise.resolve();
    const run = inBackground(job.run)
      .catch((error: unknown) => this.onError(name, error))
      .finally(() => this.running.delete(name));
    this.running.set(name, run);
    return run;
  }

  /** Stops the timers and waits for the runs under way (the app's onClose). */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    await Promise.allSettled([...this.running.values()]);
  }
}
