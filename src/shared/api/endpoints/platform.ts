import {
  dnsCheckParam,
  dnsCheckResponse,
  dnsListResponse,
  dnsSetupExistingResponse,
  dnsSetupWildcardResponse,
} from '../dns';
import { endpoint } from '../endpoint';
import {
  platformStatsSchema,
  registrationActionBody,
  registrationActionParams,
  registrationActionResponse,
  registrationListQuery,
  registrationListResponse,
} from '../registrations';
import { ROUTES } from '../routes';
import {
  adminTenantSchema,
  adminTenantsBody,
  adminTenantsQuery,
  createTenantBody,
  deleteTenantResponse,
  TENANT_MESSAGES,
  tenantIdParam,
  tenantUsageSchema,
  updateTenantBody,
  updateTenantSettingsBody,
} from '../tenant-admin';
import {
  createTenantAdminBody,
  resetTenantAdminBody,
  tenantAdminParams,
  tenantAdminSchema,
  tenantAdminsResponse,
} from '../tenant-admins';

/**
 * The platform admins' part of the endpoint table (spread into `API`, ./index.ts): tenant
 * management, DNS of tenant hosts, the review of company registrations.
 */
export const PLATFORM_ENDPOINTS = {
  adminTenants: endpoint({
    ...ROUTES.adminTenants,
    query: adminTenantsQuery,
    response: adminTenantsBody,
    envelope: false,
    denied: TENANT_MESSAGES.notPlatformAdmin,
  }),
  adminTenantGet: endpoint({
    ...ROUTES.adminTenantGet,
    params: tenantIdParam,
    response: adminTenantSchema,
    denied: TENANT_MESSAGES.notPlatformAdmin,
  }),
  adminTenantCreate: endpoint({
    ...ROUTES.adminTenantCreate,
    body: createTenantBody,
    response: adminTenantSchema,
    statuses: [200, 201],
    emptyBodyAsObject: true,
    denied: TENANT_MESSAGES.notPlatformAdmin,
  }),
  adminTenantUpdate: endpoint({
    ...ROUTES.adminTenantUpdate,
    params: tenantIdParam,
    body: updateTenantBody,
    response: adminTenantSchema,
    emptyBodyAsObject: true,
    denied: TENANT_MESSAGES.notPlatformAdmin,
  }),
  adminTenantSettings: endpoint({
    ...ROUTES.adminTenantSettings,
    params: tenantIdParam,
    body: updateTenantSettingsBody,
    response: adminTenantSchema,
    emptyBodyAsObject: true,
    denied: TENANT_MESSAGES.notPlatformAdmin,
  }),
  adminTenantDelete: endpoint({
    ...ROUTES.adminTenantDelete,
    params: tenantIdParam,
    response: deleteTenantResponse,
    denied: TENANT_MESSAGES.notPlatformAdmin,
  }),
  adminTenantUsage: endpoint({
    ...ROUTES.adminTenantUsage,
    params: tenantIdParam,
    response: tenantUsageSchema,
    denied: TENANT_MESSAGES.notPlatformAdmin,
  }),
  adminTenantAdmins: endpoint({
    ...ROUTES.adminTenantAdmins,
    params: tenantIdParam,
    response: tenantAdminsResponse,
    denied: TENANT_MESSAGES.notPlatformAdmin,
  }),
  adminTenantAdminCreate: endpoint({
    ...ROUTES.adminTenantAdminCreate,
    params: tenantIdParam,
    body: createTenantAdminBody,
    response: tenantAdminSchema,
    statuses: [200, 201],
    emptyBodyAsObject: true,
    denied: TENANT_MESSAGES.notPlatformAdmin,
  }),
  adminTenantAdminReset: endpoint({
    ...ROUTES.adminTenantAdminReset,
    params: tenantAdminParams,
    body: resetTenantAdminBody,
    response: tenantAdminSchema,
    emptyBodyAsObject: true,
    denied: TENANT_MESSAGES.notPlatformAdmin,
  }),
  // 502 DNS_PROVIDER_ERROR: the DNS provider refused or could not be reached.
  dnsSetupWildcard: endpoint({
    ...ROUTES.dnsSetupWildcard,
    response: dnsSetupWildcardResponse,
    errors: [502],
  }),
  dnsSetupExisting: endpoint({ ...ROUTES.dnsSetupExisting, response: dnsSetupExistingResponse }),
  dnsList: endpoint({ ...ROUTES.dnsList, response: dnsListResponse, errors: [502] }),
  dnsCheck: endpoint({ ...ROUTES.dnsCheck, params: dnsCheckParam, response: dnsCheckResponse }),
  adminRegistrations: endpoint({
    ...ROUTES.adminRegistrations,
    query: registrationListQuery,
    response: registrationListResponse,
  }),
  adminPlatformStats: endpoint({ ...ROUTES.adminPlatformStats, response: platformStatsSchema }),
  adminRegistrationAction: endpoint({
    ...ROUTES.adminRegistrationAction,
    params: registrationActionParams,
    body: registrationActionBody,
    response: registrationActionResponse,
    emptyBodyAsObject: true,
  }),
} as const;
