import { z } from 'zod';
import { DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR } from '../domain/constants';

export const subscriptionPlanSchema = z.enum(['free', 'basic', 'pro', 'enterprise']);

export const brandingSchema = z.object({
  logo_url: z.string().nullable(),
  primary_color: z.string(),
  secondary_color: z.string(),
  company_description: z.string().nullable(),
});

export const tenantSettingsSchema = z.object({
  timezone: z.string(),
  currency: z.string(),
  language: z.string(),
  order_number_prefix: z.string(),
  customer_number_prefix: z.string(),
});

/** GET /tenants/info → data */
export const tenantInfoSchema = z.object({
  tenant_id: z.string(),
  company_name: z.string(),
  subscription_plan: subscriptionPlanSchema,
  is_active: z.boolean(),
  branding: brandingSchema,
  settings: tenantSettingsSchema,
});
export type TenantInfo = z.infer<typeof tenantInfoSchema>;

/** Spec fallback when tenant info cannot be loaded. */
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
};
