import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { ImportAction, ImportRow, ImportSummary } from '../../../shared/api/product-import';
import { formatTL } from '../../../shared/domain/money';
import type { ImportField } from '../../../shared/domain/product-import';
import type { MessageKey } from '../../shared-ui/i18n';
import { useT } from '../../shared-ui/i18n';
import { usePhone } from '../../shared-ui/responsive';
import { fetchRows } from './import-api';

const PAGE_SIZE = 25;

const ACTION_COLOR: Record<ImportAction, 'success' | 'info' | 'default' | 'error'> = {
  create: 'success',
  update: 'info',
  unchanged: 'default',
  error: 'error',
};
const ACTION_LABEL: Record<ImportAction, MessageKey> = {
  create: 'imp_actionCreate',
  update: 'imp_actionUpdate',
  unchanged: 'imp_actionUnchanged',
  error: 'imp_actionError',
};

/** A preview value as the user reads it: prices in TL the Turkish way, empty as a dash. */
function shown(field: ImportField, value: string | number | null): string {
  if (value === null || value === '') return '—';
  if (field === 'selling_price' && typeof value === 'number') return formatTL(value);
  if (field === 'vat_rate') return `%${value}`;
  return String(value);
}

function RowDetails({ row }: { row: ImportRow }) {
  const t = useT();
  if (row.action === 'error')
    return (
      <Stack spacing={0.25}>
        {row.errors.map((e) => (
          <Typography key={`${e.column}:${e.message}`} variant="body2" color="error">
            {e.column}: {e.message}
          </Typography>
        ))}
      </Stack>
    );
  if (row.action === 'unchanged') return <Typography variant="body2">{t('imp_none')}</Typography>;
  return (
    <Stack spacing={0.25}>
      {row.changes
        .filter((c) => c.field !== 'product_code' && c.field !== 'name')
        .map((c) => (
          <Typography key={c.field} variant="body2">
            {t(`imp_field_${c.field}` as MessageKey)}:{' '}
            {row.action === 'update'
              ? `${shown(c.field, c.old)} → ${shown(c.field, c.new)}`
              : shown(c.field, c.new)}
          </Typography>
        ))}
      {row.action === 'update' && row.changes.some((c) => c.field === 'name') && (
        <Typography variant="body2">
          {t('imp_field_name')}: {row.changes.find((c) => c.field === 'name')?.old} → {row.name}
        </Typography>
      )}
    </Stack>
  );
}

/** The preview's rows: filters by action, a table (cards below `sm`), pages of 25. */
export function ImportPreview({ summary }: { summary: ImportSummary }) {
  const t = useT();
  const phone = usePhone();
  const [action, setAction] = useState<ImportAction | 'all'>(summary.counts.error > 0 ? 'error' : 'all');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ rows: ImportRow[]; total: number } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setFailed(null);
    fetchRows(summary.import_id, action === 'all' ? undefined : action, page, PAGE_SIZE).then(
      (answer) => live && setData(answer),
      (error: Error) => live && setFailed(error.message),
    );
    return () => {
      live = false;
    };
  }, [summary.import_id, action, page]);

  const counts = summary.counts;
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE));
  const chip = (row: ImportRow) => (
    <Chip size="small" color={ACTION_COLOR[row.action]} label={t(ACTION_LABEL[row.action])} />
  );
  return (
    <Stack spacing={1.5}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={action}
        onChange={(_e, value: ImportAction | 'all' | null) => {
          if (value) {
            setAction(value);
            setPage(1);
          }
        }}
        sx={{ flexWrap: 'wrap' }}
      >
        <ToggleButton value="all">{t('imp_all', { n: counts.total })}</ToggleButton>
        <ToggleButton value="create">{t('imp_create', { n: counts.create })}</ToggleButton>
        <ToggleButton value="update">{t('imp_update', { n: counts.update })}</ToggleButton>
        <ToggleButton value="unchanged">{t('imp_unchanged', { n: counts.unchanged })}</ToggleButton>
        <ToggleButton value="error">{t('imp_error', { n: counts.error })}</ToggleButton>
      </ToggleButtonGroup>
      {failed && <Typography color="error">{failed}</Typography>}
      {phone ? (
        <Stack spacing={1} data-testid="import-preview-rows">
          {data?.rows.map((row) => (
            <Paper key={row.row} variant="outlined" sx={{ p: 1.5 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
                <Typography variant="subtitle2">{t('imp_rowN', { row: row.row })}</Typography>
                {chip(row)}
              </Stack>
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {row.product_code || t('imp_none')} · {row.name || t('imp_none')}
              </Typography>
              <RowDetails row={row} />
            </Paper>
          ))}
        </Stack>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" data-testid="import-preview-rows">
            <TableHead>
              <TableRow>
                <TableCell>{t('imp_row')}</TableCell>
                <TableCell>{t('imp_status')}</TableCell>
                <TableCell>{t('imp_code')}</TableCell>
                <TableCell>{t('imp_name')}</TableCell>
                <TableCell>{t('imp_details')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data?.rows.map((row) => (
                <TableRow key={row.row}>
                  <TableCell>{row.row}</TableCell>
                  <TableCell>{chip(row)}</TableCell>
                  <TableCell>{row.product_code || t('imp_none')}</TableCell>
                  <TableCell>{row.name || t('imp_none')}</TableCell>
                  <TableCell>
                    <RowDetails row={row} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
        <Typography variant="body2">{t('imp_pageOf', { page, pages })}</Typography>
        <IconButton aria-label={t('imp_prev')} disabled={page <= 1} onClick={() => setPage(page - 1)}>
          <ChevronLeft />
        </IconButton>
        <IconButton aria-label={t('imp_next')} disabled={page >= pages} onClick={() => setPage(page + 1)}>
          <ChevronRight />
        </IconButton>
      </Stack>
    </Stack>
  );
}
