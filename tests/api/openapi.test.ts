import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { route } from '../../src/server/lib/route';
import { openApiPath } from '../../src/server/openapi/openapi';
import { type Endpoint, endpoint } from '../../src/shared/api/endpoint';
import { API } from '../../src/shared/api/endpoints';
import { ROUTES } from '../../src/shared/api/routes';
import { type Api, startApi } from './support/harness';
import { bodyShape } from './support/schemas';

/**
 * GET /api/openapi.json: the API described for other clients, generated from the endpoint table.
 * Fetched over a real socket like any client would (no token, no tenant), checked by an OpenAPI
 * 3.1 validator, and held to the table: every route listed with its method, nothing invented.
 */
interface Operation {
  operationId: string;
  security?: unknown[];
  parameters?: Array<{ $ref?: string; name?: string; in?: string; required?: boolean }>;
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: Record<string, unknown> }> }>;
}
interface Document {
  openapi: string;
  security: unknown[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme: string }> };
}

let api: Api;
let base: string;
beforeAll(async () => {
  api = await startApi();
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  const address = api.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => api?.close());

async function fetchDocument(
  origin: string,
): Promise<{ status: number; type: string | null; doc: Document }> {
  const response = await fetch(`${origin}/api/openapi.json`);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    doc: (await response.json()) as Document,
  };
}

const templated = (path: string) => path.replace(/:([A-Za-z_]\w*)/g, '{$1}');
const listed = (doc: Document) =>
  Object.entries(doc.paths)
    .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();

describe('GET /api/openapi.json', () => {
  it('answers without a token or a tenant, and is a valid OpenAPI 3.1 document', async () => {
    const { status, type, doc } = await fetchDocument(base);
    expect(status).toBe(200);
    expect(type).toMatch(/^application\/json/);
    expect(doc.openapi).toMatch(/^3\.1\./);
    const validator = new Validator();
    const result = await validator.validate(doc as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('lists every route of the endpoint table with its method, and no other', async () => {
    const { doc } = await fetchDocument(base);
    const table = Object.values(ROUTES)
      .map((route) => `${route.method} ${templated(route.path)}`)
      .sort();
    expect(listed(doc)).toEqual(table);
    for (const [name, route] of Object.entries(ROUTES))
      expect(doc.paths[templated(route.path)]?.[route.method.toLowerCase()]?.operationId).toBe(name);
  });

  it('says who must sign in (bearer), which calls need ?tenant=, and what a failure looks like', async () => {
    const { doc } = await fetchDocument(base);
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearer: [] }]);
    for (const route of Object.values(ROUTES)) {
      const op = doc.paths[templated(route.path)]?.[route.method.toLowerCase()] as Operation;
      const key = `${route.method} ${route.path}`;
      // public routes opt out of the document-wide bearer requirement; the others keep it
      expect({ key, open: op.security?.length === 0 }).toEqual({ key, open: route.access === 'public' });
      const tenant = (op.parameters ?? []).some((p) => p.$ref === '#/components/parameters/tenant');
      expect({ key, tenant }).toEqual({ key, tenant: !('tenant' in route && route.tenant === false) });
      if (route.access !== 'public')
        expect(op.responses['401']?.$ref, key).toBe('#/components/responses/Unauthorized');
    }
  });

  it('carries the request and answer contracts of the zod schemas', async () => {
    const { doc } = await fetchDocument(base);
    const status = doc.paths['/orders/{id}/status']?.patch as Operation;
    expect(status.parameters).toContainEqual(
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
    );
    const body = status.requestBody?.content['application/json']?.schema;
    expect(Object.keys(body?.properties ?? {})).toEqual(
      expect.arrayContaining(['status', 'expected_status']),
    );
    const list = doc.paths['/orders']?.get as Operation;
    // a query field with a default is optional for the caller
    expect(list.parameters).toContainEqual(
      expect.objectContaining({ name: 'page', in: 'query', required: false }),
    );
    const answer = list.responses['200']?.content?.['application/json']?.schema as {
      properties: Record<string, { properties?: Record<string, unknown> }>;
    };
    expect(Object.keys(answer.properties)).toEqual(['success', 'data']);
    expect(Object.keys(answer.properties.data?.properties ?? {})).toEqual(
      expect.arrayContaining(['orders', 'pagination']),
    );
    const pdf = doc.paths['/delivery-notes/generate/{orderId}']?.get as Operation;
    expect(Object.keys(pdf.responses['200']?.content ?? {})).toEqual(['application/pdf']);
  });

  it('leaves out the demo-mode debug calls when they are not registered', async () => {
    const plain = await startApi({ config: { demoMode: false }, database: api.database });
    try {
      const r = await plain.call<Document>('GET', '/openapi.json', { tenant: null });
      expect(r.status).toBe(200);
      const debug = listed(r.body).filter((route) => route.includes('/debug/'));
      expect(debug).toEqual([]);
      expect(listed(r.body).length).toBe(Object.keys(ROUTES).length - 3);
    } finally {
      await plain.close();
    }
  });
});

describe('every status each operation answers is listed', () => {
  const statusesOf = (doc: Document, method: string, path: string) =>
    Object.keys(doc.paths[path]?.[method]?.responses ?? {}).map(Number);

  it('lists what an independent fuzzer found missing: the login’s 401, the password reset’s 403, an upload’s 415', async () => {
    const { doc } = await fetchDocument(base);
    expect(statusesOf(doc, 'post', '/auth/login')).toContain(401);
    expect(statusesOf(doc, 'post', '/auth/forgot-password')).toContain(403);
    expect(statusesOf(doc, 'post', '/auth/reset-password')).toContain(403);
    expect(statusesOf(doc, 'post', '/products/images')).toContain(415);
    expect(statusesOf(doc, 'post', '/admin/company/logo')).toContain(415);
    // and what any write may meet on the way in: a body too large or of another type
    for (const [path, item] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(item))
        if (method !== 'get')
          expect({ op: `${method} ${path}`, has: [413, 415].every((s) => s in op.responses) }).toEqual({
            op: `${method} ${path}`,
            has: true,
          });
  });

  it('and each as the operation answers it: a wrong password is 401, a switched-off reset 403, a JSON upload 415', async () => {
    const { doc } = await fetchDocument(base);
    const seen: Array<[string, string, number]> = [];
    const login = await api.call('POST', '/auth/login', {
      body: { username: 'admin', password: 'yanlış-şifre' },
    });
    seen.push(['post', '/auth/login', login.status]);
    const forgot = await api.call('POST', '/auth/forgot-password', { body: { username: 'admin' } });
    seen.push(['post', '/auth/forgot-password', forgot.status]);
    const admin = await api.login('demo', 'admin');
    const upload = await api.call('POST', '/products/images', { token: admin.token, body: { url: 'x' } });
    seen.push(['post', '/products/images', upload.status]);
    expect(seen.map(([, , status]) => status)).toEqual([401, 403, 415]);
    for (const [method, path, status] of seen) expect(statusesOf(doc, method, path)).toContain(status);
  });

  it('in tests the server refuses to send a status its operation does not list: a 500 naming both, recorded', async () => {
    const teapot = endpoint({
      method: 'GET',
      path: '/test/teapot',
      access: 'public',
      tenant: false,
      response: z.object({ ok: z.boolean() }),
    });
    const plain = await startApi({
      database: api.database,
      routes: [
        async (app) =>
          route(app, teapot, async (request, reply) =>
            (request.query as { brew?: string }).brew
              ? reply.code(418).send({ success: false, error: 'Çaydanlık', code: 'NOT_FOUND' })
              : { success: true as const, data: { ok: true } },
          ),
      ],
    });
    try {
      expect((await plain.call('GET', '/test/teapot', { tenant: null })).status).toBe(200);
      const r = await plain.call('GET', '/test/teapot', { tenant: null, query: { brew: 1 } });
      expect(r.status).toBe(500);
      expect(r.body).toMatchObject({ success: false, code: 'INTERNAL_ERROR' });
      expect(String(r.body.error)).toContain('GET /api/test/teapot → 418');
      expect(plain.app.contractBreaches).toEqual(['GET /api/test/teapot → 418']);
    } finally {
      plain.app.contractBreaches.length = 0;
      await plain.close();
    }
  });
});

describe('expected_version and expected_status: docs/api.md says for each write what the server requires', () => {
  /** The table of docs/api.md: `| \`METHOD /path\` | \`field\` … | required / optional |`. */
  function documented(): string[] {
    const text = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');
    const rows: string[] = [];
    for (const line of text.split('\n')) {
      const m =
        /^\s*\| `(POST|PUT|PATCH|DELETE) ([^`]+)` \| `(expected_version|expected_status)`[^|]*\| (required|optional) \|\s*$/.exec(
          line,
        );
      if (m) rows.push(`${m[1]} ${m[2]} ${m[3]} ${m[4]}`);
    }
    return rows.sort();
  }

  /** The same from the endpoint table: the schema the server validates each body with. */
  function fromTable(): string[] {
    const rows: string[] = [];
    for (const entry of Object.values(API) as Endpoint[]) {
      if (entry.method === 'GET' || !entry.body) continue;
      const shape = bodyShape(entry.body);
      for (const field of ['expected_version', 'expected_status']) {
        if (!(field in shape)) continue;
        const result = entry.body.safeParse({});
        const required = !result.success && result.error.issues.some((i) => i.path.join('.') === field);
        rows.push(
          `${entry.method} ${openApiPath(entry.path)} ${field} ${required ? 'required' : 'optional'}`,
        );
      }
    }
    return rows.sort();
  }

  it('lists every write that names one, each as required or optional exactly as its schema (and the OpenAPI document) has it', async () => {
    expect(documented()).toEqual(fromTable());
    const { doc } = await fetchDocument(base);
    for (const row of fromTable()) {
      const [method = '', path = '', field = '', statement] = row.split(' ');
      const body = doc.paths[path]?.[method.toLowerCase()]?.requestBody?.content['application/json']
        ?.schema as { required?: string[] } | undefined;
      const schema = body?.required;
      expect({ row, required: (schema ?? []).includes(field) }).toEqual({
        row,
        required: statement === 'required',
      });
    }
  });

  it('the server refuses a required one missing with 400 naming it: stock adjustment, tenant edit, tenant settings', async () => {
    const warehouse = await api.login('demo', 'warehouse');
    const platform = await api.login('default', 'admin');
    const product = await api.db
      .selectFrom('products')
      .select('id')
      .where('tenant_id', '=', 'demo')
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    const calls: Array<[string, string, string, Record<string, unknown>]> = [
      [
        'PATCH',
        `/products/${product.id}/stock`,
        warehouse.token,
        { adjustment: 1, reason: 'manual_adjustment' },
      ],
      ['PUT', '/admin/tenants/client1', platform.token, { company_name: 'Client One', is_active: true }],
      ['PUT', '/admin/tenants/client1/settings', platform.token, { timezone: 'Europe/Istanbul' }],
    ];
    for (const [method, path, token, body] of calls) {
      const tenant = path.startsWith('/admin/tenants') ? 'default' : 'demo';
      const r = await api.call(method, path, { tenant, token, body });
      expect({ path, status: r.status, field: r.body.field }).toEqual({
        path,
        status: 400,
        field: 'expected_version',
      });
    }
  });
});
