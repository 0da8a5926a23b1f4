import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Sync from '@mui/icons-material/Sync';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { AdminTenant } from '../../shared/api/tenant-admin';
import { EmptyTableRow } from '../shared-ui/empty-table-row';
import { dateLabel, type MessageKey, useT } from '../shared-ui/i18n';

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

function Actions({ tenant, actions }: { tenant: AdminTenant; actions: TenantRowActions }) {
  const t = useT();
  const items = [
    { key: 'edit', label: t('tm_edit'), icon: <EditOutlined fontSize="small" />, run: actions.onEdit },
    { key: 'dns', label: t('tm_dnsRefresh'), icon: <Sync fontSize="small" />, run: actions.onCheckDns },
    { key: 'delete', label: t('tm_delete'), icon: <DeleteOutline fontSize="small" />, run: actions.onDelete },
  ];
  return (
    <>
      {items.map((item) => (
        <Tooltip key={item.key} title={item.label}>
          <span>
            <IconButton
              size="small"
              aria-label={t('tm_actionsFor', { action: item.label, name: tenant.company_name })}
              onClick={() => item.run(tenant)}
              disabled={actions.disabled || (item.key === 'dns' && actions.checking === tenant.tenant_id)}
              data-testid={`tenant-${item.key}`}
            >
              {item.icon}
            </IconButton>
          </span>
        </Tooltip>
      ))}
    </>
  );
}

export function TenantTable({
  rows,
  actions,
  empty,
}: {
  rows: AdminTenant[];
  actions: TenantRowActions;
  empty: string | null;
}) {
  const t = useT();
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" sx={{ minWidth: 860 }} aria-label={t('tm_tableLabel')} data-testid="tenants-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('tm_colCompany')}</TableCell>
            <TableCell>{t('tm_colSubdomain')}</TableCell>
            <TableCell>{t('tm_colPlan')}</TableCell>
            <TableCell>{t('tm_colStatus')}</TableCell>
            <TableCell>{t('tm_colDns')}</TableCell>
            <TableCell>{t('tm_colCreated')}</TableCell>
            <TableCell align="right">{t('tm_colActions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((tenant) => (
            <TableRow key={tenant.tenant_id} hover data-testid="tenant-row" data-tenant-id={tenant.tenant_id}>
              <TableCell sx={{ fontWeight: 600 }} data-testid="tenant-company" data-i18n-skip="">
                {tenant.company_name}
              </TableCell>
              <TableCell data-testid="tenant-subdomain" data-i18n-skip="">
                {tenant.subdomain}
              </TableCell>
              <TableCell data-testid="tenant-plan">{t(planKey(tenant.subscription_plan))}</TableCell>
              <TableCell>
                <StatusChip tenant={tenant} />
              </TableCell>
              <TableCell>
                <DnsChip tenant={tenant} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateLabel(tenant.created_at)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Actions tenant={tenant} actions={actions} />
              </TableCell>
            </TableRow>
          ))}
          {empty ? (
            <EmptyTableRow columns={7} testId="tenants-empty">
              {empty}
            </EmptyTableRow>
          ) : null}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function TenantCards({
  rows,
  actions,
  empty,
}: {
  rows: AdminTenant[];
  actions: TenantRowActions;
  empty: string | null;
}) {
  const t = useT();
  return (
    <Stack spacing={1} sx={{ p: 1 }} data-testid="tenants-cards">
      {rows.map((tenant) => (
        <Card
          key={tenant.tenant_id}
          variant="outlined"
          data-testid="tenant-row"
          data-tenant-id={tenant.tenant_id}
        >
          <CardContent sx={{ pb: 1 }}>
            <Stack
              direction="row"
              spacing={1}
              sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography
                  sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                  data-testid="tenant-company"
                  data-i18n-skip=""
                >
                  {tenant.company_name}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  <span data-testid="tenant-subdomain" data-i18n-skip="">
                    {tenant.subdomain}
                  </span>{' '}
                  · <span data-testid="tenant-plan">{t(planKey(tenant.subscription_plan))}</span>
                </Typography>
              </Box>
              <StatusChip tenant={tenant} />
            </Stack>
            <Stack
              direction="row"
              spacing={1}
              sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
            >
              <DnsChip tenant={tenant} withLabel />
              <Typography variant="caption" color="text.secondary">
                {t('tm_createdShort', { date: dateLabel(tenant.created_at) })}
              </Typography>
            </Stack>
          </CardContent>
          <CardActions sx={{ justifyContent: 'flex-end', pt: 0, flexWrap: 'wrap' }}>
            <Actions tenant={tenant} actions={actions} />
          </CardActions>
        </Card>
      ))}
      {empty ? (
        <Typography color="text.secondary" sx={{ py: 5, textAlign: 'center' }} data-testid="tenants-empty">
          {empty}
        </Typography>
      ) : null}
    </Stack>
  );
}
