import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CompanyRegistration, SubscriptionPlan } from '../../../shared/api/registrations';
import {
  REGISTRATION_ACTIONS,
  type RegistrationAction,
  type RegistrationStatus,
  registrationMove,
} from '../../../shared/domain/company-registration';
import { dateTimeLabel, type MessageKey, type Translate, useT } from '../../shared-ui/i18n';
import type { Column, RowAction } from '../../shared-ui/kit/entity-list';

/**
 * The registration list's rows: a table on a wide screen (the spec's columns: company, industry,
 * contact, subdomain, plan, status, e-mail verified, created, address, actions), stacked cards
 * on narrower ones with the same facts and actions. A row offers only the actions its status allows
 * (the state machine of src/shared/domain), and none while offline. The table never scrolls
 * sideways (that would hide the actions past the window's edge): below `xl` the industry, plan,
 * e-mail verified and address columns fold into the cells beside them (under the company, the
 * subdomain, the status and the contact), and long words (e-mail addresses) break.
 */
export interface RegistrationRowActions {
  disabled: boolean;
  onAction: (registration: CompanyRegistration, action: RegistrationAction) => void;
}

/** Below `xl` a folded column's fact shows in a neighbouring cell (the column has `hideBelow: 'xl'`). */
const NARROW_ONLY = { display: { xl: 'none' } } as const;

export const statusKey = (status: RegistrationStatus): MessageKey => `reg_st_${status}` as MessageKey;

/** The plan labels (Ücretsiz, Temel, Pro, Kurumsal), the sign-up page's own. */
const PLAN_KEYS: Record<SubscriptionPlan, MessageKey> = {
  free: 'reg_planFree',
  basic: 'reg_planBasic',
  pro: 'reg_planPro',
  enterprise: 'reg_planEnterprise',
};

const ACTION_KEYS: Record<RegistrationAction, MessageKey> = {
  approve: 'reg_approve',
  reject: 'reg_reject',
  suspend: 'reg_suspend',
};
const STATUS_COLOURS: Record<RegistrationStatus, 'warning' | 'success' | 'error' | 'default'> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
  suspended: 'default',
};

function addressOf(r: CompanyRegistration): string {
  return [r.address_street, r.address_state, r.address_city, r.address_country].filter(Boolean).join(', ');
}

/** What the company's invoices will print (legal name, VKN/TCKN, tax office); '' for older sign-ups. */
function invoicingOf(r: CompanyRegistration, t: Translate): string {
  const number = r.tax_number ? `${t('reg_fTaxNumber')}: ${r.tax_number}` : null;
  const office = r.tax_office ? `${t('reg_fTaxOffice')}: ${r.tax_office}` : null;
  return [r.legal_name, number, office].filter(Boolean).join(' · ');
}

function StatusChip({ status }: { status: RegistrationStatus }) {
  const t = useT();
  return <Chip size="small" color={STATUS_COLOURS[status]} label={t(statusKey(status))} variant="outlined" />;
}

function VerifiedChip({ verified }: { verified: boolean }) {
  const t = useT();
  return (
    <Chip
      size="small"
      color={verified ? 'success' : 'default'}
      variant="outlined"
      label={verified ? t('reg_verifiedYes') : t('reg_verifiedNo')}
    />
  );
}

export function registrationColumns(t: Translate): Column<CompanyRegistration>[] {
  const caption = (text: string, extra: object = {}) => (
    <Typography variant="caption" color="text.secondary" component="p" {...extra}>
      {text}
    </Typography>
  );
  return [
    {
      key: 'company',
      header: t('reg_colCompany'),
      cell: (r) => (
        <>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {r.company_name}
          </Typography>
          {invoicingOf(r, t)
            ? caption(invoicingOf(r, t), { 'data-testid': `registration-tax-${r.subdomain}` })
            : null}
          {r.industry ? caption(r.industry, { sx: NARROW_ONLY }) : null}
        </>
      ),
    },
    { key: 'industry', header: t('reg_colIndustry'), cell: (r) => r.industry ?? '—', hideBelow: 'xl' },
    {
      key: 'contact',
      header: t('reg_colContact'),
      cell: (r) => (
        <>
          <Typography variant="body2">{r.contact_person_name}</Typography>
          {caption(r.contact_person_email)}
          {r.contact_person_phone ? caption(r.contact_person_phone) : null}
          {addressOf(r) ? caption(addressOf(r), { sx: NARROW_ONLY }) : null}
        </>
      ),
    },
    {
      key: 'subdomain',
      header: t('reg_colSubdomain'),
      cell: (r) => (
        <>
          {r.subdomain}
          {caption(t(PLAN_KEYS[r.subscription_plan]), { sx: NARROW_ONLY })}
        </>
      ),
    },
    {
      key: 'plan',
      header: t('reg_colPlan'),
      cell: (r) => t(PLAN_KEYS[r.subscription_plan]),
      hideBelow: 'xl',
    },
    {
      key: 'status',
      header: t('reg_colStatus'),
      cell: (r) => (
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <StatusChip status={r.status} />
          <Box sx={NARROW_ONLY}>
            <VerifiedChip verified={r.email_verified} />
          </Box>
        </Stack>
      ),
    },
    {
      key: 'verified',
      header: t('reg_colVerified'),
      cell: (r) => <VerifiedChip verified={r.email_verified} />,
      hideBelow: 'xl',
    },
    { key: 'created', header: t('reg_colCreated'), cell: (r) => dateTimeLabel(r.created_at) },
    { key: 'address', header: t('reg_colAddress'), cell: (r) => addressOf(r) || '—', hideBelow: 'xl' },
  ];
}

/** The decisions a row's status allows (the state machine's), as buttons with their text. */
export function registrationActions(
  t: Translate,
  actions: RegistrationRowActions,
): RowAction<CompanyRegistration>[] {
  return REGISTRATION_ACTIONS.map((action) => ({
    key: action,
    label: t(ACTION_KEYS[action]),
    run: (registration: CompanyRegistration) => actions.onAction(registration, action),
    shown: (registration: CompanyRegistration) => registrationMove(registration.status, action) === 'apply',
    disabled: actions.disabled,
    text: action === 'approve' ? ('contained' as const) : ('outlined' as const),
    color: action === 'approve' ? ('primary' as const) : ('error' as const),
    testId: (registration: CompanyRegistration) => `registration-${action}-${registration.subdomain}`,
  }));
}

/** A registration on a narrow screen: company, subdomain, plan and industry, contact, invoicing, address. */
export function RegistrationCard({ registration: r }: { registration: CompanyRegistration }) {
  const t = useT();
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {r.company_name}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {r.subdomain} · {t(PLAN_KEYS[r.subscription_plan])}
            {r.industry ? ` · ${r.industry}` : ''}
          </Typography>
        </Box>
        <StatusChip status={r.status} />
      </Stack>
      <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
        {r.contact_person_name} · {r.contact_person_email}
        {r.contact_person_phone ? ` · ${r.contact_person_phone}` : ''}
      </Typography>
      {invoicingOf(r, t) ? (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ overflowWrap: 'anywhere' }}
          data-testid={`registration-tax-${r.subdomain}`}
        >
          {invoicingOf(r, t)}
        </Typography>
      ) : null}
      {addressOf(r) ? (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {addressOf(r)}
        </Typography>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <VerifiedChip verified={r.email_verified} />
        <Typography variant="caption" color="text.secondary">
          {t('reg_colCreated')}: {dateTimeLabel(r.created_at)}
        </Typography>
      </Stack>
    </>
  );
}
