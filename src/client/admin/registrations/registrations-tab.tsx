import Refresh from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { API } from '../../../shared/api/endpoints';
import {
  type CompanyRegistration,
  REGISTRATION_MESSAGES as M,
  type RegistrationActionResult,
} from '../../../shared/api/registrations';
import {
  REGISTRATION_STATUSES,
  type RegistrationAction,
  type RegistrationStatus,
} from '../../../shared/domain/company-registration';
import { useApiQuery } from '../../api/query';
import { type MessageKey, useT } from '../../shared-ui/i18n';
import { EntityList } from '../../shared-ui/kit/entity-list';
import { useFilterParam, useListParams, useSearchText } from '../../shared-ui/kit/list-address';
import { ListPage } from '../../shared-ui/kit/list-page';
import { useOnline } from '../../shared-ui/local-store';
import { useNarrow } from '../../shared-ui/responsive';
import { SearchField } from '../../shared-ui/search-field';
import { useUi } from '../../state/ui';
import { ActionDialog, ApprovalResultDialog } from './registration-dialogs';
import {
  RegistrationCard,
  type RegistrationRowActions,
  registrationActions,
  registrationColumns,
  statusKey,
} from './registration-rows';

const SEARCH_DELAY_MS = 300;
const PREFIX = 'reg.';

const DONE_KEYS: Record<RegistrationAction, MessageKey> = {
  approve: 'reg_approvedToast',
  reject: 'reg_rejectedToast',
  suspend: 'reg_suspendedToast',
};
const ALREADY_KEYS: Record<string, MessageKey> = {
  [M.alreadyApproved]: 'reg_alreadyApproved',
  [M.alreadyRejected]: 'reg_alreadyRejected',
  [M.alreadySuspended]: 'reg_alreadySuspended',
};

function SummaryCard({ label, value, testId }: { label: string; value: number | undefined; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 600 }} data-testid={testId}>
        {value ?? '—'}
      </Typography>
    </Paper>
  );
}

/**
 * Tab 6 of the admin panel, 'Şirket Kayıt Yönetimi' — platform admins only (the admin page shows
 * it to them alone; the server refuses everyone else): summary cards (registrations total,
 * pending, approved; active companies), the registrations searched (Turkish case folding, on the
 * server) and filtered by status, a table on a wide screen and cards below `lg` (where the table's
 * columns would not fit beside the menu). Approve, reject and
 * suspend with a reason; an approval shows what it created, with the one-time password.
 */
export default function RegistrationsTab() {
  const t = useT();
  const narrow = useNarrow();
  const online = useOnline();
  const ui = useUi();
  const client = useQueryClient();
  // Search and status filter in the address ('reg.q', 'reg.status'), apart from the other tabs'.
  const view = useListParams({ prefix: PREFIX, filters: ['status'] });
  const typed = useSearchText(view, { delay: SEARCH_DELAY_MS });
  const search = view.search.trim();
  const statusParam = useFilterParam('status', { prefix: PREFIX, replace: true });
  const status = (REGISTRATION_STATUSES as readonly string[]).includes(statusParam.value ?? '')
    ? (statusParam.value as RegistrationStatus)
    : '';
  const [acting, setActing] = useState<{
    registration: CompanyRegistration;
    action: RegistrationAction;
  } | null>(null);
  const [made, setMade] = useState<NonNullable<RegistrationActionResult['tenant']> | null>(null);

  const list = useApiQuery(API.adminRegistrations, {
    query: { ...(search ? { search } : {}), ...(status ? { status } : {}) },
  });
  const stats = useApiQuery(API.adminPlatformStats);
  const rows = list.data ?? [];

  const actions: RegistrationRowActions = {
    disabled: !online,
    onAction: (registration, action) => setActing({ registration, action }),
  };

  function onDone(result: RegistrationActionResult, action: RegistrationAction) {
    setActing(null);
    const already = ALREADY_KEYS[result.message];
    ui.showSuccess(result.changed ? t(DONE_KEYS[action]) : already ? t(already) : result.message);
    if (result.tenant) setMade(result.tenant);
    void client.invalidateQueries({ queryKey: ['api', 'GET', API.adminRegistrations.path] });
    void client.invalidateQueries({ queryKey: ['api', 'GET', API.adminPlatformStats.path] });
  }

  const empty = list.isPending || rows.length > 0 ? null : t('reg_empty');
  const figures = stats.data;

  return (
    <ListPage
      testId="registrations-tab"
      offlineNote={online ? null : { text: t('reg_offlineNote'), testId: 'registrations-offline-note' }}
      error={
        (list.error && !list.data) || (stats.error && !stats.data)
          ? {
              text: `${t('reg_loadError')}: ${(list.error ?? stats.error)?.message}`,
              testId: 'registrations-load-error',
            }
          : null
      }
      header={
        <Box
          component="section"
          aria-label={t('reg_statsAria')}
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2 }}
        >
          <SummaryCard
            label={t('reg_cardTotal')}
            value={figures?.registrations.total}
            testId="registrations-total"
          />
          <SummaryCard
            label={t('reg_cardPending')}
            value={figures?.registrations.pending}
            testId="registrations-pending"
          />
          <SummaryCard
            label={t('reg_cardApproved')}
            value={figures?.registrations.approved}
            testId="registrations-approved"
          />
          <SummaryCard
            label={t('reg_cardTenants')}
            value={figures?.tenants.total_active_tenants}
            testId="registrations-active-tenants"
          />
        </Box>
      }
      toolbar={
        <>
          <SearchField
            label={t('reg_searchLabel')}
            placeholder={t('reg_searchPlaceholder')}
            value={typed.text}
            onChange={typed.setText}
            testId="registrations-search"
            sx={{ flex: 1 }}
          />
          <TextField
            select
            size="small"
            label={t('reg_statusFilter')}
            value={status}
            onChange={(e) => statusParam.set(e.target.value)}
            sx={{ minWidth: { xs: '100%', md: 190 } }}
            slotProps={{
              select: { SelectDisplayProps: { 'data-testid': 'registrations-status-filter' } as object },
            }}
          >
            <MenuItem value="">{t('reg_allStatuses')}</MenuItem>
            {REGISTRATION_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(statusKey(s))}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="outlined"
            startIcon={<Refresh />}
            onClick={() => {
              void list.refetch();
              void stats.refetch();
            }}
            disabled={list.isFetching || !online}
            data-testid="registrations-refresh"
          >
            {t('reg_refresh')}
          </Button>
        </>
      }
      fetching={list.isFetching}
      after={
        <>
          <ActionDialog target={acting} onClose={() => setActing(null)} onDone={onDone} />
          <ApprovalResultDialog result={made} onClose={() => setMade(null)} />
        </>
      }
    >
      <EntityList
        rows={rows}
        rowKey={(r) => r.id}
        columns={registrationColumns(t)}
        card={(r) => <RegistrationCard registration={r} />}
        actions={registrationActions(t, actions)}
        actionsHeader={t('reg_colActions')}
        empty={empty}
        label={t('admin_tabRegistrations')}
        testId="registrations"
        rowTestId={(r) => `registration-row-${r.subdomain}`}
        breakAnywhere
        phone={narrow}
      />
    </ListPage>
  );
}
