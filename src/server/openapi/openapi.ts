import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { envelope, tenantQuery } from '../../shared/api/common';
import { type Endpoint, errorStatuses } from '../../shared/api/endpoint';
import { API, type ApiName } from '../../shared/api/endpoints';
import { apiErrorSchema, ERROR_CODES } from '../../shared/api/errors';
import { IDEMPOTENCY_HEADER, type WriteKind } from '../../shared/api/routes';

/**
 * The OpenAPI 3.1 document of the API, generated from the endpoint table (src/shared/api/endpoints/)
 * so that it cannot drift from what the server registers: each entry gives its method, path, who may
 * call it, and its zod contracts, converted to JSON Schema 2020-12 (the dialect of OpenAPI 3.1) by
 * `z.toJSONSchema`. Requests are described as a client may SEND them (`io: 'input'`: defaults make a
 * field optional, coercions accept the query's text), answers as the server SENDS them
 * (`io: 'output'`). What JSON Schema cannot say (a transform, a refinement such as "a valid
 * barcode") becomes an unconstrained schema; the server's own check still applies.
 */

type JsonSchema = Record<string, unknown>;
type Io = 'input' | 'output';

/** JSON Schema of a zod schema, without the `$schema` keyword (the document sets the dialect). */
export function jsonSchema(schema: z.ZodType, io: Io): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** `/orders/:id/status` → `/orders/{id}/status` (OpenAPI's path template). */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_]\w*)/g, '{$1}');
}

const WRITE_KINDS: Record<WriteKind, string> = {
  create: 'the client makes the record id; sending the same id again answers the first record',
  status:
    'the body names the status its user saw (`expected_status`): moved on → 409 CONFLICT with `current`',
  version:
    'the body names the version its user saw (`expected_version`): another version → 409 CONFLICT with `current`',
  ids: 'the body names the records it covers (`ids`); applying it twice is applying it once',
  idempotent: 'applying it twice is applying it once',
  session: 'sign-in, sign-out or the caller’s own profile (never queued offline)',
  demo: 'a demo-mode debug call (registered only in demo mode; 404 otherwise)',
  batch:
    'queued writes sent together: each entry is one of the writes above, with its own Idempotency-Key and its own check, answered as its single request would be',
};

function accessText(entry: Endpoint): string {
  if (entry.access === 'public') return 'Public: no token.';
  if (entry.access === 'user') return 'Any signed-in user of the tenant (finer rules apply per record).';
  return `Roles: ${entry.access.join(', ')} (403 for any other role).`;
}

/** One parameter per property of an object schema (path or query). */
function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const object = jsonSchema(schema, 'input');
  const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((object.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** The failures every route of a kind can answer (the `code` of the error envelope tells which). */
const ERROR_RESPONSES = {
  BadRequest: errorResponse(
    'Bad input: `code` VALIDATION_ERROR, `error` a Turkish text naming the field, `field` its name. Nothing was written.',
  ),
  Unauthorized: errorResponse(
    'No valid token, or its session was revoked or expired (`code` UNAUTHORIZED); on sign-in, a wrong username or password (INVALID_CREDENTIALS).',
  ),
  Forbidden: errorResponse(
    'The caller may not do this (`code` FORBIDDEN; on a public route: the action is switched off for the tenant, e.g. sign-up or password reset), the token belongs to another tenant (TENANT_MISMATCH) or the tenant is inactive (TENANT_INACTIVE).',
  ),
  NotFound: errorResponse(
    'No such record the caller may see (`code` NOT_FOUND), or no such tenant (TENANT_NOT_FOUND).',
  ),
  Conflict: errorResponse(
    'The record moved on since its user saw it (`code` CONFLICT, with `current`: the record as it is now), the status machine refuses the change (INVALID_TRANSITION), or the same Idempotency-Key is still being processed (IDEMPOTENCY_IN_FLIGHT).',
  ),
  KeyReused: errorResponse(
    'The Idempotency-Key was used for a different request (`code` IDEMPOTENCY_KEY_REUSED).',
  ),
  TooManyRequests: errorResponse('Rate limited (RATE_LIMITED) or the account is locked (ACCOUNT_LOCKED).'),
  Unavailable: errorResponse(
    'The database cannot be reached right now (`code` DATABASE_UNAVAILABLE, `Retry-After: 5`), the server is busy hashing passwords (SERVER_BUSY), or the tenant is in maintenance (MAINTENANCE). Retry later.',
  ),
  PayloadTooLarge: errorResponse('The body (or the uploaded file) is too large (`code` PAYLOAD_TOO_LARGE).'),
  UnsupportedMediaType: errorResponse(
    'The body is not of a type the route takes (`code` UNSUPPORTED_MEDIA_TYPE): JSON, or multipart/form-data for an upload, whose file must be one of the accepted types.',
  ),
  InternalError: errorResponse(
    'The request failed on the server (`code` INTERNAL_ERROR; the details are in its log).',
  ),
  ProviderError: errorResponse(
    'An outside service the call relies on failed (`code` DNS_PROVIDER_ERROR, the reason in `error`).',
  ),
};
type ErrorResponseName = keyof typeof ERROR_RESPONSES;
const ref = (name: ErrorResponseName) => ({ $ref: `#/components/responses/${name}` });

/** The shared description of each failure status (the envelope's `code` says which case). */
const ERROR_RESPONSE_OF: Record<number, ErrorResponseName> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  422: 'KeyReused',
  429: 'TooManyRequests',
  500: 'InternalError',
  502: 'ProviderError',
  503: 'Unavailable',
};

function successContent(entry: Endpoint): JsonSchema {
  if (entry.produces)
    return { [entry.produces]: { schema: { type: 'string', contentMediaType: entry.produces } } };
  if (entry.stream) return { [entry.stream]: { schema: { type: 'string' } } };
  const schema = entry.envelope === false ? entry.response : envelope(entry.response);
  return { 'application/json': { schema: jsonSchema(schema, 'output') } };
}

function operation(name: string, entry: Endpoint): JsonSchema {
  const needsTenant = entry.tenant !== false;
  const isPublic = entry.access === 'public';
  const parameters: JsonSchema[] = [
    ...parametersOf(entry.params, 'path'),
    ...(needsTenant ? [{ $ref: '#/components/parameters/tenant' }] : []),
    ...parametersOf(entry.query, 'query'),
    ...(entry.method !== 'GET' ? [{ $ref: '#/components/parameters/idempotencyKey' }] : []),
  ];
  const responses: Record<string, unknown> = {};
  for (const status of entry.statuses ?? [200]) {
    const description = status === 201 ? 'Created' : status >= 500 ? 'Answered, but degraded' : 'OK';
    responses[String(status)] = { description, content: successContent(entry) };
  }
  // Every failure the entry answers (the endpoint table's errorStatuses); in tests the server
  // refuses to send one that is not listed here (lib/route.ts).
  for (const status of errorStatuses(entry)) {
    const name = ERROR_RESPONSE_OF[status];
    if (!name) throw new Error(`${entry.method} ${entry.path}: no description of status ${status}`);
    responses[String(status)] ??= ref(name);
  }

  const write = entry.write as WriteKind | undefined;
  const description = [
    accessText(entry),
    ...(write ? [`Safe to replay: ${WRITE_KINDS[write]}.`] : []),
    ...(entry.denied ? [`Refused roles get: '${entry.denied}'.`] : []),
  ].join(' ');
  return {
    operationId: name,
    tags: [entry.path.split('/')[1] ?? 'api'],
    description,
    ...(isPublic ? { security: [] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(entry.consumes
      ? {
          requestBody: {
            required: true,
            content: {
              [entry.consumes]: {
                schema: {
                  type: 'object',
                  properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
                  required: ['file'],
                },
              },
            },
          },
        }
      : {}),
    ...(entry.body
      ? {
          requestBody: {
            required: !entry.emptyBodyAsObject,
            content: { 'application/json': { schema: jsonSchema(entry.body, 'input') } },
          },
        }
      : {}),
    responses,
    'x-access': entry.access,
    ...(write ? { 'x-write': write } : {}),
  };
}

/**
 * The version in this project's package.json: three levels up from the source
 * (src/server/openapi/), one up from the built server (dist-server/). The name is checked, so a
 * package.json of whatever lies around the build is never taken for ours.
 */
function packageVersion(): string {
  for (const path of ['../package.json', '../../../package.json']) {
    try {
      const json = JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as {
        name?: unknown;
        version?: unknown;
      };
      if (json.name === 'siparis-yonetim-sistemi') return String(json.version ?? '0.0.0');
    } catch {
      /* not here */
    }
  }
  return '0.0.0';
}

export interface OpenApiOptions {
  /** Whether the demo-mode debug calls are registered (and so listed). */
  demoMode: boolean;
  /** The table to describe (default: the API's). */
  endpoints?: Readonly<Record<string, Endpoint>>;
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, JsonSchema>>;
  [key: string]: unknown;
}

/** The whole document (plain JSON). */
export function openApiDocument({ demoMode, endpoints = API }: OpenApiOptions): OpenApiDocument {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [name, entry] of Object.entries(endpoints)) {
    if (!demoMode && (entry.write === 'demo' || entry.path.startsWith('/debug/'))) continue;
    const path = openApiPath(entry.path);
    const item = paths[path] ?? {};
    item[entry.method.toLowerCase()] = operation(name as ApiName, entry);
    paths[path] = item;
  }
  return {
    openapi: '3.1.1',
    info: {
      title: 'Sipariş Yönetim Sistemi API',
      version: packageVersion(),
      description: [
        'Multi-tenant order management. Every call names its tenant with `?tenant=` (except the health check) and, unless public, carries `Authorization: Bearer <token>` from POST /auth/login.',
        'Answers are `{ "success": true, "data": … }` (login, register and the product list give their body whole); failures are `{ "success": false, "error": "<Turkish text>", "code": "<CODE>", … }`.',
        'Writes may carry an `Idempotency-Key`: a retry with the same key answers the first outcome (`Idempotency-Replayed: true`) instead of applying twice.',
        'Generated from the endpoint table (src/shared/api/endpoints/).',
      ].join('\n\n'),
    },
    servers: [{ url: '/api' }],
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            'The `token` of POST /auth/login (HS256); it is valid only for the tenant it was issued in.',
        },
      },
      parameters: {
        tenant: {
          name: 'tenant',
          in: 'query',
          required: false,
          description:
            'The company (tenant slug), e.g. `demo`. Unknown → 404 TENANT_NOT_FOUND. Without it, the host decides: `demo.<BASE_DOMAIN>` is demo; local hosts, BASE_DOMAIN, www and api are the default tenant; a subdomain that names no company → 404 TENANT_NOT_FOUND.',
          schema: jsonSchema(tenantQuery.shape.tenant, 'input'),
        },
        idempotencyKey: {
          name: IDEMPOTENCY_HEADER,
          in: 'header',
          required: false,
          description:
            'A client-made key (1–200 visible characters, e.g. a UUID). The outcome is stored with the effect for 30 days; a retry with the same key replays it.',
          schema: { type: 'string', minLength: 1, maxLength: 200 },
        },
      },
      schemas: {
        Error: {
          ...jsonSchema(apiErrorSchema, 'output'),
          properties: {
            ...((jsonSchema(apiErrorSchema, 'output').properties ?? {}) as JsonSchema),
            code: { type: 'string', enum: [...ERROR_CODES] },
          },
        },
      },
      responses: ERROR_RESPONSES,
    },
  };
}
