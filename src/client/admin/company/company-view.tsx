import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { CompanyStatistics } from '../../../shared/api/company';
import { type MessageKey, useT } from '../../shared-ui/i18n';
import { FIELD_LABEL_KEYS, optionLabel } from './company-form';

/** One row of the read-only view: label above value, long values wrap (no sideways scroll). */
export interface ViewRow {
  field: keyof typeof FIELD_LABEL_KEYS;
  value: string | null;
}

/** The company as read (the view, and the read-only fallback with the public tenant info). */
export function CompanyDetails({ rows }: { rows: ViewRow[] }) {
  const t = useT();
  const shown = (row: ViewRow) => {
    if (!row.value) return t('co_notSet');
    if (row.field === 'currency' || row.field === 'timezone' || row.field === 'language') {
      const key = optionLabel(row.field, row.value);
      return key ? t(key) : row.value;
    }
    return row.value;
  };
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {rows.map((row) => (
        <Box
          key={row.field}
          sx={{ minWidth: 0, ...(row.field === 'address' ? { gridColumn: '1 / -1' } : {}) }}
        >
          <Typography component="dt" variant="caption" color="text.secondary">
            {t(FIELD_LABEL_KEYS[row.field])}
          </Typography>
          <Typography
            component="dd"
            sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}
            data-testid={`company-value-${row.field}`}
          >
            {shown(row)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

const STATS: { key: keyof CompanyStatistics; label: MessageKey }[] = [
  { key: 'users', label: 'co_statUsers' },
  { key: 'orders', label: 'co_statOrders' },
  { key: 'products', label: 'co_statProducts' },
  { key: 'customers', label: 'co_statCustomers' },
];

/** The statistics card: the tenant's real counts (active users; orders, products, customers not deleted). */
export function CompanyStatsCard({ statistics }: { statistics: CompanyStatistics }) {
  const t = useT();
  const number = new Intl.NumberFormat('tr-TR');
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="company-stats-title">
      <Typography id="company-stats-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {t('co_stats')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
        {STATS.map((s) => (
          <Box key={s.key} sx={{ minWidth: 0 }}>
            <Typography
              variant="h5"
              component="p"
              sx={{ fontWeight: 600 }}
              data-testid={`company-stat-${s.key}`}
            >
              {number.format(statistics[s.key])}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t(s.label)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

/** The tenant's address under the configured base domain, e.g. `client1.<base domain>`. */
export function CompanyDomain({ subdomain, baseDomain }: { subdomain: string; baseDomain: string }) {
  const t = useT();
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {t('co_domain')}
      </Typography>
      <Typography sx={{ overflowWrap: 'anywhere', fontFamily: 'monospace' }} data-testid="company-domain">
        {subdomain}.{baseDomain}
      </Typography>
    </Paper>
  );
}
