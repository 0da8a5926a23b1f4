import Edit from '@mui/icons-material/EditOutlined';
import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type Company, companySchema } from '../../../shared/api/company';
import { API } from '../../../shared/api/endpoints';
import { missingSellerFields } from '../../../shared/domain/invoice-seller';
import { formatDateTime } from '../../../shared/domain/time';
import { ApiError } from '../../api/errors';
import { apiQueryKey, useApiMutation, useApiQuery } from '../../api/query';
import { refreshInvoiceReadiness } from '../../local/store';
import { useT } from '../../shared-ui/i18n';
import { ChunkLoading } from '../../shared-ui/loading';
import { useOnline } from '../../shared-ui/local-store';
import { sellerFieldsText } from '../../shared-ui/seller-fields';
import { useSession } from '../../state/session';
import { useUi } from '../../state/ui';
import { CompanyEditForm, type ConflictNote } from './company-edit-form';
import {
  type CompanyForm,
  changedSince,
  checkForm,
  type FormErrors,
  formFromCompany,
  refusalField,
} from './company-form';
import { CompanyLogo } from './company-logo';
import { CompanyDetails, CompanyDomain, CompanyStatsCard, type ViewRow } from './company-view';

const VIEW_FIELDS = [
  'name',
  'legal_name',
  'tax_number',
  'tax_office',
  'phone',
  'email',
  'website',
  'currency',
  'timezone',
  'language',
  'address',
] as const;

/**
 * Tab 0, 'Şirket Bilgileri': the company profile — view, edit (versioned: when someone else saved
 * first the tab says so and shows what changed, keeping what the user typed), refresh, the logo,
 * the statistics and the tenant's address. Admin data stays fresh 5 minutes in the query cache,
 * which the device keeps: offline the tab shows the last answer read-only and says that changes
 * need the server. Refused (403) it falls back to the public tenant info, read-only.
 *
 * While the profile lacks what invoices print (the server's rule, shared/domain/invoice-seller.ts)
 * the tab says so above it with a button that opens the form; `?edit=company` (the link of the
 * dashboard's prompt and of a greyed-out 'Fatura Kes') opens the form at once. After a save the
 * device asks the server again whether the company may invoice, so 'Fatura Kes' comes back.
 */
export default function CompanyTab() {
  const t = useT();
  const online = useOnline();
  const client = useQueryClient();
  const showToast = useUi((s) => s.showToast);
  const english = useUi((s) => s.language === 'en');
  const query = useApiQuery(API.companyGet);
  const refused = query.error instanceof ApiError && query.error.status === 403;
  const fallback = useApiQuery(API.tenantInfo, {}, { enabled: refused });
  const save = useApiMutation(API.companyUpdate);

  const [editing, setEditing] = useState<{
    base: Company;
    errors: FormErrors;
    conflict: ConflictNote | null;
  } | null>(null);

  const company = query.data;
  const canWrite = online && !!company;
  const missing = company ? missingSellerFields(company) : [];

  // `?edit=company`: open the form as soon as the company is read (once; the address is cleaned).
  const [params, setParams] = useSearchParams();
  const editAsked = params.get('edit') === 'company';
  useEffect(() => {
    if (!editAsked || !company || !online) return;
    setEditing((now) => now ?? { base: company, errors: {}, conflict: null });
    setParams(
      (p) => {
        p.delete('edit');
        return p;
      },
      { replace: true },
    );
  }, [editAsked, company, online, setParams]);

  const refresh = () => {
    void query.refetch();
  };

  const submit = async (form: CompanyForm) => {
    if (!editing) return;
    const check = checkForm(form, editing.base.version);
    if (!check.ok) {
      setEditing({ ...editing, errors: check.errors });
      return;
    }
    try {
      const saved = await save.mutateAsync({ body: check.body });
      client.setQueryData(apiQueryKey(API.companyGet), saved);
      setEditing(null);
      showToast(t('co_saved'));
      // Whether the company may invoice now: 'Fatura Kes' follows the saved profile.
      void refreshInvoiceReadiness().catch(() => false);
      // The top bar shows the company's name (and logo) from the tenant info: read it again.
      await useSession.getState().loadTenantInfo();
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      if (error.status === 409 && error.body?.current) {
        const parsed = companySchema.safeParse(error.body.current);
        if (parsed.success) {
          const now = parsed.data;
          client.setQueryData(apiQueryKey(API.companyGet), now);
          const nowForm = formFromCompany(now);
          const changed = changedSince(editing.base, now).map((field) => ({ field, value: nowForm[field] }));
          // The next save names the version now shown: the user has seen what changed.
          setEditing({ base: now, errors: {}, conflict: { changed } });
          return;
        }
      }
      const named = refusalField({ message: error.message, field: error.body?.field });
      if (named) setEditing({ ...editing, errors: { [named.field]: named.error } });
    }
  };

  const header = (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}
    >
      <Typography variant="h6" component="h2">
        {t('co_title')}
      </Typography>
      <Stack direction="row" spacing={1}>
        <Button
          startIcon={<Refresh />}
          onClick={refresh}
          disabled={!online || query.isFetching}
          data-testid="company-refresh"
        >
          {t('co_refresh')}
        </Button>
        {company && !editing && (
          <Button
            variant="contained"
            startIcon={<Edit />}
            onClick={() => setEditing({ base: company, errors: {}, conflict: null })}
            disabled={!canWrite}
            data-testid="company-edit"
          >
            {t('co_edit')}
          </Button>
        )}
      </Stack>
    </Stack>
  );

  let body: ReactNode;
  if (company) {
    const rows: ViewRow[] = VIEW_FIELDS.map((field) => ({ field, value: company[field] }));
    body = (
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
          <Stack spacing={2}>
            <CompanyLogo company={company} canWrite={canWrite && !editing} />
            {editing ? (
              <CompanyEditForm
                key={editing.base.tenant_id}
                initial={formFromCompany(editing.base)}
                errors={editing.errors}
                conflict={editing.conflict}
                saving={save.isPending}
                onSubmit={(form) => void submit(form)}
                onCancel={() => setEditing(null)}
              />
            ) : (
              <CompanyDetails rows={rows} />
            )}
            {company.updated_at && (
              <Typography variant="caption" color="text.secondary">
                {t('co_lastSeen', {
                  // The company's own time zone (the setting on this screen), as every date is shown.
                  time: formatDateTime(company.updated_at, company.timezone, english ? 'en-GB' : 'tr-TR'),
                })}
              </Typography>
            )}
          </Stack>
        </Paper>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <CompanyStatsCard statistics={company.statistics} />
          <CompanyDomain subdomain={company.subdomain} baseDomain={company.base_domain} />
        </Stack>
      </Box>
    );
  } else if (refused && fallback.data) {
    const info = fallback.data;
    const rows: ViewRow[] = [
      { field: 'name', value: info.company_name },
      { field: 'currency', value: info.settings.currency },
      { field: 'timezone', value: info.settings.timezone },
      { field: 'language', value: info.settings.language },
    ];
    body = (
      <Paper variant="outlined" sx={{ p: 2 }}>
        <CompanyDetails rows={rows} />
      </Paper>
    );
  } else if (query.isPending && online) {
    body = <ChunkLoading />;
  } else if (!online) {
    body = <Alert severity="info">{t('co_offlineEmpty')}</Alert>;
  } else if (query.error && !refused) {
    body = <Alert severity="error">{`${t('co_loadFailed')}: ${query.error.message}`}</Alert>;
  }

  return (
    <Stack spacing={2} data-testid="company-tab">
      {header}
      {!online && company && (
        <Alert severity="info" data-testid="company-offline">
          {t('co_offline')}
        </Alert>
      )}
      {refused && <Alert severity="info">{t('co_readOnly')}</Alert>}
      {company && !editing && missing.length > 0 && (
        <Alert
          severity="warning"
          data-testid="company-invoice-missing"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => setEditing({ base: company, errors: {}, conflict: null })}
              disabled={!canWrite}
            >
              {t('co_edit')}
            </Button>
          }
        >
          {t('co_invoiceMissing', { fields: sellerFieldsText(missing) })}
        </Alert>
      )}
      {body}
    </Stack>
  );
}
