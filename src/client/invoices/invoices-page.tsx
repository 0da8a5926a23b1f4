import Download from '@mui/icons-material/DownloadOutlined';
import Settings from '@mui/icons-material/SettingsOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import {
  INVOICE_STATUSES,
  INVOICE_TYPES,
  type InvoiceStatus,
  type InvoiceType,
} from '../../shared/api/invoices';
import { formatTL } from '../../shared/domain/money';
import type { LocalInvoice } from '../local/database';
import { canSeeInvoices } from '../local/invoices';
import { FilterSelect } from '../shared-ui/filter-select';
import { useT } from '../shared-ui/i18n';
import { ListPagination } from '../shared-ui/list-pagination';
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

interface Filters {
  search: string;
  status: InvoiceStatus | '';
  type: InvoiceType | '';
  from: string;
  to: string;
}
const EMPTY: Filters = { search: '', status: '', type: '', from: '', to: '' };

/**
 * /invoices: the invoices this user may see, from the local mirror (works offline), newest first;
 * searched on the device (number, customer, order number; Turkish folding) and filtered by
 * status, type and issue day (in the tenant's time zone). A table on wide screens, cards below
 * `sm`. An invoice issued on this device offline shows 'Numara bekleniyor' until the server
 * numbers it. The warehouse and drivers are told they have no access (the server sends them no
 * invoices). The toolbar has the accountant's period export (online only).
 */
export default function InvoicesPage() {
  const t = useT();
  const phone = usePhone();
  const navigate = useNavigate();
  const online = useOnline();
  const role = useSession((s) => s.user?.role);
  const timeZone = useTenantTimeZone();
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
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

  if (!canSeeInvoices(role))
    return (
      <Alert severity="info" data-testid="invoices-no-access">
        <AlertTitle>{t('invc_noAccess')}</AlertTitle>
        {t('invc_noAccessHint')}
      </Alert>
    );

  const set = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(0);
  };
  const filtered = JSON.stringify(filters) !== JSON.stringify(EMPTY);
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

  return (
    <Stack spacing={2} data-testid="invoices-page">
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('invc_search')}>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
            <SearchField
              label={t('invc_search')}
              placeholder={t('invc_searchPlaceholder')}
              value={filters.search}
              onChange={(search) => set({ search })}
              testId="invoice-search"
              sx={{ flex: 2 }}
            />
            <FilterSelect
              id="invoice-status"
              label={t('invc_status')}
              value={filters.status}
              onChange={(status) => set({ status: status as Filters['status'] })}
              allLabel={t('invc_all')}
              options={INVOICE_STATUSES.map((s) => ({ value: s, label: t(STATUS_KEYS[s]) }))}
              testId="invoice-status-filter"
              sx={{ minWidth: 140, flex: 1 }}
            />
            <FilterSelect
              id="invoice-type"
              label={t('invc_type')}
              value={filters.type}
              onChange={(type) => set({ type: type as Filters['type'] })}
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
              onChange={(e) => set({ from: e.target.value })}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'invoice-from' } }}
            />
            <TextField
              size="small"
              type="date"
              label={t('invc_to')}
              value={filters.to}
              onChange={(e) => set({ to: e.target.value })}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'invoice-to' } }}
            />
            {filtered ? (
              <Button onClick={() => set(EMPTY)} data-testid="invoice-clear-filters">
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
            {role === 'admin' ? (
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
      </Paper>

      {result !== undefined && rows.length === 0 && (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }} data-testid="invoices-empty">
          <Typography color="text.secondary">{t(filtered ? 'invc_none' : 'invc_empty')}</Typography>
        </Paper>
      )}

      {phone ? (
        <Stack spacing={1.5} data-testid="invoices-cards">
          {rows.map((invoice) => (
            <Card key={invoice.id} variant="outlined" data-testid="invoice-row" data-id={invoice.id}>
              <CardActionArea component={RouterLink} to={invoicePath(invoice.id)}>
                <CardContent>
                  <Stack
                    direction="row"
                    spacing={1}
                    sx={{ justifyContent: 'space-between', alignItems: 'center' }}
                  >
                    <Typography
                      variant="subtitle2"
                      component="h3"
                      sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
                    >
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
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
        </Stack>
      ) : (
        rows.length > 0 && (
          <TableContainer component={Paper} variant="outlined" sx={{ overflowX: 'auto' }}>
            <Table size="small" data-testid="invoices-table">
              <TableHead>
                <TableRow>
                  <TableCell>{t('invc_number')}</TableCell>
                  <TableCell>{t('invc_customer')}</TableCell>
                  <TableCell>{t('invc_date')}</TableCell>
                  <TableCell>{t('invc_type')}</TableCell>
                  <TableCell>{t('invc_status')}</TableCell>
                  <TableCell align="right">{t('invc_total')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((invoice) => (
                  <TableRow
                    key={invoice.id}
                    hover
                    data-testid="invoice-row"
                    data-id={invoice.id}
                    onClick={() => navigate(invoicePath(invoice.id))}
                    sx={{ cursor: 'pointer' }}
                  >
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {/* The link is the keyboard's way in; the row click is a convenience. */}
                      <Link
                        component={RouterLink}
                        to={invoicePath(invoice.id)}
                        onClick={(e) => e.stopPropagation()}
                      >
                        {number(invoice)}
                      </Link>
                    </TableCell>
                    <TableCell>{customer(invoice)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {invoiceDate(invoice.issued_at, timeZone)}
                    </TableCell>
                    <TableCell>{t(TYPE_KEYS[invoice.type])}</TableCell>
                    <TableCell>
                      <InvoiceStatusChip status={invoice.status} />
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} data-testid="invoice-total">
                      {formatTL(invoice.gross_total_kurus)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )
      )}

      {total > 0 && (
        <Box>
          <ListPagination
            count={total}
            page={Math.min(page, lastPage)}
            pageSize={pageSize}
            pageSizes={PAGE_SIZES}
            onPageChange={setPage}
            onPageSizeChange={(size) => {
              setPageSize(size);
              setPage(0);
            }}
            testId="invoices-pagination"
          />
        </Box>
      )}

      {exporting ? <ExportDialog onClose={() => setExporting(false)} /> : null}
      {settingsOpen ? <InvoiceSettingsDialog onClose={() => setSettingsOpen(false)} /> : null}
    </Stack>
  );
}
