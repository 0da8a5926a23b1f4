import { DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR } from '../domain/constants';
import type { TenantInfo } from './tenants';

/**
 * Spec fallback when tenant info cannot be loaded. Kept in a file without zod so that the client's
 * start-up bundle (session store → login screen) does not pull in the schema library.
 */
export const FALLBACK_TENANT_INFO: TenantInfo = {
  tenant_id: 'default',
  company_name: 'OrderApp',
  subscription_plan: 'free',
  is_active: true,
  branding: {
    logo_url: null,
    primary_color: DEFAULT_PRIMARY_COLOR,
    secondary_color: DEFAULT_SECONDARY_COLOR,
    company_description: null,
  },
  settings: {
    timezone: 'Europe/Istanbul',
    currency: 'TRY',
    language: 'tr',
    order_number_prefix: 'ORD',
    customer_number_prefix: 'CUST',
  },
  // Unknown until the server says so: the login screen then points to the company's admin.
  password_reset_by_email: false,
};
