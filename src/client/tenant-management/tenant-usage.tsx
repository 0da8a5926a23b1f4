import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DnsRecordWire } from '../../shared/api/dns';
import { API } from '../../shared/api/endpoints';
import type { AdminTenant } from '../../shared/api/tenant-admin';
import { useApiQuery } from '../api/query';
import { formatBytes } from '../shared-ui/bytes';
import { dateTimeLabel, type MessageKey, useT } from '../shared-ui/i18n';
import { failureText } from './tenant-api';
import { DnsChip } from './tenant-rows';

/**
 * A tenant's usage, measured by the server when asked: live users, orders, products and
 * customers, and the bytes all its rows take; then its DNS: the status and when it was last
 * checked, and the zone's records that name its host (its own, and a wildcard covering it).
 */
export function TenantUsagePanel({ tenant }: { tenant: AdminTenant }) {
  const t = useT();
  const query = useApiQuery(API.adminTenantUsage, { params: { id: tenant.tenant_id } });
  const usage = query.data;
  const figures: { key: MessageKey; value: string; testId: string }[] = usage
    ? [
        { key: 'tm_usageUsers', value: String(usage.users), testId: 'users' },
        { key: 'tm_usageOrders', value: String(usage.orders), testId: 'orders' },
        { key: 'tm_usageProducts', value: String(usage.products), testId: 'products' },
        { key: 'tm_usageCustomers', value: String(usage.customers), testId: 'customers' },
        { key: 'tm_usageStorage', value: formatBytes(usage.storage_bytes), testId: 'storage' },
      ]
    : [];
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="tenant-usage">
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('tm_usageTitle')}
      </Typography>
      {query.isPending ? <LinearProgress aria-label={t('loadingAria')} /> : null}
      {query.error && !usage ? (
        <Alert severity="error">{t('tm_usageError', { message: query.error.message })}</Alert>
      ) : null}
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(96px, 1fr))', gap: 1, m: 0 }}
      >
        {figures.map((f) => (
          <Box key={f.key} sx={{ m: 0 }}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {t(f.key)}
            </Typography>
            <Typography
              component="dd"
              sx={{ m: 0, fontWeight: 600 }}
              data-testid={`tenant-usage-${f.testId}`}
            >
              {f.value}
            </Typography>
          </Box>
        ))}
      </Box>
      <TenantDns tenant={tenant} />
    </Paper>
  );
}

/** The zone's records for the tenant's host: its own name, or a wildcard one level above it. */
export function recordsOfHost(records: readonly DnsRecordWire[], host: string | null): DnsRecordWire[] {
  if (!host) return [];
  const own = `${host.toLowerCase()}.`;
  const wildcard = `*.${own.slice(own.indexOf('.') + 1)}`;
  return records.filter((r) => r.name.toLowerCase() === own || r.name.toLowerCase() === wildcard);
}

function TenantDns({ tenant }: { tenant: AdminTenant }) {
  const t = useT();
  const list = useApiQuery(API.dnsList);
  const records = recordsOfHost(list.data ?? [], tenant.full_domain);
  return (
    <Box sx={{ mt: 2 }} data-testid="tenant-dns">
      <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
        {t('tm_dnsTitle')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <DnsChip tenant={tenant} withLabel />
        <Typography variant="body2" color="text.secondary" data-testid="tenant-dns-checked">
          {tenant.dns_checked_at
            ? t('tm_dnsCheckedAt', { date: dateTimeLabel(tenant.dns_checked_at) })
            : t('tm_dnsNeverChecked')}
        </Typography>
      </Stack>
      {list.isPending ? <LinearProgress aria-label={t('loadingAria')} sx={{ mt: 1 }} /> : null}
      {list.error ? (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ mt: 1 }}
          data-testid="tenant-dns-records-error"
        >
          {failureText(list.error, 'tm_dnsRecordsError')}
        </Typography>
      ) : null}
      {list.data && records.length === 0 ? (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ mt: 1 }}
          data-testid="tenant-dns-records-none"
        >
          {t('tm_dnsNoRecords')}
        </Typography>
      ) : null}
      {records.length > 0 ? (
        <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }} data-testid="tenant-dns-records">
          {records.map((r) => (
            <Typography
              component="li"
              variant="body2"
              key={`${r.name} ${r.type}`}
              sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
              data-i18n-skip=""
            >
              {`${r.name} ${r.type} ${r.content.join(', ')} (TTL ${r.ttl})`}
            </Typography>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
