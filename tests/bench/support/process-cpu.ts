/**
 * CPU time per kind of process (Linux /proc; an empty reading elsewhere): which of the server,
 * Chromium's processes and the bench itself spent a window's CPU. A bench reads it before and after
 * the window and prints `processCpuDelta(before, after)`.
 *
 * Kinds: Chromium's `browser` (its main process: IndexedDB's writes happen there), `renderer`,
 * `gpu`, `network`, other `utility`; `bench` (this process); `node` (every other Node process:
 * the server started by the bench and its helpers); `other`.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per thread (`pid/tid`), with its process's kind and the thread's name. */
export type ProcessCpu = Map<string, { kind: string; thread: string; ticks: number }>;

export function processCpu(): ProcessCpu {
  const reading: ProcessCpu = new Map();
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return reading;
  }
  for (const name of pids) {
    const pid = Number(name);
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      const kind = kindOf(pid, cmdline);
      if (kind === 'other') continue;
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        // The thread's name is in parentheses; after them, utime and stime are the 12th and 13th.
        const thread = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).replace(/\d+$/, '');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        reading.set(`${pid}/${tid}`, { kind, thread, ticks: Number(fields[11]) + Number(fields[12]) });
      }
    } catch {
      // The process ended while it was read.
    }
  }
  return reading;
}

function kindOf(pid: number, cmdline: string): string {
  if (pid === process.pid) return 'bench';
  if (/chrom/i.test(cmdline.split(' ')[0] ?? '')) {
    const type = /--type=(\S+)/.exec(cmdline)?.[1];
    if (!type) return 'browser';
    if (type === 'utility') return /network/i.test(cmdline) ? 'network' : 'utility';
    if (type === 'gpu-process') return 'gpu';
    return type;
  }
  if (/(^|\/)node\b/.test(cmdline.split(' ')[0] ?? '')) return 'node';
  return 'other';
}

/**
 * "renderer 5.22 s, browser 4.02 s, …": CPU seconds per kind between two readings, largest first;
 * with `threadsOf`, that kind's threads by name instead ("CrRendererMain 3.10 s, …").
 */
export function processCpuDelta(
  before: ProcessCpu,
  after: ProcessCpu,
  threadsOf?: string,
  ticksPerSecond = 100,
): string {
  const totals = new Map<string, number>();
  for (const [id, now] of after) {
    if (threadsOf && now.kind !== threadsOf) continue;
    const then = before.get(id);
    const spent = now.ticks - (then && then.kind === now.kind ? then.ticks : 0);
    const name = threadsOf ? now.thread : now.kind;
    if (spent > 0) totals.set(name, (totals.get(name) ?? 0) + spent);
  }
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .filter(([, ticks]) => ticks >= 2)
    .map(([name, ticks]) => `${name} ${(ticks / ticksPerSecond).toFixed(2)} s`)
    .join(', ');
}
