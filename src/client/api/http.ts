import ky, { HTTPError, type KyInstance, type Options, TimeoutError } from 'ky';
import { parseWith } from '../../shared/api/contract-check';
import {
  type BodyIn,
  buildPath,
  type Endpoint,
  type ParamsIn,
  type QueryIn,
  type ResponseOf,
} from '../../shared/api/endpoint';
import { REQUEST_TIMEOUT_MS } from '../../shared/domain/constants';
import { PASSWORD_CHANGE_REQUIRED } from '../../shared/domain/one-time-password';
import { ApiError, NetworkError } from './errors';
import { observeMaintenance } from './maintenance';
import { getTenant } from './tenant';

/**
 * The one HTTP client: configurable API base (VITE_API_BASE, default `/api`), JSON,
 * 10 s timeout, bearer token when one is stored, `?tenant=` on every call. Responses: login and
 * register are returned whole; others are unwrapped to `data` when present; a body with `error`
 * raises ApiError carrying that text. A network failure raises NetworkError and NEVER signs out;
 * only a 401 (on anything but the login call itself) ends the session, through `onUnauthorized`.
 * A 403 PASSWORD_CHANGE_REQUIRED (the user signed in with a one-time password and has not set
 * their own yet) goes to `onPasswordChangeRequired`, whatever screen made the call: the app then
 * shows only its change-password screen.
 *
 * Screens do not call this directly for data: they read the local store (src/client/local), and
 * changes go through the outbox; data that is not mirrored (the online-only screens) is read with
 * useApiQuery (./query.ts). Direct calls are for sign-in/out, profile and tenant info.
 */
export interface HttpConfig {
  baseUrl: string;
  getToken: () => string | null;
  getTenant: () => string;
  onUnauthorized: (error: ApiError) => void;
  /** The server refused a call until the one-time password is replaced; `token`: the one sent. */
  onPasswordChangeRequired: (error: ApiError, token: string | null) => void;
  fetch?: typeof fetch;
}

const defaultBase = (import.meta.env?.VITE_API_BASE as string | undefined) ?? '/api';

let config: HttpConfig = {
  baseUrl: defaultBase,
  getToken: () => {
    try {
      return globalThis.localStorage?.getItem('token') ?? null;
    } catch {
      return null;
    }
  },
  getTenant,
  onUnauthorized: () => {},
  onPasswordChangeRequired: () => {},
};

export function configureHttp(partial: Partial<HttpConfig>): void {
  config = { ...config, ...partial };
}
export function getHttpConfig(): HttpConfig {
  return config;
}

/** The API's absolute base address (`baseUrl`, else the configured one, on this page's origin). */
export function absoluteBase(baseUrl?: string): string {
  const base = (baseUrl ?? config.baseUrl).replace(/\/$/, '');
  if (/^https?:\/\//.test(base)) return base;
  const origin = typeof window !== 'undefined' ? window.location.origin : 'http://localhost';
  return `${origin}${base}`;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  json?: unknown;
  searchParams?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  /** Send this token instead of the stored one (the outbox sends each entry with its owner's token). */
  token?: string | null;
  /** Return the body whole instead of unwrapping `data` (login/register). */
  whole?: boolean;
  /** Do not treat a 401 as the end of the session (the login call). */
  ignoreUnauthorized?: boolean;
  signal?: AbortSignal;
  /**
   * Send this tenant instead of the page's (the outbox sends each entry with the tenant it was
   * made in; a store opened for one tenant must never talk to another).
   */
  tenant?: string;
  /** Per-call API base and fetch (the sync engine may be given its own, e.g. in Node tests). */
  baseUrl?: string;
  fetch?: typeof fetch;
  /**
   * Called with a successful answer's headers as soon as they arrive, before its body is read and
   * parsed (the sync pull asks for its next page from them).
   */
  onHeaders?: (headers: Headers) => void;
}

function client(fetchImpl?: typeof fetch): KyInstance {
  return ky.create({
    timeout: REQUEST_TIMEOUT_MS,
    retry: 0,
    throwHttpErrors: true,
    fetch: fetchImpl ?? config.fetch,
  });
}

/** Low-level call: returns the parsed body (unwrapped unless `whole`). */
export async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const searchParams: Record<string, string> = { tenant: options.tenant ?? config.getTenant() };
  for (const [key, value] of Object.entries(options.searchParams ?? {})) {
    if (value !== undefined) searchParams[key] = String(value);
  }
  const token = options.token !== undefined ? options.token : config.getToken();
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (token) headers.Authorization = `Bearer ${token}`;
  const kyOptions: Options = {
    method: options.method ?? 'GET',
    searchParams,
    headers,
    signal: options.signal,
  };
  if (options.json !== undefined) kyOptions.json = options.json;
  let body: unknown;
  try {
    const response = await client(options.fetch)(`${absoluteBase(options.baseUrl)}${path}`, kyOptions);
    if (ownTenant(options)) observeMaintenance(response.headers);
    options.onHeaders?.(response.headers);
    const text = await readText(response);
    body = text ? JSON.parse(text) : undefined;
  } catch (error) {
    throw await translateError(error, options, token);
  }
  if (body && typeof body === 'object' && 'error' in body && (body as { error: unknown }).error) {
    const b = body as Record<string, unknown>;
    throw new ApiError(String(b.error), 200, typeof b.code === 'string' ? b.code : undefined, b);
  }
  if (options.whole) return body as T;
  if (body && typeof body === 'object' && 'data' in body) return (body as { data: T }).data;
  return body as T;
}

/**
 * The answer's text, read as bytes and decoded at once: for a large answer (a sync page of 2,000
 * orders, 4.7 MB of JSON) Chromium's `Response.text()` took 300–340 ms of the main thread against
 * 230–250 ms for the bytes and one UTF-8 decode (the same text: answers are UTF-8 JSON, and both
 * drop a byte-order mark).
 */
async function readText(response: Response): Promise<string> {
  return utf8.decode(await response.arrayBuffer());
}
const utf8 = new TextDecoder();

/** Is this call about the page's own company (maintenance notices only count for it)? */
function ownTenant(options: RequestOptions): boolean {
  return options.tenant === undefined || options.tenant === config.getTenant();
}

async function translateError(
  error: unknown,
  options: RequestOptions,
  token: string | null | undefined,
): Promise<Error> {
  if (error instanceof HTTPError) {
    let body: Record<string, unknown> | undefined;
    try {
      body = (await error.response.json()) as Record<string, unknown>;
    } catch {
      body = undefined;
    }
    const status = error.response.status;
    if (ownTenant(options))
      observeMaintenance(error.response.headers, typeof body?.code === 'string' ? body.code : undefined);
    const message = typeof body?.error === 'string' ? body.error : error.message;
    const apiError = new ApiError(
      message,
      status,
      typeof body?.code === 'string' ? body.code : undefined,
      body,
    );
    if (status === 401 && !options.ignoreUnauthorized) config.onUnauthorized(apiError);
    if (status === 403 && apiError.code === PASSWORD_CHANGE_REQUIRED)
      config.onPasswordChangeRequired(apiError, token ?? null);
    return apiError;
  }
  if (error instanceof TimeoutError) return new NetworkError('Sunucu zamanında yanıt vermedi.');
  if (error instanceof DOMException && error.name === 'AbortError') return error;
  if (error instanceof TypeError) return new NetworkError();
  return error instanceof Error ? error : new Error(String(error));
}

/** What `call` needs besides the entry: its params, query and body, typed by the entry's schemas. */
export type CallOptions<E extends Endpoint> = Omit<
  RequestOptions,
  'method' | 'json' | 'searchParams' | 'whole'
> & {
  params?: ParamsIn<E>;
  query?: QueryIn<E>;
  body?: BodyIn<E>;
};

/**
 * Calls an endpoint of the table (src/shared/api/endpoints/): builds the path from its params,
 * sends its method, query and body, and returns the answer parsed by the entry's response schema
 * (a drift between server and client fails here, loudly, instead of deep inside a screen).
 */
export async function call<E extends Endpoint>(
  entry: E,
  options: CallOptions<E> = {},
): Promise<ResponseOf<E>> {
  const { params, query, body, ...rest } = options;
  const data = await request<unknown>(buildPath(entry.path, params as Record<string, unknown> | undefined), {
    ...rest,
    method: entry.method,
    searchParams: query as RequestOptions['searchParams'],
    json: body,
    whole: entry.envelope === false,
  });
  return parseWith(entry.response, data) as ResponseOf<E>;
}

/** What a `produces` entry answers: the file and the name the server gave it. */
export interface FileAnswer {
  blob: Blob;
  /** From Content-Disposition (`filename*` preferred), or null when the server named none. */
  filename: string | null;
}

/** The file name of a Content-Disposition header (RFC 6266: `filename*=UTF-8''…` wins over `filename="…"`). */
export function dispositionFilename(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;\s]+)/i.exec(header);
  return plain?.[1] ?? plain?.[2] ?? null;
}

/**
 * Calls an entry that answers a file (`produces`, e.g. the delivery note's PDF): the raw bytes
 * as a Blob, no envelope. Failures are what `call` raises (ApiError with the server's Turkish
 * text, NetworkError; a 401 ends the session).
 */
export async function callFile<E extends Endpoint & { produces: string }>(
  entry: E,
  options: CallOptions<E> = {},
): Promise<FileAnswer> {
  const { params, query, body: _body, ...rest } = options;
  const searchParams: Record<string, string> = { tenant: rest.tenant ?? config.getTenant() };
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined) searchParams[key] = String(value);
  }
  const token = rest.token !== undefined ? rest.token : config.getToken();
  const headers: Record<string, string> = { Accept: entry.produces, ...(rest.headers ?? {}) };
  if (token) headers.Authorization = `Bearer ${token}`;
  const path = buildPath(entry.path, params as Record<string, unknown> | undefined);
  try {
    const response = await client(rest.fetch)(`${absoluteBase(rest.baseUrl)}${path}`, {
      method: entry.method,
      searchParams,
      headers,
      signal: rest.signal,
    });
    return {
      blob: await response.blob(),
      filename: dispositionFilename(response.headers.get('content-disposition')),
    };
  } catch (error) {
    throw await translateError(error, rest, token);
  }
}

/**
 * Calls an entry that takes a file (`consumes: multipart/form-data`, e.g. a product image): the
 * form data as the body, the JSON answer unwrapped and parsed by the entry's response schema.
 * Failures are what `call` raises. Never queued: an upload needs the server (its caller says so
 * when offline).
 */
export async function callUpload<E extends Endpoint & { consumes: 'multipart/form-data' }>(
  entry: E,
  form: FormData,
  options: Omit<CallOptions<E>, 'body' | 'query'> = {},
): Promise<ResponseOf<E>> {
  const { params, ...rest } = options;
  const token = rest.token !== undefined ? rest.token : config.getToken();
  const headers: Record<string, string> = { ...(rest.headers ?? {}) };
  if (token) headers.Authorization = `Bearer ${token}`;
  const path = buildPath(entry.path, params as Record<string, unknown> | undefined);
  let body: unknown;
  try {
    const response = await client(rest.fetch)(`${absoluteBase(rest.baseUrl)}${path}`, {
      method: entry.method,
      searchParams: { tenant: rest.tenant ?? config.getTenant() },
      headers,
      body: form,
      signal: rest.signal,
    });
    const text = await readText(response);
    body = text ? JSON.parse(text) : undefined;
  } catch (error) {
    throw await translateError(error, rest, token);
  }
  const data = body && typeof body === 'object' && 'data' in body ? (body as { data: unknown }).data : body;
  return parseWith(entry.response, data) as ResponseOf<E>;
}

/**
 * Opens a `stream` entry (GET /events: server-sent events) with fetch and the bearer token — not
 * EventSource, which cannot send an Authorization header (and a token in the URL would end up in
 * logs). Returns the raw Response; the caller reads its body (src/shared/api/sse.ts) and handles
 * a 401 itself. No timeout: the stream stays open until the caller aborts it.
 */
export async function openStream<E extends Endpoint & { stream: string }>(
  entry: E,
  options: {
    token: string;
    tenant: string;
    lastEventId?: string | null;
    baseUrl?: string;
    fetch?: typeof fetch;
    signal?: AbortSignal;
  },
): Promise<Response> {
  const url = `${absoluteBase(options.baseUrl)}${buildPath(entry.path)}?tenant=${encodeURIComponent(options.tenant)}`;
  const headers: Record<string, string> = {
    Accept: entry.stream,
    Authorization: `Bearer ${options.token}`,
  };
  if (options.lastEventId) headers['Last-Event-ID'] = options.lastEventId;
  const fetchImpl = options.fetch ?? config.fetch ?? globalThis.fetch;
  return fetchImpl(url, { headers, signal: options.signal, cache: 'no-store' });
}
