import {
  type DefaultOptions,
  onlineManager,
  QueryClient,
  type QueryKey,
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
} from '@tanstack/react-query';
import type { BodyIn, Endpoint, ParamsIn, QueryIn, ResponseOf } from '../../shared/api/endpoint';
import { t } from '../shared-ui/i18n';
import { useUi } from '../state/ui';
import { ApiError } from './errors';
import { call } from './http';

/**
 * The data path of the online-only screens (the admin panel, tenants, logs, system status, and the
 * reference lists a dialog needs: the drivers, a delivery's proof). Their data is not mirrored into
 * the local store: it is asked of the server through the endpoint table, cached by TanStack Query,
 * and the cache is kept in the signed-in user's own database (./query-persist.ts) so a screen that
 * was visited online opens offline with what it showed then, read-only.
 *
 * THE CACHE RULES
 *  - Fresh for 5 minutes (`admin` preset: admin data, reference lists) or 1 minute (`logs`): a
 *    screen opened again within that time shows its cache and does not ask the server.
 *  - A failed read is retried up to 3 times, except when the server answered with a 4xx (a refusal
 *    or a missing record does not change by asking again).
 *  - Reads are asked again when the connection comes back.
 *  - Writes (`useApiMutation`) are never queued: offline they are refused at once with
 *    'requires the server' (these screens' changes are not part of the outbox).
 */
export const CACHE_PRESETS = {
  admin: { staleTime: 5 * 60_000 },
  logs: { staleTime: 60_000 },
} as const;
export type CachePreset = keyof typeof CACHE_PRESETS;

/**
 * How long an answer no screen uses stays in memory while the app runs (and so in the device's
 * copy, ./query-persist.ts); the copy itself never expires by age.
 */
export const CACHE_KEEP_MS = 24 * 60 * 60_000;

/** Retries after the first failure: none for a 4xx answer, up to 3 otherwise (network, timeout, 5xx). */
export const MAX_RETRIES = 3;
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  // A 200 carrying `error` is the server's refusal too, not a passing failure.
  if (error instanceof ApiError && error.status < 400) return false;
  return failureCount < MAX_RETRIES;
}

/** The client of one signed-in user (one per local store: never shared between users). */
export function createApiQueryClient(overrides: DefaultOptions['queries'] = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: CACHE_PRESETS.admin.staleTime,
        gcTime: CACHE_KEEP_MS,
        retry: shouldRetry,
        refetchOnReconnect: 'always',
        refetchOnWindowFocus: false,
        ...overrides,
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/** What a read sends: the entry's path parameters and query, typed by its schemas. */
export interface ApiQueryInput<E extends Endpoint> {
  params?: ParamsIn<E>;
  query?: QueryIn<E>;
}

/** The cache key of a read: the entry's method and path, then what it sends. */
export function apiQueryKey<E extends Endpoint>(entry: E, input: ApiQueryInput<E> = {}): QueryKey {
  return ['api', entry.method, entry.path, input.params ?? null, input.query ?? null];
}

/** A read's options (also what a test or a prefetch hands to `client.fetchQuery`). */
export function apiQueryOptions<E extends Endpoint>(
  entry: E,
  input: ApiQueryInput<E> = {},
  preset: CachePreset = 'admin',
) {
  return {
    queryKey: apiQueryKey(entry, input),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      call(entry, { params: input.params, query: input.query, signal }),
    staleTime: CACHE_PRESETS[preset].staleTime,
  };
}

export interface UseApiQueryOptions {
  preset?: CachePreset;
  /** false: do not ask (e.g. the user may not call it); a cached answer still shows. */
  enabled?: boolean;
}

/**
 * A read of a GET entry of the endpoint table, typed by it: `useApiQuery(API.drivers)`,
 * `useApiQuery(API.orderProof, { params: { id } })`. Offline it shows the cached answer (the
 * request waits for the connection instead of failing).
 */
export function useApiQuery<E extends Endpoint & { method: 'GET' }>(
  entry: E,
  input: ApiQueryInput<E> = {},
  options: UseApiQueryOptions = {},
): UseQueryResult<ResponseOf<E>, Error> {
  return useQuery({
    ...apiQueryOptions(entry, input, options.preset),
    enabled: options.enabled ?? true,
  }) as UseQueryResult<ResponseOf<E>, Error>;
}

/** A write refused on the device because it needs the server and there is no connection. */
export class RequiresServerError extends Error {
  constructor() {
    super(t('requiresServer'));
    this.name = 'RequiresServerError';
  }
}

/** What a write sends: the entry's path parameters, query and body, typed by its schemas. */
export interface ApiMutationInput<E extends Endpoint> {
  params?: ParamsIn<E>;
  query?: QueryIn<E>;
  body?: BodyIn<E>;
}

/** A write sent now or refused: offline it never reaches the network (nothing is queued). */
export function apiMutationFn<E extends Endpoint>(entry: E) {
  return async (input: ApiMutationInput<E>): Promise<ResponseOf<E>> => {
    if (!onlineManager.isOnline()) throw new RequiresServerError();
    return call(entry, { params: input.params, query: input.query, body: input.body });
  };
}

/**
 * A write of an online-only screen. It is sent now or not at all: offline it is refused at once
 * with 'requires the server' (shown as the app's error message), never queued. On success the
 * reads of the same path are asked again (`invalidates`: more paths whose reads it changes).
 */
export function useApiMutation<E extends Endpoint>(
  entry: E,
  options: { invalidates?: readonly Endpoint[] } = {},
): UseMutationResult<ResponseOf<E>, Error, ApiMutationInput<E>> {
  return useMutation<ResponseOf<E>, Error, ApiMutationInput<E>>({
    mutationFn: apiMutationFn(entry),
    onError: (error) => useUi.getState().showError(error.message),
    onSuccess: async (_data, _input, _result, context) => {
      for (const target of [entry, ...(options.invalidates ?? [])])
        await context.client.invalidateQueries({ queryKey: ['api', 'GET', target.path] });
    },
  });
}
