import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { API } from '../../shared/api/endpoints';
import { useApiQuery } from '../api/query';
import { formatBytes } from '../shared-ui/bytes';
import { type MessageKey, useT } from '../shared-ui/i18n';

/**
 * A tenant's usage, measured by the server when asked: live users, orders, products and
 * customers, and the bytes all its rows take.
 */
export function TenantUsagePanel({ tenantId }: { tenantId: string }) {
  const t = useT();
  const query = useApiQuery(API.adminTenantUsage, { params: { id: tenantId } });
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
    </Paper>
  );
}
