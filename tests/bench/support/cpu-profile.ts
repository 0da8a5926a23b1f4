/**
 * A CPU profile of a page's main thread over a stretch of a bench (Chrome DevTools protocol),
 * summed up as the functions with the most self time and the share of each script. Where a bench
 * spends its time is what to look at before changing anything; the raw profile is written too
 * (open it in Chrome DevTools' Performance panel). Build the client unminified for readable names:
 *
 *   NODE_ENV=production npx vite build --mode production --outDir /tmp/dist-prof --minify false
 *   PROFILE=/tmp/first-sync.cpuprofile SKIP_BUILD=1 BENCH_DIST_DIR=/tmp/dist-prof \
 *     node --import tsx tests/bench/dexie-sync-bench.ts
 */
import { writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

export interface CpuProfiler {
  stop(): Promise<void>;
}

export async function startCpuProfile(page: Page, path: string): Promise<CpuProfiler> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  return {
    async stop() {
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
      writeFileSync(path, JSON.stringify(profile));
      summarize(profile, path);
      await cdp.detach();
    },
  };
}

function summarize(profile: Profile, path: string): void {
  // Self time per node: each sample's delta is charged to the node sampled.
  const self = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const id = samples[i] as number;
    self.set(id, (self.get(id) ?? 0) + (deltas[i] ?? 0) / 1000);
  }
  const byFunction = new Map<string, number>();
  const byScript = new Map<string, number>();
  for (const node of profile.nodes) {
    const ms = self.get(node.id) ?? 0;
    if (!ms) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url ? (url.split('/').pop() ?? url) : '(native)';
    const name = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
    byScript.set(file, (byScript.get(file) ?? 0) + ms);
  }
  const total = (profile.endTime - profile.startTime) / 1000;
  const top = (map: Map<string, number>, n: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, ms]) => `    ${ms.toFixed(0).padStart(7)} ms  ${name}`)
      .join('\n');
  console.log(`CPU profile (${path}), ${total.toFixed(0)} ms profiled; self time by script:`);
  console.log(top(byScript, 12));
  console.log('  by function:');
  console.log(top(byFunction, 40));
}
