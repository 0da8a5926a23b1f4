import { z } from 'zod';
import { endpoint } from '../endpoint';
import { healthData } from '../health';
import { ROUTES } from '../routes';
import { tenantInfoSchema } from '../tenants';

/**
 * The service's own endpoints: health, the OpenAPI document, the tenant's public info. Spread into
 * `API` (./index.ts).
 */
export const SYSTEM_ENDPOINTS = {
  health: endpoint({ ...ROUTES.health, response: healthData, statuses: [200, 503] }),
  openapi: endpoint({
    ...ROUTES.openapi,
    response: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }),
    envelope: false,
  }),
  tenantInfo: endpoint({ ...ROUTES.tenantInfo, response: tenantInfoSchema }),
} as const;
