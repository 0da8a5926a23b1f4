/**
 * Start-up prints how long each step took, one line each (`Başlatma: <step> — <n> ms`): a slow
 * start then shows where its time went without a profiler. Used by main.ts and the first start's
 * set-up thread (seed/setup.ts); the launcher (scripts/start.mjs) prints its own steps the same way.
 */
export function stepLine(label: string, ms: number): void {
  console.log(`Başlatma: ${label} — ${Math.round(ms)} ms`);
}

export async function step<T>(label: string | ((result: T) => string), work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  stepLine(typeof label === 'string' ? label : label(result), performance.now() - started);
  return result;
}
