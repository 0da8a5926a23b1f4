import Clear from '@mui/icons-material/Clear';
import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { LOG_COUNT_CAP, LOG_LEVELS, type LogEntry } from '../../../shared/api/admin';
import { API } from '../../../shared/api/endpoints';
import { dayStartIn } from '../../../shared/domain/time';
import { saveBlob } from '../../api/download';
import { callFile } from '../../api/http';
import { useApiQuery } from '../../api/query';
import { FilterSelect } from '../../shared-ui/filter-select';
import { companyTimeZone, dateTimeLabel, t as translate, useT } from '../../shared-ui/i18n';
import { type Column, EntityList } from '../../shared-ui/kit/entity-list';
import { useFilterParam, useListParams, useSearchText } from '../../shared-ui/kit/list-address';
import { ListPage } from '../../shared-ui/kit/list-page';
import { useOnline } from '../../shared-ui/local-store';
import { SearchField } from '../../shared-ui/search-field';
import { useUi } from '../../state/ui';
import { LevelChip, LogDetailDialog, levelKey, useLogMessage } from './log-detail-dialog';

const PAGE_SIZES = [10, 25, 50];
/** The tab's parameters in /admin's address ('logs.level', 'logs.q'), apart from the other tabs'. */
const PREFIX = 'logs.';
const FILTERS = ['level', 'user', 'action', 'from', 'to'] as const;

interface Filters {
  level: string;
  user_id: string;
  action: string;
  /** yyyy-mm-dd as the date inputs hold it (a day in the company's time zone). */
  from: string;
  to: string;
  search: string;
}

/**
 * A picked day as the instant it starts in the company's time zone, for the wire, which is UTC:
 * `to` is the start of the day AFTER the picked one (the API's `to` is exclusive), so "to 26.11"
 * includes the whole 26th.
 */
function dayStart(day: string, plusDays = 0): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const noon = Date.parse(`${day}T12:00:00Z`);
  if (!Number.isFinite(noon)) return undefined;
  const next = new Date(noon + plusDays * 24 * 3600_000).toISOString().slice(0, 10);
  return dayStartIn(next, companyTimeZone())?.toISOString();
}

/** The filters as the API takes them (empty ones left out, so they share the cache key). */
function wireFilters(f: Filters) {
  const from = dayStart(f.from);
  const to = dayStart(f.to, 1);
  return {
    ...(f.level ? { level: f.level as LogEntry['level'] } : {}),
    ...(f.user_id ? { user_id: f.user_id } : {}),
    ...(f.action.trim() ? { action: f.action.trim() } : {}),
    ...(from ? { from } : {}),
    ...(to && (!from || to > from) ? { to } : {}),
    ...(f.search.trim() ? { search: f.search.trim() } : {}),
  };
}

/** The typed texts reach the query a moment after the last key (not one request per key). */
function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Admin panel tab 4, 'Sistem Logları': the tenant's system log with filters (level, user,
 * action, dates, free text), paged on the server; a row opens the entry in full. The list is read
 * through the online-only cache (fresh for 1 minute, kept on the device), so after one online
 * visit it opens offline with what it showed then, read-only. Messages are rendered in the
 * reader's language from what each entry stored (its action and parameters). 'CSV olarak indir'
 * and 'Excel (.xlsx) olarak indir' download the entries the filters select, in that language. The
 * filters and the page are kept in the address. Below `sm` the rows are cards.
 */
export default function LogsTab() {
  const t = useT();
  const online = useOnline();
  const list = useListParams({ prefix: PREFIX, filters: FILTERS, pageSizes: PAGE_SIZES });
  const search = useSearchText(list);
  const level = useFilterParam('level', { prefix: PREFIX, replace: true });
  const user = useFilterParam('user', { prefix: PREFIX, replace: true });
  const actionParam = useFilterParam('action', { prefix: PREFIX, replace: true });
  // The action is typed like the search: its box keeps its own text while the address follows.
  const action = useSearchText({
    ...list,
    search: actionParam.value ?? '',
    setSearch: (value) => actionParam.set(value.slice(0, 100)),
  });
  const from = useFilterParam('from', { prefix: PREFIX, replace: true });
  const to = useFilterParam('to', { prefix: PREFIX, replace: true });
  const filters: Filters = {
    level: level.value ?? '',
    user_id: user.value ?? '',
    action: actionParam.value ?? '',
    from: from.value ?? '',
    to: to.value ?? '',
    search: list.search,
  };
  const { page, pageSize } = list;
  const [open, setOpen] = useState<LogEntry | null>(null);
  const [exporting, setExporting] = useState(false);
  const message = useLogMessage();
  const language = useUi((s) => s.language);

  const typed = useDebounced({ action: filters.action, search: filters.search });
  // The filters are a new object each render: their values are the key.
  const filterKey = JSON.stringify(filters);
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey stands for the filters' values
  const wire = useMemo(() => wireFilters({ ...filters, ...typed }), [filterKey, typed]);
  const logs = useApiQuery(
    API.adminLogs,
    { query: { ...wire, page: page + 1, limit: pageSize } },
    { preset: 'logs' },
  );
  const users = useApiQuery(API.adminLogUsers);
  // A failed load is also a toast (the admin panel's hooks report load failures that way).
  const failed = logs.isError;
  useEffect(() => {
    if (failed) useUi.getState().showError(translate('lg_loadError'));
  }, [failed]);

  async function exportFile(format: 'csv' | 'xlsx') {
    setExporting(true);
    try {
      const file = await callFile(API.adminLogsExport, { query: { ...wire, format, lang: language } });
      saveBlob(file.blob, file.filename ?? `sistem-loglari.${format}`);
    } catch (error) {
      useUi
        .getState()
        .showError(error instanceof Error && error.message ? error.message : t('lg_exportError'));
    } finally {
      setExporting(false);
    }
  }

  const rows = logs.data?.logs ?? [];
  const pagination = logs.data?.pagination;
  const filtered = Object.values(filters).some(Boolean);
  const dateInput = { inputLabel: { shrink: true } } as const;
  const columns: Column<LogEntry>[] = [
    { key: 'level', header: t('lg_level'), cell: (entry) => <LevelChip level={entry.level} /> },
    {
      key: 'message',
      header: t('lg_message'),
      cell: (entry) => message(entry),
      breakAnywhere: true,
      testId: 'log-message',
    },
    { key: 'user', header: t('lg_user'), cell: (entry) => entry.user_name ?? t('lg_none') },
    { key: 'ip', header: t('lg_ipAddress'), cell: (entry) => entry.ip_address ?? t('lg_none') },
    { key: 'time', header: t('lg_timestamp'), cell: (entry) => dateTimeLabel(entry.timestamp), nowrap: true },
  ];

  return (
    <ListPage
      testId="admin-logs"
      header={
        <>
          <Typography variant="h6" component="h2">
            {t('lg_heading')}
          </Typography>
          {!online ? (
            <Alert severity="info" data-testid="logs-offline">
              {t('lg_offline')}
            </Alert>
          ) : null}
        </>
      }
      toolbarLabel={t('lg_filters')}
      toolbar={
        <Stack spacing={2} sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <SearchField
              label={t('search')}
              placeholder={t('lg_searchPlaceholder')}
              value={search.text}
              onChange={search.setText}
              testId="logs-search"
              sx={{ flex: 2 }}
            />
            <FilterSelect
              id="logs-level"
              label={t('lg_level')}
              value={filters.level}
              onChange={level.set}
              allLabel={t('all')}
              options={LOG_LEVELS.map((value) => ({ value, label: t(levelKey(value)) }))}
              testId="logs-level"
              sx={{ minWidth: 150, flex: 1 }}
            />
            <FilterSelect
              id="logs-user"
              label={t('lg_user')}
              value={filters.user_id}
              onChange={user.set}
              allLabel={t('all')}
              options={(users.data?.users ?? []).map((u) => ({
                value: u.id,
                label: `${u.full_name} (${u.username})`,
              }))}
              testId="logs-user"
              sx={{ minWidth: 180, flex: 1 }}
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <TextField
              size="small"
              label={t('lg_action')}
              value={action.text}
              onChange={(e) => action.setText(e.target.value.slice(0, 100))}
              slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'logs-action' } }}
              sx={{ flex: 1 }}
            />
            <TextField
              size="small"
              type="date"
              label={t('lg_from')}
              value={filters.from}
              onChange={(e) => from.set(e.target.value)}
              slotProps={{
                ...dateInput,
                htmlInput: { 'data-testid': 'logs-from', max: filters.to || undefined },
              }}
            />
            <TextField
              size="small"
              type="date"
              label={t('lg_to')}
              value={filters.to}
              onChange={(e) => to.set(e.target.value)}
              slotProps={{
                ...dateInput,
                htmlInput: { 'data-testid': 'logs-to', min: filters.from || undefined },
              }}
            />
          </Stack>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button
              variant="outlined"
              startIcon={<Clear />}
              disabled={!filtered}
              onClick={search.clear}
              data-testid="logs-clear"
            >
              {t('lg_clear')}
            </Button>
            <Button
              variant="contained"
              startIcon={<Download />}
              disabled={!online || exporting}
              onClick={() => void exportFile('csv')}
              data-testid="logs-export"
            >
              {exporting ? t('lg_exporting') : t('lg_export')}
            </Button>
            <Button
              variant="outlined"
              startIcon={<Download />}
              disabled={!online || exporting}
              onClick={() => void exportFile('xlsx')}
              data-testid="logs-export-xlsx"
            >
              {t('lg_exportXlsx')}
            </Button>
            {!online ? (
              <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
                {t('lg_exportOffline')}
              </Typography>
            ) : null}
          </Stack>
        </Stack>
      }
      above={logs.isError && !logs.data ? <Alert severity="error">{t('lg_loadError')}</Alert> : null}
      fetching={logs.isFetching}
      pagination={{
        count: pagination?.total ?? 0,
        list,
        page,
        pageSizes: PAGE_SIZES,
        testId: 'logs-pagination',
      }}
      after={<LogDetailDialog entry={open} onClose={() => setOpen(null)} />}
    >
      <EntityList
        rows={rows}
        rowKey={(entry) => entry.id}
        columns={columns}
        // The card's own texts name it (level, time, message, user): a separate label would hide
        // what a screen reader user hears behind different words.
        card={(entry) => (
          <>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
              <LevelChip level={entry.level} />
              <Typography variant="caption" color="text.secondary">
                {dateTimeLabel(entry.timestamp)}
              </Typography>
            </Stack>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="log-message">
              {message(entry)}
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {entry.user_name ?? t('lg_none')} · {entry.ip_address ?? t('lg_none')}
            </Typography>
          </>
        )}
        onOpen={setOpen}
        openLabel={(entry) => `${t('lg_openDetail')}: ${message(entry)}`}
        empty={!logs.isPending && rows.length === 0 ? t('lg_empty') : null}
        label={t('lg_heading')}
        testId="logs"
        rowTestId="log-row"
      />
      {pagination?.capped ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1 }} data-testid="logs-capped">
          {t('lg_capped', { n: LOG_COUNT_CAP.toLocaleString('tr-TR') })}
        </Typography>
      ) : null}
    </ListPage>
  );
}
