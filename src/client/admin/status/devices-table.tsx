import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
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
import { useState } from 'react';
import type { DeviceRow } from '../../../shared/api/system-status';
import { formatBytes } from '../../shared-ui/bytes';
import { dateTimeLabel, type Translate, useT } from '../../shared-ui/i18n';
import { ListPagination } from '../../shared-ui/list-pagination';
import { usePhone } from '../../shared-ui/responsive';

type State = 'silent' | 'unsent' | 'ok';

/**
 * A device's state at a glance: silent for a day → grey (whatever it last said, it is not known
 * to be fine); holding unsent or refused changes → warning; else green.
 */
function stateOf(device: DeviceRow): State {
  if (device.unsent) return 'unsent';
  if (device.silent) return 'silent';
  return 'ok';
}

function StateChip({ device, t }: { device: DeviceRow; t: Translate }) {
  const state = stateOf(device);
  const label =
    state === 'ok' ? t('sts_stateOk') : state === 'unsent' ? t('sts_stateUnsent') : t('sts_stateSilent');
  const chip = (
    <Chip
      size="small"
      label={label}
      color={state === 'ok' ? 'success' : state === 'unsent' ? 'warning' : 'default'}
      variant={state === 'silent' ? 'outlined' : 'filled'}
      data-testid={`device-state-${state}`}
    />
  );
  // Silent AND unsent: both are said (the warning wins the colour, the grey note says why it is old).
  if (state === 'unsent' && device.silent)
    return (
      <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5 }}>
        {chip}
        <Chip
          size="small"
          variant="outlined"
          label={t('sts_stateSilent')}
          data-testid="device-state-silent"
        />
      </Stack>
    );
  return chip;
}

const userLabel = (d: DeviceRow, t: Translate) => d.user_name ?? d.username ?? t('sts_unknownUser');
const persistedLabel = (d: DeviceRow, t: Translate) =>
  d.persisted === null ? t('sts_unknown') : d.persisted ? t('sts_yes') : t('sts_no');
const storageLabel = (d: DeviceRow) =>
  d.storage_quota
    ? `${formatBytes(d.storage_used)} / ${formatBytes(d.storage_quota)}`
    : formatBytes(d.storage_used);
const when = (value: string | null) => (value ? dateTimeLabel(value) : '—');

/** Every browser that signs in is a device, so the list grows: it is paged (10 by default). */
const PAGE_SIZES = [10, 25];

/**
 * The tenant's devices as they last reported with their pulls, those holding unsent changes first
 * (then the server's order: the most recently seen first), a page at a time: a table from `sm` up,
 * stacked cards below it (no sideways scroll on a phone). A device with unsent work is
 * highlighted; one silent for a day is grey, never green.
 */
export function DevicesTable({ devices }: { devices: DeviceRow[] }) {
  const t = useT();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0] as number);
  if (devices.length === 0)
    return (
      <Typography color="text.secondary" data-testid="devices-empty">
        {t('sts_noDevices')}
      </Typography>
    );
  // A refresh may leave fewer devices than the open page reaches: show the last page then.
  const last = Math.max(0, Math.ceil(devices.length / pageSize) - 1);
  const current = Math.min(page, last);
  const ordered = [...devices.filter((d) => d.unsent), ...devices.filter((d) => !d.unsent)];
  const shown = ordered.slice(current * pageSize, (current + 1) * pageSize);
  return (
    <Stack spacing={1}>
      <DeviceList devices={shown} />
      {devices.length > (PAGE_SIZES[0] as number) ? (
        <ListPagination
          count={devices.length}
          page={current}
          pageSize={pageSize}
          pageSizes={PAGE_SIZES}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(0);
          }}
          testId="devices-pagination"
        />
      ) : null}
    </Stack>
  );
}

/** One page of devices: cards on a phone, a table from `sm` up. */
function DeviceList({ devices }: { devices: DeviceRow[] }) {
  const t = useT();
  const phone = usePhone();
  if (phone)
    return (
      <Stack spacing={1.5} data-testid="devices-cards">
        {devices.map((d) => (
          <Card
            key={d.device_id}
            variant="outlined"
            data-testid="device-row"
            data-device={d.device_id}
            sx={{
              borderLeft: 4,
              borderLeftColor: d.unsent ? 'warning.main' : d.silent ? 'grey.400' : 'success.main',
              opacity: d.silent && !d.unsent ? 0.8 : 1,
            }}
          >
            <CardContent sx={{ '&:last-child': { pb: 2 } }}>
              <Stack
                direction="row"
                sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}
              >
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{userLabel(d, t)}</Typography>
                <StateChip device={d} t={t} />
              </Stack>
              <Box
                component="dl"
                sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 0.5 }}
              >
                {(
                  [
                    ['sts_colLastSync', when(d.last_sync_at)],
                    ['sts_colOutbox', String(d.outbox_pending)],
                    ['sts_colOldest', when(d.oldest_pending_at)],
                    ['sts_colFailed', String(d.failed)],
                    ['sts_colVersion', d.app_version ?? '—'],
                    ['sts_colPersisted', persistedLabel(d, t)],
                    ['sts_colStorage', storageLabel(d)],
                  ] as const
                ).map(([key, value]) => (
                  <Box key={key} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {t(key)}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                      {value}
                    </Typography>
                  </Box>
                ))}
              </Box>
              <Typography variant="caption" color="text.secondary">
                {t('sts_lastSeen', { time: dateTimeLabel(d.last_seen_at) })}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Stack>
    );
  return (
    <TableContainer data-testid="devices-table">
      <Table size="small" aria-label={t('sts_devices')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('sts_colUser')}</TableCell>
            <TableCell>{t('sts_colLastSync')}</TableCell>
            <TableCell align="right">{t('sts_colOutbox')}</TableCell>
            <TableCell>{t('sts_colOldest')}</TableCell>
            <TableCell align="right">{t('sts_colFailed')}</TableCell>
            <TableCell>{t('sts_colVersion')}</TableCell>
            <TableCell>{t('sts_colPersisted')}</TableCell>
            <TableCell>{t('sts_colStorage')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {devices.map((d) => (
            <TableRow
              key={d.device_id}
              data-testid="device-row"
              data-device={d.device_id}
              sx={{
                bgcolor: d.unsent ? 'rgba(237, 108, 2, 0.08)' : undefined,
                '& td': d.silent && !d.unsent ? { color: 'text.secondary' } : undefined,
              }}
            >
              <TableCell>
                <Stack spacing={0.5}>
                  <span>{userLabel(d, t)}</span>
                  <StateChip device={d} t={t} />
                  <Typography variant="caption" color="text.secondary">
                    {t('sts_lastSeen', { time: dateTimeLabel(d.last_seen_at) })}
                  </Typography>
                </Stack>
              </TableCell>
              <TableCell>{when(d.last_sync_at)}</TableCell>
              <TableCell align="right" sx={{ fontWeight: d.outbox_pending > 0 ? 700 : undefined }}>
                {d.outbox_pending}
              </TableCell>
              <TableCell>{when(d.oldest_pending_at)}</TableCell>
              <TableCell align="right" sx={{ fontWeight: d.failed > 0 ? 700 : undefined }}>
                {d.failed}
              </TableCell>
              <TableCell>{d.app_version ?? '—'}</TableCell>
              <TableCell>{persistedLabel(d, t)}</TableCell>
              <TableCell>{storageLabel(d)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
