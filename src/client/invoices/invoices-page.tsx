import Download from '@mui/icons-material/DownloadOutlined';
import Settings from '@mui/icons-material/SettingsOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { mayCall } from '../../shared/api/endpoint';
import { INVOICE_STATUSES, INVOICE_TYPES } from '../../shared/api/invoices';
import { ROUTES } from '../../shared/api/routes';
import { canSeeInvoices } from '../../shared/domain/invoice-access';
import { formatTL } from '../../shared/domain/money';
import type { LocalInvoice } from '../local/database';
import { FilterSelect } from '../shared-ui/filter-select';
import { useT } from '../shared-ui/i18n';
import { type Column, EntityList } from '../shared-ui/kit/entity-list';
import {
  useFilterParam,
  useLastPageClamp,
  useListParams,
  useSearchText,
} from '../shared-ui/kit/list-address';
import { ListPage } from '../shared-ui/kit/list-page';
import { useOnline } from '../shared-ui/local-store';
import { invoicePath } from '../shared-ui/order-invoice';
import { usePhone } from '../shared-ui/responsive';
import { SearchField } from '../shared-ui/search-field';
import { useSession } from '../state/session';
import { ExportDialog } from './export-dialog';
import { InvoiceSettingsDialog } from './invoice-settings-dialog';
import {
  InvoiceStatusChip,
  invoiceDate,
  STATUS_KEYS,
  TYPE_KEYS,
  useInvoicePage,
  useTenantTimeZone,
} from './invoice-ui';
import type { InvoiceFilter } from './local';

const PAGE_SIZES = [10, 25, 50, 100];

const FILTERS = ['status', 'type', 'from', 'to'] as const;

function pick<T extends string>(value: string | null, allowed: readonly T[]): T | '' {
  return (allowed as readonly string[]).includes(value ?? '') ? (value as T) : '';
}

/**
 * /invoices: the invoices this user may see, from the local mirror (works offline), newest first;
 * searched on the device (number, customer, order number; Turkish folding) and filtered by
 * status, type and issue day (in the tenant's time zone), the view kept in the address. A table
 * on wide screens, cards below `sm`; a row opens the invoice. An invoice issued on this device
 * offline shows 'Numara bekleniyor' until the server numbers it. The warehouse and drivers are
 * told they have no access (the server sends them no invoices). The toolbar has the accountant's
 * period export (online only).
 */
export default function InvoicesPage() {
  const t = useT();
  const phone = usePhone();
  const online = useOnline();
  const role = useSession((s) => s.user?.role);
  const timeZone = useTenantTimeZone();
  const list = useListParams({ filters: FILTERS, pageSizes: PAGE_SIZES, defaultPageSize: 25 });
  const searchBox = useSearchText(list);
  const status = useFilterParam('status', { replace: true });
  const type = useFilterParam('type', { replace: true });
  const from = useFilterParam('from', { replace: true });
  const to = useFilterParam('to', { replace: true });
  const filters = {
    search: list.search,
    status: pick(status.value, INVOICE_STATUSES),
    type: pick(type.value, INVOICE_TYPES),
    from: from.value ?? '',
    to: to.value ?? '',
  };
  const { page, pageSize } = list;
  const [exporting, setExporting] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);

  const filter: InvoiceFilter = {
    search: filters.search || null,
    status: filters.status || null,
    type: filters.type || null,
    from: filters.from || null,
    to: filters.to || null,
    timeZone,
  };
  const result = useInvoicePage(filter, page, pageSize);
  useLastPageClamp(list, result?.total, pageSize);

  if (!canSeeInvoices(role))
    return (
      <Alert severity="info" data-testid="invoices-no-access">
        <AlertTitle>{t('invc_noAccess')}</AlertTitle>
        {t('invc_noAccessHint')}
      </Alert>
    );

  const filtered = Object.values(filters).some(Boolean);
  const total = result?.total ?? 0;
  const lastPage = Math.max(0, Math.ceil(total / pageSize) - 1);
  const rows = result?.rows ?? [];

  const number = (invoice: LocalInvoice) =>
    invoice.invoice_number ? (
      <span data-testid="invoice-number">{invoice.invoice_number}</span>
    ) : (
      <Tooltip title={t('invc_numberPendingHint')}>
        <Chip
          size="small"
          variant="outlined"
          color="warning"
          label={t('invc_numberPending')}
          data-testid="invoice-pending-number"
        />
      </Tooltip>
    );
  const customer = (invoice: LocalInvoice) => invoice.buyer.company_name || invoice.buyer.name;
  const columns: Column<LocalInvoice>[] = [
    {
      key: 'number',
      header: t('invc_number'),
      nowrap: true,
      // The link is the keyboard's way in; the row click is a convenience.
      cell: (invoice) => (
        <Link component={RouterLink} to={invoicePath(invoice.id)} onClick={(e) => e.stopPropagation()}>
          {number(invoice)}
        </Link>
      ),
    },
    { key: 'customer', header: t('invc_customer'), cell: customer },
    {
      key: 'date',
      header: t('invc_date'),
      cell: (invoice) => invoiceDate(invoice.issued_at, timeZone),
      nowrap: true,
    },
    { key: 'type', header: t('invc_type'), cell: (invoice) => t(TYPE_KEYS[invoice.type]) },
    {
      key: 'status',
      header: t('invc_status'),
      cell: (invoice) => <InvoiceStatusChip status={invoice.status} />,
    },
    {
      key: 'total',
      header: t('invc_total'),
      cell: (invoice) => formatTL(invoice.gross_total_kurus),
      align: 'right',
      nowrap: true,
      testId: 'invoice-total',
    },
  ];

  return (
    <ListPage
      testId="invoices-page"
      toolbarLabel={t('invc_search')}
      toolbar={
        <Stack spacing={2} sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
            <SearchField
              label={t('invc_search')}
              placeholder={t('invc_searchPlaceholder')}
              value={searchBox.text}
              onChange={searchBox.setText}
              testId="invoice-search"
              sx={{ flex: 2 }}
            />
            <FilterSelect
              id="invoice-status"
              label={t('invc_status')}
              value={filters.status}
              onChange={status.set}
              allLabel={t('invc_all')}
              options={INVOICE_STATUSES.map((s) => ({ value: s, label: t(STATUS_KEYS[s]) }))}
              testId="invoice-status-filter"
              sx={{ minWidth: 140, flex: 1 }}
            />
            <FilterSelect
              id="invoice-type"
              label={t('invc_type')}
              value={filters.type}
              onChange={type.set}
              allLabel={t('invc_all')}
              options={INVOICE_TYPES.map((type) => ({ value: type, label: t(TYPE_KEYS[type]) }))}
              testId="invoice-type-filter"
              sx={{ minWidth: 140, flex: 1 }}
            />
          </Stack>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap', rowGap: 2 }}
          >
            <TextField
              size="small"
              type="date"
              label={t('invc_from')}
              value={filters.from}
              onChange={(e) => from.set(e.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'invoice-from' } }}
            />
            <TextField
              size="small"
              type="date"
              label={t('invc_to')}
              value={filters.to}
              onChange={(e) => to.set(e.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'invoice-to' } }}
            />
            {filtered ? (
              <Button onClick={searchBox.clear} data-testid="invoice-clear-filters">
                {t('invc_clearFilters')}
              </Button>
            ) : null}
            <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }} data-testid="invoice-count">
              {t('invc_count', { n: total })}
            </Typography>
            {/* Everyone who sees invoices exports them (the server scopes the period's files). */}
            <Tooltip title={online ? '' : t('invc_exportOffline')}>
              {/* A span: a disabled button fires no events, the tooltip needs a live element. */}
              <span>
                <Button
                  variant="outlined"
                  startIcon={<Download />}
                  disabled={!online}
                  onClick={() => setExporting(true)}
                  data-testid="invoice-export"
                  fullWidth={phone}
                >
                  {t('invc_export')}
                </Button>
              </span>
            </Tooltip>
            {/* The company's numbering, scenario and automatic invoicing: admins only (server-enforced). */}
            {mayCall(ROUTES.invoiceSettingsUpdate, role) ? (
              <Button
                variant="outlined"
                startIcon={<Settings />}
                disabled={!online}
                onClick={() => setSettingsOpen(true)}
                data-testid="invoice-settings"
                fullWidth={phone}
              >
                {t('invc_settings')}
              </Button>
            ) : null}
          </Stack>
          {!online ? (
            <Typography variant="caption" color="text.secondary" data-testid="invoice-export-offline">
              {t('invc_exportOffline')}
            </Typography>
          ) : null}
        </Stack>
      }
      pagination={
        total > 0
          ? {
              count: total,
              list,
              page: Math.min(page, lastPage),
              pageSizes: PAGE_SIZES,
              testId: 'invoices-pagination',
            }
          : undefined
      }
      after={
        <>
          {exporting ? <ExportDialog onClose={() => setExporting(false)} /> : null}
          {settingsOpen ? <InvoiceSettingsDialog onClose={() => setSettingsOpen(false)} /> : null}
        </>
      }
    >
      <EntityList
        rows={rows}
        rowKey={(invoice) => invoice.id}
        columns={columns}
        card={(invoice) => (
          <>
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
              <Typography variant="subtitle2" component="h3" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {number(invoice)}
              </Typography>
              <InvoiceStatusChip status={invoice.status} />
            </Stack>
            <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
              {customer(invoice)}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', mt: 0.5 }}>
              <Typography variant="body2" color="text.secondary">
                {invoiceDate(invoice.issued_at, timeZone)} · {t(TYPE_KEYS[invoice.type])}
              </Typography>
              <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="invoice-total">
                {formatTL(invoice.gross_total_kurus)}
              </Typography>
            </Stack>
          </>
        )}
        openTo={(invoice) => invoicePath(invoice.id)}
        empty={result !== undefined && rows.length === 0 ? t(filtered ? 'invc_none' : 'invc_empty') : null}
        label={t('page_invoices')}
        testId="invoices"
        rowTestId="invoice-row"
        rowProps={(invoice) => ({ 'data-id': invoice.id })}
      />
    </ListPage>
  );
}
