import { z } from 'zod';

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
  /**
   * E-mail is configured: "Şifrenizi mi unuttunuz?" sends a reset link. Otherwise the login screen
   * tells the user to ask their company's admin.
   */
  password_reset_by_email: z.boolean(),
  /**
   * The demo tools (debug calls and their buttons) exist for this tenant: the server is in demo
   * mode and the demo seed made this tenant. Absent (the fallback): no.
   */
  demo_tools: z.boolean().optional(),
  /**
   * The company's password rule (shared/domain/password-rules.ts), for the screens where a user
   * sets a password to say it and check it before sending (the server enforces it). Absent: not
   * known yet (the fallback) — the screens then apply the shortest length any company allows.
   */
  password_policy: z.object({ min_length: z.number().int(), require_strong: z.boolean() }).optional(),
});
export type TenantInfo = z.infer<typeof tenantInfoSchema>;

/** Spec fallback when tenant info cannot be loaded (defined zod-free for the client bundle). */
