import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Sync from '@mui/icons-material/Sync';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AdminTenant } from '../../shared/api/tenant-admin';
import { dateLabel, type MessageKey, type Translate, useT } from '../shared-ui/i18n';
import type { Column, RowAction } from '../shared-ui/kit/entity-list';

/**
 * The tenant list's rows: a table on a desktop (company name, subdomain, plan, status, DNS status,
 * creation date, actions), stacked cards below `sm` with the same facts and actions. The actions
 * (edit, delete, refresh the DNS status) are off while offline: they need the server.
 */
export interface TenantRowActions {
  disabled: boolean;
  /** The tenant whose DNS status is being asked (its button spins). */
  checking: string | null;
  onEdit: (tenant: AdminTenant) => void;
  onDelete: (tenant: AdminTenant) => void;
  onCheckDns: (tenant: AdminTenant) => void;
}

export const planKey = (plan: AdminTenant['subscription_plan']): MessageKey =>
  `tm_plan_${plan}` as MessageKey;

const DNS_STATES = ['active', 'pending', 'inactive', 'error'] as const;
const DNS_COLORS = { active: 'success', pending: 'warning', inactive: 'default', error: 'error' } as const;

function dnsState(status: string): (typeof DNS_STATES)[number] | 'unknown' {
  return (DNS_STATES as readonly string[]).includes(status)
    ? (status as (typeof DNS_STATES)[number])
    : 'unknown';
}

export function StatusChip({ tenant }: { tenant: AdminTenant }) {
  const t = useT();
  return (
    <Chip
      size="small"
      label={t(tenant.is_active ? 'tm_active' : 'tm_inactive')}
      color={tenant.is_active ? 'success' : 'default'}
      variant={tenant.is_active ? 'filled' : 'outlined'}
      data-testid="tenant-status-chip"
    />
  );
}

export function DnsChip({ tenant, withLabel = false }: { tenant: AdminTenant; withLabel?: boolean }) {
  const t = useT();
  const state = dnsState(tenant.dns_status);
  const text = t(`tm_dns_${state}` as MessageKey);
  return (
    <Chip
      size="small"
      variant="outlined"
      label={withLabel ? t('tm_dnsLabel', { status: text }) : text}
      color={state === 'unknown' ? 'default' : DNS_COLORS[state]}
      data-testid="tenant-dns-chip"
      data-dns-status={tenant.dns_status}
    />
  );
}

const SKIP = { 'data-i18n-skip': '' };

export function tenantColumns(t: Translate): Column<AdminTenant>[] {
  return [
    {
      key: 'company',
      header: t('tm_colCompany'),
      cell: (r) => r.company_name,
      strong: true,
      testId: 'tenant-company',
      cellProps: SKIP,
    },
    {
      key: 'subdomain',
      header: t('tm_colSubdomain'),
      cell: (r) => r.subdomain,
      testId: 'tenant-subdomain',
      cellProps: SKIP,
    },
    {
      key: 'plan',
      header: t('tm_colPlan'),
      cell: (r) => t(planKey(r.subscription_plan)),
      testId: 'tenant-plan',
    },
    { key: 'status', header: t('tm_colStatus'), cell: (r) => <StatusChip tenant={r} /> },
    { key: 'dns', header: t('tm_colDns'), cell: (r) => <DnsChip tenant={r} /> },
    { key: 'created', header: t('tm_colCreated'), cell: (r) => dateLabel(r.created_at), nowrap: true },
  ];
}

export function tenantActions(t: Translate, actions: TenantRowActions): RowAction<AdminTenant>[] {
  return [
    {
      key: 'edit',
      label: t('tm_edit'),
      icon: <EditOutlined fontSize="small" />,
      run: actions.onEdit,
      disabled: actions.disabled,
    },
    {
      key: 'dns',
      label: t('tm_dnsRefresh'),
      icon: <Sync fontSize="small" />,
      run: actions.onCheckDns,
      disabled: (tenant) => actions.disabled || actions.checking === tenant.tenant_id,
    },
    {
      key: 'delete',
      label: t('tm_delete'),
      icon: <DeleteOutline fontSize="small" />,
      run: actions.onDelete,
      disabled: actions.disabled,
    },
  ];
}

/** A tenant on a phone: name, subdomain and plan, status and DNS chips, creation date. */
export function TenantCard({ tenant }: { tenant: AdminTenant }) {
  const t = useT();
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography
            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
            data-testid="tenant-company"
            {...SKIP}
          >
            {tenant.company_name}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            <span data-testid="tenant-subdomain" {...SKIP}>
              {tenant.subdomain}
            </span>{' '}
            · <span data-testid="tenant-plan">{t(planKey(tenant.subscription_plan))}</span>
          </Typography>
        </Box>
        <StatusChip tenant={tenant} />
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <DnsChip tenant={tenant} withLabel />
        <Typography variant="caption" color="text.secondary">
          {t('tm_createdShort', { date: dateLabel(tenant.created_at) })}
        </Typography>
      </Stack>
    </>
  );
}
