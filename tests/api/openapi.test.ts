import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/shared/api/routes';
import { type Api, startApi } from './support/harness';

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
