import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CompanyRegistration, SubscriptionPlan } from '../../../shared/api/registrations';
import {
  REGISTRATION_ACTIONS,
  type RegistrationAction,
  type RegistrationStatus,
  registrationMove,
} from '../../../shared/domain/company-registration';
import { EmptyTableRow } from '../../shared-ui/empty-table-row';
import { dateTimeLabel, type MessageKey, useT } from '../../shared-ui/i18n';

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

/** A column shown only from `xl` up; below it its fact is in a neighbouring cell (NARROW_ONLY). */
const WIDE_ONLY = { display: { xs: 'none', xl: 'table-cell' } } as const;
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
function invoicingOf(r: CompanyRegistration, t: ReturnType<typeof useT>): string {
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

function ActionButtons({
  registration,
  actions,
}: {
  registration: CompanyRegistration;
  actions: RegistrationRowActions;
}) {
  const t = useT();
  const offered = REGISTRATION_ACTIONS.filter((a) => registrationMove(registration.status, a) === 'apply');
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {offered.map((action) => (
        <Button
          key={action}
          size="small"
          variant={action === 'approve' ? 'contained' : 'outlined'}
          color={action === 'approve' ? 'primary' : 'error'}
          disabled={actions.disabled}
          onClick={() => actions.onAction(registration, action)}
          data-testid={`registration-${action}-${registration.subdomain}`}
        >
          {t(ACTION_KEYS[action])}
        </Button>
      ))}
    </Stack>
  );
}

export function RegistrationTable({
  rows,
  actions,
  empty,
}: {
  rows: CompanyRegistration[];
  actions: RegistrationRowActions;
  empty: string | null;
}) {
  const t = useT();
  return (
    <TableContainer>
      <Table
        size="small"
        aria-label={t('admin_tabRegistrations')}
        data-testid="registrations-table"
        sx={{ '& td': { overflowWrap: 'anywhere' } }}
      >
        <TableHead>
          <TableRow>
            <TableCell>{t('reg_colCompany')}</TableCell>
            <TableCell sx={WIDE_ONLY}>{t('reg_colIndustry')}</TableCell>
            <TableCell>{t('reg_colContact')}</TableCell>
            <TableCell>{t('reg_colSubdomain')}</TableCell>
            <TableCell sx={WIDE_ONLY}>{t('reg_colPlan')}</TableCell>
            <TableCell>{t('reg_colStatus')}</TableCell>
            <TableCell sx={WIDE_ONLY}>{t('reg_colVerified')}</TableCell>
            <TableCell>{t('reg_colCreated')}</TableCell>
            <TableCell sx={WIDE_ONLY}>{t('reg_colAddress')}</TableCell>
            <TableCell>{t('reg_colActions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {empty ? (
            <EmptyTableRow columns={10} testId="registrations-empty">
              {empty}
            </EmptyTableRow>
          ) : (
            rows.map((r) => (
              <TableRow key={r.id} data-testid={`registration-row-${r.subdomain}`}>
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {r.company_name}
                  </Typography>
                  {invoicingOf(r, t) ? (
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      component="p"
                      data-testid={`registration-tax-${r.subdomain}`}
                    >
                      {invoicingOf(r, t)}
                    </Typography>
                  ) : null}
                  {r.industry ? (
                    <Typography variant="caption" color="text.secondary" component="p" sx={NARROW_ONLY}>
                      {r.industry}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell sx={WIDE_ONLY}>{r.industry ?? '—'}</TableCell>
                <TableCell>
                  <Typography variant="body2">{r.contact_person_name}</Typography>
                  <Typography variant="caption" color="text.secondary" component="p">
                    {r.contact_person_email}
                  </Typography>
                  {r.contact_person_phone ? (
                    <Typography variant="caption" color="text.secondary" component="p">
                      {r.contact_person_phone}
                    </Typography>
                  ) : null}
                  {addressOf(r) ? (
                    <Typography variant="caption" color="text.secondary" component="p" sx={NARROW_ONLY}>
                      {addressOf(r)}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell>
                  {r.subdomain}
                  <Typography variant="caption" color="text.secondary" component="p" sx={NARROW_ONLY}>
                    {t(PLAN_KEYS[r.subscription_plan])}
                  </Typography>
                </TableCell>
                <TableCell sx={WIDE_ONLY}>{t(PLAN_KEYS[r.subscription_plan])}</TableCell>
                <TableCell>
                  <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                    <StatusChip status={r.status} />
                    <Box sx={NARROW_ONLY}>
                      <VerifiedChip verified={r.email_verified} />
                    </Box>
                  </Stack>
                </TableCell>
                <TableCell sx={WIDE_ONLY}>
                  <VerifiedChip verified={r.email_verified} />
                </TableCell>
                <TableCell>{dateTimeLabel(r.created_at)}</TableCell>
                <TableCell sx={WIDE_ONLY}>{addressOf(r) || '—'}</TableCell>
                <TableCell>
                  <ActionButtons registration={r} actions={actions} />
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function RegistrationCards({
  rows,
  actions,
  empty,
}: {
  rows: CompanyRegistration[];
  actions: RegistrationRowActions;
  empty: string | null;
}) {
  const t = useT();
  if (empty)
    return (
      <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }} data-testid="registrations-empty">
        {empty}
      </Typography>
    );
  return (
    <Stack spacing={1.5} sx={{ p: 1.5 }} data-testid="registrations-cards">
      {rows.map((r) => (
        <Card key={r.id} variant="outlined" data-testid={`registration-row-${r.subdomain}`}>
          <CardContent sx={{ pb: 1 }}>
            <Stack
              direction="row"
              spacing={1}
              sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography
                  variant="subtitle1"
                  component="h3"
                  sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                >
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
            <Stack
              direction="row"
              spacing={1}
              sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
            >
              <VerifiedChip verified={r.email_verified} />
              <Typography variant="caption" color="text.secondary">
                {t('reg_colCreated')}: {dateTimeLabel(r.created_at)}
              </Typography>
            </Stack>
          </CardContent>
          <CardActions sx={{ px: 2, pb: 1.5 }}>
            <ActionButtons registration={r} actions={actions} />
          </CardActions>
        </Card>
      ))}
    </Stack>
  );
}
