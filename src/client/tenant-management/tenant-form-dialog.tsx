import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, type ReactNode, useLayoutEffect, useState } from 'react';
import { API } from '../../shared/api/endpoints';
import {
  type AdminTenant,
  adminTenantSchema,
  descriptionAfterRename,
  TENANT_CURRENCIES,
  TENANT_DEFAULTS,
  TENANT_LANGUAGES,
  TENANT_PLANS,
  TENANT_TIMEZONES,
  type UpdateTenantBody,
} from '../../shared/api/tenant-admin';
import { isBrandColour } from '../../shared/domain/brand-colour';
import { ApiError } from '../api/errors';
import { type MessageKey, useT } from '../shared-ui/i18n';
import { EntityFormDialog } from '../shared-ui/kit/entity-form-dialog';
import { useUi } from '../state/ui';
import { type FirstAdminLogin, makeOneTimePassword } from './one-time-password';
import { TenantAdminsSection } from './tenant-admins';
import { useTenantMutation } from './tenant-api';
import { planKey } from './tenant-rows';
import { SameNameWarning } from './tenant-same-name';
import { TenantUsagePanel } from './tenant-usage';

/**
 * The form's values, as typed. The server checks every field and names a wrong one; the form
 * checks the colours itself too (a browser's colour input would turn a typed name into black).
 */
interface TenantForm {
  company_name: string;
  subdomain: string;
  subscription_plan: AdminTenant['subscription_plan'];
  is_active: boolean;
  logo_url: string;
  primary_color: string;
  secondary_color: string;
  company_description: string;
  timezone: string;
  currency: string;
  language: string;
  order_number_prefix: string;
  customer_number_prefix: string;
  admin_full_name: string;
  admin_username: string;
  admin_email: string;
}

type ColourField = 'primary_color' | 'secondary_color';

const EMPTY: TenantForm = {
  company_name: '',
  subdomain: '',
  subscription_plan: TENANT_DEFAULTS.subscription_plan,
  is_active: TENANT_DEFAULTS.is_active,
  logo_url: '',
  primary_color: TENANT_DEFAULTS.branding.primary_color,
  secondary_color: TENANT_DEFAULTS.branding.secondary_color,
  company_description: '',
  ...TENANT_DEFAULTS.settings,
  admin_full_name: '',
  admin_username: '',
  admin_email: '',
};

function formOf(tenant: AdminTenant): TenantForm {
  return {
    company_name: tenant.company_name,
    subdomain: tenant.subdomain,
    subscription_plan: tenant.subscription_plan,
    is_active: tenant.is_active,
    logo_url: tenant.branding.logo_url ?? '',
    primary_color: tenant.branding.primary_color,
    secondary_color: tenant.branding.secondary_color,
    company_description: tenant.branding.company_description ?? '',
    ...tenant.settings,
    admin_full_name: '',
    admin_username: '',
    admin_email: '',
  };
}

/** The options of a select: the spec's, plus the tenant's current value when it is another one. */
const withCurrent = (options: readonly string[], current: string) =>
  options.includes(current) ? options : [...options, current];

/**
 * Add / edit a tenant: company name, subdomain (fixed once created), plan, state, branding (logo
 * address, the two colours, description) and settings (time zone, currency, language, number
 * prefixes) with the spec's defaults and options. An edit names the version it was opened on; when
 * the tenant changed meanwhile the dialog shows it as it is now. The edit dialog also shows the
 * tenant's usage.
 */
export function TenantFormDialog({
  open,
  tenant,
  onClose,
  onFirstAdmin,
}: {
  open: boolean;
  /** The tenant to edit, or null to add one. */
  tenant: AdminTenant | null;
  onClose: () => void;
  /** A tenant was created with its first admin: their sign-in, to show once. */
  onFirstAdmin?: (login: FirstAdminLogin) => void;
}) {
  const t = useT();
  const ui = useUi();
  const [form, setForm] = useState<TenantForm>(EMPTY);
  const [seen, setSeen] = useState<AdminTenant | null>(tenant);
  const [conflict, setConflict] = useState(false);
  /** Colour fields that are not `#RRGGBB` (shown under the field once the user tried to save). */
  const [colourErrors, setColourErrors] = useState<Partial<Record<ColourField, boolean>>>({});
  const create = useTenantMutation(API.adminTenantCreate, 'tm_createError', [API.adminTenants]);
  const update = useTenantMutation(API.adminTenantUpdate, 'tm_updateError', [API.adminTenants]);
  const busy = create.isPending || update.isPending;

  // A layout effect: the form is emptied (or filled) on opening in the same task as the dialog's
  // first render, before the browser handles a key. As an ordinary effect it could run after the
  // first keys typed into the new dialog (a quick typist, a wedge scanner, a busy phone) and
  // wipe them.
  useLayoutEffect(() => {
    if (!open) return;
    setForm(tenant ? formOf(tenant) : EMPTY);
    setSeen(tenant);
    setConflict(false);
    setColourErrors({});
  }, [open, tenant]);

  const set =
    <F extends keyof TenantForm>(field: F) =>
    (value: TenantForm[F]) =>
      setForm((f) => ({ ...f, [field]: value }));

  // A new name carries the description written from the old one along; a typed one stays.
  const rename = (name: string) =>
    setForm((f) => ({
      ...f,
      company_name: name,
      company_description: descriptionAfterRename(f.company_name, name, f.company_description),
    }));

  const save = async () => {
    if (busy) return;
    setConflict(false);
    const wrong = {
      primary_color: !isBrandColour(form.primary_color),
      secondary_color: !isBrandColour(form.secondary_color),
    };
    setColourErrors(wrong);
    if (wrong.primary_color || wrong.secondary_color) {
      document
        .getElementById(`tenant-colour-${wrong.primary_color ? 'primary_color' : 'secondary_color'}`)
        ?.focus();
      return;
    }
    const common = {
      company_name: form.company_name,
      subscription_plan: form.subscription_plan,
      is_active: form.is_active,
      branding: {
        logo_url: form.logo_url,
        primary_color: form.primary_color.trim(),
        secondary_color: form.secondary_color.trim(),
        company_description: form.company_description,
      },
      // Sent as chosen: the server checks the values and names a wrong one.
      settings: {
        timezone: form.timezone,
        currency: form.currency,
        language: form.language,
        order_number_prefix: form.order_number_prefix,
        customer_number_prefix: form.customer_number_prefix,
      } as NonNullable<UpdateTenantBody['settings']>,
    };
    try {
      if (seen) {
        await update.mutateAsync({
          params: { id: seen.tenant_id },
          body: { ...common, expected_version: seen.version },
        });
        ui.showSuccess(t('tm_updated'));
      } else {
        // A username asks for the first admin; the one-time password is made here and shown once.
        const admin = form.admin_username.trim()
          ? {
              full_name: form.admin_full_name,
              username: form.admin_username,
              email: form.admin_email,
              password: makeOneTimePassword(),
            }
          : undefined;
        const created = await create.mutateAsync({
          body: { ...common, subdomain: form.subdomain, ...(admin ? { first_admin: admin } : {}) },
        });
        ui.showSuccess(t('tm_created'));
        if (admin && created.first_admin_username)
          onFirstAdmin?.({
            tenant: created.subdomain,
            username: admin.username,
            password: admin.password,
            expiresAt: created.first_admin_password_expires_at ?? null,
          });
      }
      onClose();
    } catch (error) {
      const current = error instanceof ApiError ? adminTenantSchema.safeParse(error.body?.current) : null;
      if (error instanceof ApiError && error.code === 'CONFLICT' && current?.success) {
        setSeen(current.data);
        setForm(formOf(current.data));
        setConflict(true);
      }
    }
  };

  const text = (name: keyof TenantForm, label: MessageKey, extra: Record<string, unknown> = {}) => (
    <TextField
      label={t(label)}
      value={form[name] as string}
      onChange={(e) => set(name)(e.target.value as never)}
      fullWidth
      size="small"
      slotProps={{ htmlInput: { 'data-testid': `tenant-field-${name}` } }}
      {...extra}
    />
  );

  const select = (
    name: keyof TenantForm,
    label: MessageKey,
    options: readonly string[],
    optionLabel: (value: string) => ReactNode = (v) => v,
    help?: MessageKey,
  ) => (
    <TextField
      select
      size="small"
      fullWidth
      label={t(label)}
      helperText={help ? t(help) : undefined}
      value={form[name] as string}
      onChange={(e) => set(name)(e.target.value as never)}
      slotProps={{ htmlInput: { 'data-testid': `tenant-field-${name}` } }}
    >
      {withCurrent(options, form[name] as string).map((option) => (
        <MenuItem key={option} value={option}>
          {optionLabel(option)}
        </MenuItem>
      ))}
    </TextField>
  );

  // The colour as text (what was typed is what is sent), with the browser's picker beside it.
  const colour = (name: ColourField, label: MessageKey) => {
    const valid = isBrandColour(form[name]);
    const wrong = colourErrors[name] && !valid;
    return (
      <TextField
        id={`tenant-colour-${name}`}
        size="small"
        fullWidth
        label={t(label)}
        value={form[name]}
        onChange={(e) => set(name)(e.target.value)}
        error={!!wrong}
        helperText={wrong ? t('tm_colourInvalid', { label: t(label) }) : '#RRGGBB'}
        slotProps={{
          htmlInput: {
            'data-testid': `tenant-field-${name}`,
            autoComplete: 'off',
            spellCheck: false,
            'aria-invalid': !!wrong,
          },
          formHelperText: { sx: { m: 0 }, 'data-testid': `tenant-error-${name}` } as object,
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Box
                  component="input"
                  type="color"
                  aria-label={t('tm_colourPick', { label: t(label) })}
                  value={valid ? form[name].trim().toLowerCase() : '#000000'}
                  onChange={(e: ChangeEvent<HTMLInputElement>) => set(name)(e.target.value)}
                  data-testid={`tenant-picker-${name}`}
                  sx={{ width: 28, height: 28, p: 0, border: 0, bgcolor: 'transparent', cursor: 'pointer' }}
                />
              </InputAdornment>
            ),
          },
        }}
      />
    );
  };

  return (
    <EntityFormDialog
      open={open}
      title={t(seen ? 'tm_editTitle' : 'tm_addTitle')}
      busy={busy}
      onClose={onClose}
      onSubmit={() => void save()}
      submitLabel={t(seen ? 'tm_save' : 'tm_create')}
      submitTestId="tenant-save"
      conflict={conflict ? { text: t('tm_conflict'), testId: 'tenant-conflict' } : null}
      testId="tenant-dialog"
      // Outside the form: the admins section has its own form.
      outside={
        seen ? (
          <Stack spacing={2} sx={{ mt: 2 }}>
            <TenantUsagePanel tenant={seen} />
            <TenantAdminsSection tenant={seen} onOneTimePassword={onFirstAdmin} />
          </Stack>
        ) : null
      }
    >
      <TextField
        label={t('tm_fieldCompany')}
        value={form.company_name}
        onChange={(e) => rename(e.target.value)}
        fullWidth
        size="small"
        required
        autoFocus
        slotProps={{ htmlInput: { 'data-testid': 'tenant-field-company_name' } }}
      />
      <SameNameWarning name={form.company_name} except={seen?.tenant_id ?? null} />
      {/* Read-only once created (not disabled: its helper text must stay readable). */}
      {text('subdomain', 'tm_fieldSubdomain', {
        required: true,
        autoComplete: 'off',
        helperText: seen ? t('tm_subdomainFixed') : t('tm_subdomainHelp'),
        slotProps: { htmlInput: { 'data-testid': 'tenant-field-subdomain', readOnly: !!seen } },
      })}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        {select('subscription_plan', 'tm_fieldPlan', TENANT_PLANS, (p) =>
          t(planKey(p as AdminTenant['subscription_plan'])),
        )}
        <FormControlLabel
          sx={{ minWidth: 120 }}
          control={
            <Switch
              checked={form.is_active}
              onChange={(e) => set('is_active')(e.target.checked)}
              slotProps={{ input: { 'data-testid': 'tenant-field-is_active' } as object }}
            />
          }
          label={t('tm_fieldActive')}
        />
      </Stack>

      <Typography variant="subtitle2" component="h3">
        {t('tm_sectionBranding')}
      </Typography>
      {text('logo_url', 'tm_fieldLogo', { type: 'url', autoComplete: 'off' })}
      <Stack direction="row" spacing={2}>
        {colour('primary_color', 'tm_fieldPrimary')}
        {colour('secondary_color', 'tm_fieldSecondary')}
      </Stack>
      {text('company_description', 'tm_fieldDescription', {
        multiline: true,
        minRows: 2,
        helperText: t('tm_descriptionHelp'),
      })}

      <Typography variant="subtitle2" component="h3">
        {t('tm_sectionSettings')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {select('timezone', 'tm_fieldTimezone', TENANT_TIMEZONES, undefined, 'tm_timezoneHelp')}
        {select('currency', 'tm_fieldCurrency', TENANT_CURRENCIES, undefined, 'tm_currencyOnlyTry')}
        {select(
          'language',
          'tm_fieldLanguage',
          TENANT_LANGUAGES,
          (l) => (l === 'tr' || l === 'en' ? t(`tm_lang_${l}`) : l),
          'tm_languageHelp',
        )}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {text('order_number_prefix', 'tm_fieldOrderPrefix')}
        {text('customer_number_prefix', 'tm_fieldCustomerPrefix')}
      </Stack>
      {seen ? null : (
        <>
          <Typography variant="subtitle2" component="h3">
            {t('tm_sectionAdmin')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('tm_adminHelp')}
          </Typography>
          {text('admin_full_name', 'tm_fieldAdminName', { autoComplete: 'off' })}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {text('admin_username', 'tm_fieldAdminUsername', { autoComplete: 'off' })}
            {text('admin_email', 'tm_fieldAdminEmail', { type: 'email', autoComplete: 'off' })}
          </Stack>
        </>
      )}
    </EntityFormDialog>
  );
}
