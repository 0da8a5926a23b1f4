import type { TenantInfo } from '../../shared/api/tenants';
import type { Tenant } from './tenants.repository';

/** GET /tenants/info: the public face of a tenant (spec "Tenant info"). */
export function toTenantInfo(tenant: Tenant, emailConfigured: boolean, demoMode: boolean): TenantInfo {
  return {
    tenant_id: tenant.id,
    company_name: tenant.company_name,
    subscription_plan: tenant.subscription_plan,
    is_active: tenant.is_active,
    branding: tenant.branding,
    settings: tenant.settings,
    password_reset_by_email: emailConfigured,
    demo_tools: demoMode && tenant.demo_data,
    password_policy: {
      min_length: tenant.password_min_length,
      require_strong: tenant.require_strong_password,
    },
  };
}
