import { ROUTES } from '../../../shared/api/routes';
import { absoluteBase } from '../../api/http';
import { localDbName } from '../registry-name';
import { pullFetch } from './worker-fetch';

/**
 * A first sync's first page, asked for with the sign-in's answer.
 *
 * Why: between the sign-in's answer and the sync engine's first request, the app draws the
 * signed-in screens and creates the device's database — 0.3–0.6 s in which the server could
 * already be building the page (measured in Chromium on the 2-core test machine, 10,000 orders).
 * So when the answer names a user who has no database on this device yet (a first sync: the
 * engine will ask from cursor 0), that request is made at once. The engine's request for exactly
 * that page — same address, same query, same token — then takes this answer instead of asking
 * again; any other request goes to the network as usual, and an answer not claimed within
 * `HOLD_MS` is dropped.
 *
 * It changes nothing the page holds: the answer is the one the engine would have been given a
 * moment later (a change made in between comes with the next page or the next pull, as for any
 * page). The device's health report, which rides on a pull's first request, goes with the next one.
 *
 * Light on purpose (no Dexie, no schemas): the sign-in screen imports it, so the request leaves the
 * moment the answer is in.
 */
const HOLD_MS = 30_000;

interface EarlyPage {
  url: string;
  authorization: string;
  response: Promise<Response>;
  until: number;
}

let early: EarlyPage | null = null;

/** The pull's address for `query` as the HTTP client builds it (tenant first, then the query). */
function pullUrl(tenant: string, query: Record<string, string>): string {
  const url = new URL(`${absoluteBase()}${ROUTES.syncPull.path}`);
  url.searchParams.set('tenant', tenant);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.href;
}

/** The same request? Address and query compared as sets (their order is the client's business). */
function sameRequest(a: string, b: string): boolean {
  const x = new URL(a);
  const y = new URL(b);
  if (x.origin !== y.origin || x.pathname !== y.pathname) return false;
  const sorted = (u: URL) => [...u.searchParams].sort(([k1], [k2]) => (k1 < k2 ? -1 : k1 > k2 ? 1 : 0));
  return JSON.stringify(sorted(x)) === JSON.stringify(sorted(y));
}

/**
 * With the sign-in's answer: asks for the first page of `userId`'s first sync when this device
 * holds no database of theirs. Does nothing where the device's databases cannot be listed.
 */
export async function askFirstPageEarly(tenant: string, userId: string, token: string): Promise<void> {
  early = null;
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return;
  let names: string[];
  try {
    names = (await indexedDB.databases()).map((d) => d.name ?? '');
  } catch {
    return;
  }
  if (names.includes(localDbName(tenant, userId))) return;
  const url = pullUrl(tenant, { cursor: '0' });
  const authorization = `Bearer ${token}`;
  const request = new Request(url, { headers: { Authorization: authorization } });
  const response = (pullFetch() ?? fetch)(request);
  // Its failure is the engine's to see if it claims it; never an unhandled rejection.
  response.catch(() => undefined);
  early = { url, authorization, response, until: Date.now() + HOLD_MS };
}

/**
 * The answer asked for early for this request, once (the engine's pull `fetch` asks here first);
 * null for any other request. Aborting the request rejects the claimed answer.
 */
function claimEarlyPage(request: Request): Promise<Response> | null {
  const page = early;
  if (!page || request.method !== 'GET') return null;
  early = null;
  if (
    page.until < Date.now() ||
    request.headers.get('Authorization') !== page.authorization ||
    !sameRequest(request.url, page.url)
  )
    return null;
  if (request.signal.aborted) return Promise.reject(request.signal.reason);
  return new Promise<Response>((resolve, reject) => {
    const onAbort = () => reject(request.signal.reason);
    request.signal.addEventListener('abort', onAbort, { once: true });
    page.response.then(resolve, reject).finally(() => request.signal.removeEventListener('abort', onAbort));
  });
}

/**
 * `pageFetch` (the pull's fetch) answering the early page's request from it (`onClaim` then runs),
 * every other request itself; undefined without one (no workers: the HTTP client's own fetch).
 */
export function withEarlyPage(
  pageFetch: typeof fetch | undefined,
  onClaim: () => void,
): typeof fetch | undefined {
  if (!pageFetch) return undefined;
  return (input, init) => {
    const claimed = claimEarlyPage(new Request(input, init));
    if (!claimed) return pageFetch(input, init);
    onClaim();
    return claimed;
  };
}
