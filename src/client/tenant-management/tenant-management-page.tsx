import Add from '@mui/icons-material/Add';
import Dns from '@mui/icons-material/DnsOutlined';
import Public from '@mui/icons-material/PublicOutlined';
import Refresh from '@mui/icons-material/Refresh';
import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useMemo, useState } from 'react';
import { API } from '../../shared/api/endpoints';
import { type AdminTenant, TENANT_LIMITS, TENANT_PAGE_SIZE } from '../../shared/api/tenant-admin';
import { isPlatformAdmin } from '../../shared/domain/platform';
import { useApiQuery } from '../api/query';
import { useT } from '../shared-ui/i18n';
import { EntityList } from '../shared-ui/kit/entity-list';
import { useLastPageClamp, useListParams, useSearchText } from '../shared-ui/kit/list-address';
import { ListPage } from '../shared-ui/kit/list-page';
import { useOnline } from '../shared-ui/local-store';
import { useSession } from '../state/session';
import { useUi } from '../state/ui';
import { type FirstAdminLogin, OneTimePasswordDialog } from './one-time-password';
import { failureText, useTenantMutation } from './tenant-api';
import { ConfirmDialog } from './tenant-confirm-dialogs';
import { TenantFormDialog } from './tenant-form-dialog';
import { TenantCard, type TenantRowActions, tenantActions, tenantColumns } from './tenant-rows';

/**
 * /tenant-management, 'Tenant Yönetimi': the platform's companies, for platform admins only (an
 * admin of another company is told so; the server refuses them too). A table on a desktop, cards
 * below `sm`, 10 a page; add and edit in a dialog (with the tenant's usage), delete after the
 * 'cannot be undone' question, and the DNS actions: the wildcard record, records for every
 * existing tenant (both asked first) and a per-row refresh of the DNS status. Online only: the
 * list opens read-only offline from what was last seen.
 */
export default function TenantManagementPage() {
  const role = useSession((s) => s.user?.role);
  const tenant = useSession((s) => s.tenant);
  const t = useT();
  if (!isPlatformAdmin(role, tenant)) {
    return (
      <Alert severity="warning" data-testid="tenants-platform-only">
        {t('tm_platformOnly')}
      </Alert>
    );
  }
  return <TenantManagement />;
}

function TenantManagement() {
  const t = useT();
  const online = useOnline();
  const ui = useUi();
  // Search and page in the address; the server searches (name or subdomain, Turkish case folding)
  // once typing pauses.
  const list = useListParams({ pageSizes: [TENANT_PAGE_SIZE] });
  const typed = useSearchText(list, { delay: 300 });
  const search = list.search.trim().slice(0, TENANT_LIMITS.searchMax);
  const page = list.page;
  const [editing, setEditing] = useState<{ tenant: AdminTenant | null } | null>(null);
  const [deleting, setDeleting] = useState<AdminTenant | null>(null);
  const [asking, setAsking] = useState<'wildcard' | 'existing' | null>(null);
  const [checking, setChecking] = useState<string | null>(null);
  /** DNS states from checks made on this screen (newer than the list's until it is read again). */
  const [checked, setChecked] = useState<Record<string, string>>({});
  const [firstAdmin, setFirstAdmin] = useState<FirstAdminLogin | null>(null);

  const query = useApiQuery(API.adminTenants, {
    query: { page: page + 1, limit: TENANT_PAGE_SIZE, ...(search ? { search } : {}) },
  });
  const remove = useTenantMutation(API.adminTenantDelete, 'tm_deleteError', [API.adminTenants]);
  const wildcard = useTenantMutation(API.dnsSetupWildcard, 'tm_wildcardError', [API.adminTenants]);
  const existing = useTenantMutation(API.dnsSetupExisting, 'tm_dnsExistingError', [API.adminTenants]);
  const check = useTenantMutation(API.dnsCheck, 'tm_dnsCheckError');
  const data = query.data;
  const total = data?.pagination.total ?? 0;
  const rows = useMemo(
    () =>
      (data?.data ?? []).map((r) =>
        checked[r.tenant_id] ? { ...r, dns_status: checked[r.tenant_id] ?? '' } : r,
      ),
    [data, checked],
  );

  // A failed read says so in the red snackbar (the server's reason, else the spec's text).
  // (read from the store, not through `ui`: showing it changes the store, which would run this again)
  useEffect(() => {
    if (query.error) useUi.getState().showError(failureText(query.error, 'tm_loadError'));
  }, [query.error]);
  // A new list supersedes the checks made before it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list's arrival is the trigger
  useEffect(() => setChecked({}), [data]);
  // A page past the end (tenants deleted meanwhile) goes back to the last one.
  useLastPageClamp(list, data?.pagination.total, TENANT_PAGE_SIZE);

  const actions: TenantRowActions = {
    disabled: !online,
    checking,
    onEdit: (tenant) => setEditing({ tenant }),
    onDelete: (tenant) => setDeleting(tenant),
    onCheckDns: (tenant) => {
      setChecking(tenant.tenant_id);
      check
        .mutateAsync({ params: { tenant: tenant.tenant_id } })
        .then((result) => setChecked((c) => ({ ...c, [tenant.tenant_id]: result.dns_status })))
        .catch(() => {
          /* shown by the mutation */
        })
        .finally(() => setChecking(null));
    },
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync({ params: { id: deleting.tenant_id } });
      ui.showSuccess(t('tm_deleted'));
    } catch {
      // shown by the mutation (the server's reason, e.g. the platform tenant cannot be deleted)
    }
    setDeleting(null);
  };

  const confirmDns = async () => {
    try {
      if (asking === 'wildcard') {
        const result = await wildcard.mutateAsync({});
        if (result.error) ui.showError(result.error);
        else ui.showSuccess(t('tm_wildcardDone'));
      } else if (asking === 'existing') {
        const results = await existing.mutateAsync({});
        const done = results.filter((r) => r.success).length;
        const failed = results.find((r) => !r.success);
        if (done === 0 && failed) ui.showError(failed.error ?? t('tm_dnsExistingError'));
        else ui.showSuccess(t('tm_dnsExistingDone', { count: done }));
      }
    } catch {
      // shown by the mutation (e.g. DNS is not configured on this server)
    }
    setAsking(null);
  };

  const empty = query.isPending || rows.length > 0 ? null : t(search ? 'tm_noMatch' : 'tm_empty');

  return (
    <ListPage
      testId="tenant-management-page"
      offlineNote={online ? null : { text: t('tm_offlineNote'), testId: 'tenants-offline-note' }}
      toolbar={
        <>
          <TextField
            type="search"
            size="small"
            label={t('tm_search')}
            placeholder={t('tm_searchHelp')}
            value={typed.text}
            onChange={(e) => typed.setText(e.target.value)}
            sx={{ flexGrow: 1, minWidth: { md: 220 } }}
            slotProps={{
              htmlInput: { 'data-testid': 'tenants-search', maxLength: TENANT_LIMITS.searchMax },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <Search fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <Button
            variant="outlined"
            startIcon={<Refresh />}
            onClick={() => void query.refetch()}
            disabled={query.isFetching || !online}
            data-testid="tenants-refresh"
          >
            {t('tm_refresh')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<Public />}
            onClick={() => setAsking('wildcard')}
            disabled={!online}
            data-testid="tenants-dns-wildcard"
          >
            {t('tm_wildcard')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<Dns />}
            onClick={() => setAsking('existing')}
            disabled={!online}
            data-testid="tenants-dns-existing"
          >
            {t('tm_dnsExisting')}
          </Button>
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => setEditing({ tenant: null })}
            disabled={!online}
            data-testid="tenants-add"
          >
            {t('tm_add')}
          </Button>
        </>
      }
      fetching={query.isFetching}
      pagination={
        total > TENANT_PAGE_SIZE
          ? {
              count: total,
              list,
              page,
              pageSizes: [TENANT_PAGE_SIZE],
              testId: 'tenants-pagination',
            }
          : undefined
      }
      after={
        <>
          <TenantFormDialog
            open={!!editing}
            tenant={editing?.tenant ?? null}
            onClose={() => setEditing(null)}
            onFirstAdmin={setFirstAdmin}
          />
          <OneTimePasswordDialog login={firstAdmin} onClose={() => setFirstAdmin(null)} />
          <ConfirmDialog
            open={!!deleting}
            title={t('tm_deleteTitle')}
            text={t('tm_deleteConfirm')}
            note={
              deleting
                ? t('tm_deleteNote', { name: deleting.company_name, subdomain: deleting.subdomain })
                : null
            }
            confirmLabel={t('tm_delete')}
            danger
            busy={remove.isPending}
            onConfirm={() => void confirmDelete()}
            onClose={() => setDeleting(null)}
            testId="tenant-delete-dialog"
          />
          <ConfirmDialog
            open={asking !== null}
            title={t(asking === 'existing' ? 'tm_dnsExisting' : 'tm_wildcard')}
            text={t(asking === 'existing' ? 'tm_dnsExistingConfirm' : 'tm_wildcardConfirm')}
            confirmLabel={t('tm_confirm')}
            busy={wildcard.isPending || existing.isPending}
            onConfirm={() => void confirmDns()}
            onClose={() => setAsking(null)}
            testId="tenant-dns-dialog"
          />
        </>
      }
    >
      <EntityList
        rows={rows}
        rowKey={(tenant) => tenant.tenant_id}
        columns={tenantColumns(t)}
        card={(tenant) => <TenantCard tenant={tenant} />}
        actions={tenantActions(t, actions)}
        actionLabel={(action, tenant) =>
          t('tm_actionsFor', { action: action.label, name: tenant.company_name })
        }
        actionsHeader={t('tm_colActions')}
        empty={empty}
        label={t('tm_tableLabel')}
        testId="tenants"
        rowTestId="tenant-row"
        rowProps={(tenant) => ({ 'data-tenant-id': tenant.tenant_id })}
        minWidth={860}
      />
    </ListPage>
  );
}
