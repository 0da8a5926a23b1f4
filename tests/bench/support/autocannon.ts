import { createRequire } from 'node:module';

/** The part of autocannon's API the benchmarks use (the package ships no types). */
export interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: AutocannonRequest) => AutocannonRequest | undefined;
}
export interface AutocannonOptions {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  duration?: number;
  maxOverallRequests?: number;
  requests?: AutocannonRequest[];
}
export interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}
export const autocannon = createRequire(import.meta.url)('autocannon') as (
  options: AutocannonOptions,
) => Promise<AutocannonResult>;

/** One autocannon run reduced to what the benches print. */
export interface Measured {
  name: string;
  /** total / duration: also right when maxOverallRequests ended the run early. */
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  /** Socket errors and timeouts. */
  errors: number;
  /** non2xx + errors. */
  bad: number;
}

export async function measure(
  name: string,
  options: AutocannonOptions & { connections: number; duration: number },
): Promise<Measured> {
  const result = await autocannon(options);
  const errors = result.errors + result.timeouts;
  return {
    name,
    rps: result.requests.total / Math.max(result.duration, 0.001),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors,
    bad: errors + result.non2xx,
  };
}
