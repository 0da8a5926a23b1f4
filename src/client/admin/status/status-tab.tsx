import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect } from 'react';
import { API } from '../../../shared/api/endpoints';
import type { SystemStatus } from '../../../shared/api/system-status';
import { useApiQuery } from '../../api/query';
import { formatBytes } from '../../shared-ui/bytes';
import { dateTimeLabel, roleLabel, type Translate, useT } from '../../shared-ui/i18n';
import { useOnline } from '../../shared-ui/local-store';
import { useUi } from '../../state/ui';
import { BackupsPanel } from './backups-panel';
import { DevicesTable } from './devices-table';

/**
 * The values the status display shows when a figure truly cannot be read (no request in the
 * window yet, a platform without memory figures): 99.9 % health, 1.2 s response, 45 % RAM,
 * unlimited storage. Shown with a note that they are defaults, never as measurements.
 */
const FALLBACK = { health: 99.9, response: 1.2, ram: 45 } as const;

const english = () => useUi.getState().language === 'en';
const number = (n: number, digits = 1) =>
  n.toLocaleString(english() ? 'en-GB' : 'tr-TR', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
/** A percentage as each language writes it: '%45,2' in Turkish, '45.2%' in English. */
const percent = (n: number) => (english() ? `${number(n)}%` : `%${number(n)}`);

function StatCard({
  title,
  value,
  hint,
  fallback,
  percent,
  testId,
}: {
  title: string;
  value: string;
  hint: string;
  fallback: boolean;
  percent?: number;
  testId: string;
}) {
  const t = useT();
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid={`status-card-${testId}`}>
      <CardContent>
        <Typography variant="body2" color="text.secondary" component="h3">
          {title}
        </Typography>
        <Typography variant="h4" component="p" data-testid={`status-value-${testId}`}>
          {value}
        </Typography>
        {percent !== undefined && (
          <LinearProgress
            variant="determinate"
            value={Math.min(100, Math.max(0, percent))}
            aria-label={title}
            color={percent >= 80 ? 'warning' : 'primary'}
            sx={{ my: 1 }}
          />
        )}
        <Typography variant="caption" color="text.secondary" component="p">
          {fallback ? t('sts_fallback') : hint}
        </Typography>
      </CardContent>
    </Card>
  );
}

function uptime(seconds: number, t: Translate): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return t('sts_uptimeValue', { d, h, m });
}

function Cards({ s, t }: { s: SystemStatus; t: Translate }) {
  const health = s.system_health ?? FALLBACK.health;
  const response = s.average_response_time ?? FALLBACK.response;
  const ram = s.ram_usage ?? FALLBACK.ram;
  const used = s.memory.total_bytes - s.memory.free_bytes;
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <StatCard
          testId="health"
          title={t('sts_health')}
          value={percent(health)}
          percent={health}
          fallback={s.system_health === null}
          hint={t('sts_healthHint', { n: s.window_minutes, total: s.requests.total })}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <StatCard
          testId="response"
          title={t('sts_responseTime')}
          value={t('sts_seconds', { n: number(response, response < 1 ? 3 : 2) })}
          fallback={s.average_response_time === null}
          hint={t('sts_responseHint', { n: s.window_minutes })}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <StatCard
          testId="cpu"
          title={t('sts_cpu')}
          value={s.cpu_usage === null ? '—' : percent(s.cpu_usage)}
          percent={s.cpu_usage ?? undefined}
          fallback={false}
          hint={t('sts_cpuHint', { n: s.process.cpu_usage === null ? '—' : number(s.process.cpu_usage) })}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <StatCard
          testId="ram"
          title={t('sts_ram')}
          value={percent(ram)}
          percent={ram}
          fallback={s.ram_usage === null}
          hint={t('sts_ramHint', {
            used: formatBytes(used),
            total: formatBytes(s.memory.total_bytes),
            rss: formatBytes(s.process.rss_bytes),
          })}
        />
      </Grid>
    </Grid>
  );
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, height: '100%' }} data-testid={testId}>
      <Typography variant="h6" component="h3" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <ListItem disableGutters sx={{ py: 0.25 }}>
      <ListItemText
        primary={label}
        secondary={value}
        slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
      />
    </ListItem>
  );
}

function SystemFacts({ s, t }: { s: SystemStatus; t: Translate }) {
  const db = s.database;
  return (
    <List dense disablePadding>
      <Fact label={t('sts_uptime')} value={uptime(s.system_uptime, t)} />
      <Fact label={t('sts_machineUptime')} value={uptime(s.machine_uptime, t)} />
      <Fact label={t('sts_load')} value={s.load_average.map((n) => number(n, 2)).join(' / ')} />
      <Fact
        label={t('sts_storage')}
        value={
          s.storage_limit === null
            ? t('sts_storageUnlimited')
            : t('sts_storageValue', {
                free: formatBytes(s.storage_free),
                limit: formatBytes(s.storage_limit),
              })
        }
      />
      <Fact
        label={`${t('sts_database')} (${db.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'})`}
        value={
          db.reachable
            ? t('sts_dbOnline', { size: formatBytes(db.size_bytes), ms: number(db.latency_ms ?? 0) })
            : t('sts_dbOffline')
        }
      />
      <Fact
        label={t('sts_lastBackup')}
        value={
          s.last_backup
            ? t('sts_lastBackupValue', {
                time: dateTimeLabel(s.last_backup.at),
                size: formatBytes(s.last_backup.size_bytes),
              })
            : t('sts_noBackup')
        }
      />
    </List>
  );
}

/**
 * 'Sistem Durumu': live figures of the server (GET /admin/system-status: health and response time
 * from the requests it served, CPU and RAM, database, storage), the users active in the last 15
 * minutes, error entries, the tenant's devices and its backups. Read again on opening and with
 * the refresh button; the last answer is kept (offline it is shown with its time).
 */
export default function StatusTab() {
  const t = useT();
  const online = useOnline();
  const query = useApiQuery(API.adminSystemStatus);
  const { refetch } = query;
  // Live figures: asked again each time the tab is opened (a cached answer shows meanwhile).
  useEffect(() => {
    void refetch();
  }, [refetch]);
  const s = query.data;
  return (
    <Stack spacing={2} data-testid="admin-status">
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
      >
        <Box>
          <Typography variant="h5" component="h2">
            {t('sts_heading')}
          </Typography>
          {s && (
            <Typography variant="caption" color="text.secondary" data-testid="status-generated-at">
              {t('sts_generatedAt', { time: dateTimeLabel(s.generated_at) })}
            </Typography>
          )}
        </Box>
        <Button
          variant="outlined"
          startIcon={<Refresh />}
          onClick={() => void refetch()}
          disabled={query.isFetching || !online}
          data-testid="status-refresh"
        >
          {t('sts_refresh')}
        </Button>
      </Stack>
      {query.isFetching && <LinearProgress aria-label={t('sts_refresh')} />}
      {(query.error || !online) &&
        (s ? (
          <Alert severity="info">{t('sts_offlineCached', { time: dateTimeLabel(s.generated_at) })}</Alert>
        ) : (
          <Alert severity={online ? 'error' : 'info'}>
            {online ? t('sts_loadFailed', { message: query.error?.message ?? '' }) : t('sts_offline')}
          </Alert>
        ))}
      {s && (
        <>
          <Cards s={s} t={t} />
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 4 }}>
              <Section title={t('sts_systemSection')} testId="status-system">
                <SystemFacts s={s} t={t} />
              </Section>
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <Section title={t('sts_activeUsers')} testId="status-active-users">
                {s.active_users.length === 0 ? (
                  <Typography color="text.secondary">{t('sts_noActiveUsers')}</Typography>
                ) : (
                  <List dense disablePadding>
                    {s.active_users.map((u) => (
                      <ListItem key={u.user_id} disableGutters sx={{ py: 0.25 }}>
                        <ListItemText
                          primary={`${u.full_name} (${roleLabel(u.role)})`}
                          secondary={dateTimeLabel(u.last_request_at)}
                        />
                      </ListItem>
                    ))}
                  </List>
                )}
              </Section>
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <Section title={t('sts_alerts')} testId="status-alerts">
                {s.errors.server_errors > 0 && (
                  <Alert severity="error" sx={{ mb: 1 }}>
                    {t('sts_serverErrors', { n: s.window_minutes, count: s.errors.server_errors })}
                  </Alert>
                )}
                {s.errors.recent.length === 0 ? (
                  s.errors.server_errors === 0 && (
                    <Typography color="text.secondary">{t('sts_noAlerts')}</Typography>
                  )
                ) : (
                  <List dense disablePadding>
                    {s.errors.recent.map((e) => (
                      <ListItem key={e.id} disableGutters sx={{ py: 0.25 }}>
                        <ListItemText
                          primary={e.message}
                          secondary={dateTimeLabel(e.timestamp)}
                          slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                        />
                      </ListItem>
                    ))}
                  </List>
                )}
              </Section>
            </Grid>
          </Grid>
          <Section title={t('sts_devices')} testId="status-devices">
            <DevicesTable devices={s.devices} />
          </Section>
        </>
      )}
      <BackupsPanel />
    </Stack>
  );
}
