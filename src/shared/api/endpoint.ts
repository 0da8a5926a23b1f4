import type { z } from 'zod';
import type { Role } from '../domain/roles';

/**
 * One endpoint of the API, described once and used by both sides:
 * - the server registers its route from it (method, path, schemas, who may call it), so no path
 *   string or schema is written twice and a route is authenticated unless its entry says `public`;
 * - the client's `call(entry, …)` builds the URL from it and parses the answer with its response
 *   schema; the outbox's mutations are defined from entries (src/client/local/mutations).
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call it. 'public': no token (login, register, tenant info, health); 'user': any
 * signed-in user of the tenant (the service then applies finer rules, e.g. the status machine);
 * a list of roles: only those (403 for the others). Checked by the server's auth hook for every
 * /api route; the client's checks are only for the UX.
 */
export type Access = 'public' | 'user' | readonly Role[];

/** Spreadsheet files the API answers (the import's templates and refused rows). */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_TYPE = 'text/csv; charset=utf-8';
/** A tenant backup archive (gzip of NDJSON). */
export const GZIP_TYPE = 'application/gzip';
/** An invoice in UBL-TR XML. */
export const XML_TYPE = 'application/xml; charset=utf-8';
/** An accountant's export of invoices (XML files and a CSV summary). */
export const ZIP_TYPE = 'application/zip';

export interface Endpoint {
  method: HttpMethod;
  /** Relative to the API base, with `:name` parameters (`/orders/:id/status`). */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The `data` of the `{ success: true, data }` envelope — or the whole body when `envelope` is false. */
  response: z.ZodType;
  /** false for the bodies the spec gives whole (login/register `{ user, token }`, the product list). */
  envelope?: boolean;
  access: Access;
  /** Success statuses (default [200]). */
  statuses?: readonly number[];
  /**
   * Failure statuses this entry answers beyond the ones every entry of its kind answers
   * (`errorStatuses`): e.g. the login's 401 for a wrong password, a DNS provider's 502.
   */
  errors?: readonly number[];
  /** false: no `?tenant=` needed (the load balancer's health check). */
  tenant?: boolean;
  /** What keeps a write safe on replay (see WriteKind in ./routes.ts). */
  write?: string;
  /** The 403 text for a role outside `access` (default: the generic 'Bu işlem için yetkiniz yok.'). */
  denied?: string;
  /**
   * Open to a session signed in with a one-time password (shared/domain/one-time-password.ts):
   * the own profile, the password change, sign-out. Every other authenticated call of such a
   * session is refused with 403 PASSWORD_CHANGE_REQUIRED by the server's auth hook.
   */
  beforePasswordChange?: boolean;
  /**
   * A non-JSON answer (the delivery note's PDF, a product image): sent as is, no envelope, no
   * response schema. 'image/*': the handler names the exact type of each answer.
   */
  produces?:
    | 'application/pdf'
    | 'image/*'
    | typeof XLSX_TYPE
    | typeof CSV_TYPE
    | typeof GZIP_TYPE
    | typeof XML_TYPE
    | typeof ZIP_TYPE;
  /** A request body that is not JSON (an image upload): the handler reads it itself. */
  consumes?: 'multipart/form-data';
  /**
   * A stream that stays open (server-sent events, GET /events): no envelope, no response schema;
   * the handler takes over the response (reply.hijack) and writes its frames itself.
   */
  stream?: 'text/event-stream';
  /** A missing or non-object body is read as `{}` (the login's spec'd "fields required" answer). */
  emptyBodyAsObject?: boolean;
}

/** Declares an entry (identity, keeps the literal types of the schemas). */
export function endpoint<const E extends Endpoint>(entry: E): E {
  return entry;
}

type In<S> = S extends z.ZodType ? z.input<S> : undefined;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a caller passes (schema inputs) and what it gets back (the parsed response). */
export type ParamsIn<E extends Endpoint> = In<E['params']>;
export type QueryIn<E extends Endpoint> = In<E['query']>;
export type BodyIn<E extends Endpoint> = In<E['body']>;
export type ResponseOf<E extends Endpoint> = Out<E['response']>;
/** What the server's handler receives (schema outputs). */
export type ParamsOut<E extends Endpoint> = Out<E['params']>;
export type QueryOut<E extends Endpoint> = Out<E['query']>;
export type BodyOut<E extends Endpoint> = Out<E['body']>;
/** What the server's handler returns (the response schema's input). */
export type ResponseIn<E extends Endpoint> = In<E['response']>;

/** `/orders/:id/status` + `{ id }` → `/orders/3f…/status` (each value URL-encoded). */
export function buildPath(path: string, params?: Record<string, unknown> | null): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`Eksik adres parametresi: ${name} (${path})`);
    }
    return encodeURIComponent(String(value));
  });
}

/** Whether a user of `role` may call the entry (what the server's auth hook enforces). */
export function mayCall(entry: Pick<Endpoint, 'access'>, role: Role | null | undefined): boolean {
  if (entry.access === 'public') return true;
  if (!role) return false;
  if (entry.access === 'user') return true;
  return entry.access.includes(role);
}

/**
 * The failure statuses an entry answers, by what it is — each from the layer that answers it:
 * - 400: bad input (params, query, body), a malformed `?tenant=` or Idempotency-Key, a body that is
 *   not valid JSON;
 * - 401, 403: no valid session, a role outside `access`, another tenant's token; 403 also for an
 *   inactive tenant (any route with `?tenant=`);
 * - 404: no such record (a path parameter) or tenant;
 * - 409, 422: a write's conflicts and a reused Idempotency-Key;
 * - 413, 415: a write's body too large, or not of a type the route takes;
 * - 429: rate limits (writes and public routes);
 * - 500: a fault on the server (never the client's doing; the details only in its log);
 * - 503: the database unreachable, the server busy, maintenance;
 * plus the entry's own `errors`.
 */
export function errorStatuses(entry: Endpoint): number[] {
  const write = entry.method !== 'GET';
  const needsTenant = entry.tenant !== false;
  const isPublic = entry.access === 'public';
  const out = new Set<number>();
  if (needsTenant || entry.params || entry.query || entry.body || write) out.add(400);
  if (!isPublic) out.add(401);
  if (!isPublic || needsTenant) out.add(403);
  if (needsTenant || entry.params) out.add(404);
  if (write) for (const status of [409, 413, 415, 422]) out.add(status);
  if (write || isPublic) out.add(429);
  out.add(500);
  out.add(503);
  for (const status of entry.errors ?? []) out.add(status);
  return [...out].sort((a, b) => a - b);
}

/** Every status an entry answers: its successes and its failures (what its OpenAPI operation lists). */
export function answeredStatuses(entry: Endpoint): number[] {
  return [...new Set([...(entry.statuses ?? [200]), ...errorStatuses(entry)])].sort((a, b) => a - b);
}
