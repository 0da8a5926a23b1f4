import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { canDeleteCustomers, canWriteCustomers } from '../../shared/domain/customer-access';
import type { LocalCustomer } from '../local/database';
import { useCustomers } from '../shared-ui/catalogue-data';
import { CustomerDialog } from '../shared-ui/customer-dialog';
import { rankCustomers } from '../shared-ui/customer-search';
import { useT } from '../shared-ui/i18n';
import { ListPagination } from '../shared-ui/list-pagination';
import { usePhone } from '../shared-ui/responsive';
import { SearchField } from '../shared-ui/search-field';
import { useSession } from '../state/session';
import { DeleteCustomerDialog } from './delete-customer-dialog';

const PAGE_SIZES = [10, 25, 50, 100];

/**
 * /customers: the tenant's customer book from the local mirror (works offline), searched on the
 * device with Turkish case folding and ranked like the order screens' picker; a table on wide
 * screens, cards below `sm`. Salespeople, managers and admins add and edit (through the outbox,
 * offline too); managers and admins delete; the warehouse and drivers read.
 */
export default function CustomersPage() {
  const t = useT();
  const phone = usePhone();
  const role = useSession((s) => s.user?.role);
  const canWrite = canWriteCustomers(role);
  const canDelete = canDeleteCustomers(role);
  const customers = useCustomers();
  // A link may open the list already searched (the system log's link to a record: `?search=…`).
  const location = useLocation();
  const [search, setSearch] = useState(() => new URLSearchParams(location.search).get('search') ?? '');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const [editing, setEditing] = useState<LocalCustomer | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<LocalCustomer | null>(null);

  const matches = useMemo(() => rankCustomers(customers ?? [], search), [customers, search]);
  const lastPage = Math.max(0, Math.ceil(matches.length / pageSize) - 1);
  const shown = matches.slice(Math.min(page, lastPage) * pageSize, (Math.min(page, lastPage) + 1) * pageSize);

  const number = (c: LocalCustomer) =>
    c.pending_sync === 1 ? (
      <Tooltip title={t('cust_pendingNumber')}>
        <Chip
          size="small"
          variant="outlined"
          color="warning"
          label={c.customer_number}
          data-testid="customer-pending-number"
        />
      </Tooltip>
    ) : (
      <span data-testid="customer-number">{c.customer_number}</span>
    );

  const actions = (c: LocalCustomer) => (
    <>
      {canWrite && (
        <IconButton
          aria-label={`${t('cust_edit')}: ${c.full_name}`}
          onClick={() => setEditing(c)}
          data-testid="customer-edit"
        >
          <Edit fontSize="small" />
        </IconButton>
      )}
      {canDelete && (
        <IconButton
          aria-label={`${t('cust_delete')}: ${c.full_name}`}
          onClick={() => setDeleting(c)}
          color="error"
          data-testid="customer-delete"
        >
          <Delete fontSize="small" />
        </IconButton>
      )}
    </>
  );

  return (
    <Stack spacing={2} data-testid="customers-page">
      {!canWrite && <Alert severity="info">{t('cust_readOnly')}</Alert>}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <SearchField
            label={t('cust_search')}
            placeholder={t('cust_searchPlaceholder')}
            value={search}
            onChange={(v) => {
              setSearch(v);
              setPage(0);
            }}
            testId="customer-search"
            sx={{ flex: 1 }}
          />
          <Typography variant="body2" color="text.secondary" data-testid="customer-count">
            {t('cust_count', { n: matches.length })}
          </Typography>
          {canWrite && (
            <Button
              variant="contained"
              startIcon={<Add />}
              onClick={() => setCreating(true)}
              data-testid="customer-add"
            >
              {t('cust_add')}
            </Button>
          )}
        </Stack>
      </Paper>

      {customers !== undefined && matches.length === 0 && (
        <Typography color="text.secondary" sx={{ textAlign: 'center', py: 3 }} data-testid="customers-empty">
          {t(customers.length === 0 ? 'cust_empty' : 'cust_none')}
        </Typography>
      )}

      {phone ? (
        <Stack spacing={1.5} data-testid="customers-cards">
          {shown.map((c) => (
            <Card key={c.id} variant="outlined" data-testid="customer-row" data-id={c.id}>
              <CardContent sx={{ pb: 0 }}>
                <Stack
                  direction="row"
                  spacing={1}
                  sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}
                >
                  <Typography
                    variant="subtitle2"
                    component="h3"
                    sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
                  >
                    {c.company_name || c.full_name}
                  </Typography>
                  <Typography variant="caption" component="div" sx={{ flexShrink: 0 }}>
                    {number(c)}
                  </Typography>
                </Stack>
                {c.company_name && <Typography variant="body2">{c.full_name}</Typography>}
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {[c.phone, c.city, c.tax_number].filter(Boolean).join(' · ')}
                </Typography>
              </CardContent>
              {(canWrite || canDelete) && (
                <CardActions sx={{ justifyContent: 'flex-end', pt: 0 }}>{actions(c)}</CardActions>
              )}
            </Card>
          ))}
        </Stack>
      ) : (
        shown.length > 0 && (
          <TableContainer component={Paper} variant="outlined" sx={{ overflowX: 'auto' }}>
            <Table size="small" data-testid="customers-table">
              <TableHead>
                <TableRow>
                  <TableCell>{t('cust_number')}</TableCell>
                  <TableCell>{t('cust_fullName')}</TableCell>
                  <TableCell>{t('cust_companyName')}</TableCell>
                  <TableCell>{t('cust_phone')}</TableCell>
                  <TableCell>{t('cust_city')}</TableCell>
                  <TableCell>{t('cust_taxNumber')}</TableCell>
                  {(canWrite || canDelete) && <TableCell align="right">{t('cust_actions')}</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((c) => (
                  <TableRow key={c.id} hover data-testid="customer-row" data-id={c.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{number(c)}</TableCell>
                    <TableCell>{c.full_name}</TableCell>
                    <TableCell>{c.company_name}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{c.phone}</TableCell>
                    <TableCell>{c.city}</TableCell>
                    <TableCell>{c.tax_number}</TableCell>
                    {(canWrite || canDelete) && (
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {actions(c)}
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )
      )}

      {matches.length > 0 && (
        <Box>
          <ListPagination
            count={matches.length}
            page={Math.min(page, lastPage)}
            pageSize={pageSize}
            pageSizes={PAGE_SIZES}
            onPageChange={setPage}
            onPageSizeChange={(size) => {
              setPageSize(size);
              setPage(0);
            }}
            testId="customers-pagination"
          />
        </Box>
      )}

      {(creating || editing) && (
        <CustomerDialog
          open
          customer={editing}
          onClose={() => {
            setCreating(false);
            setEditing(null);
          }}
          onSaved={() => {
            setCreating(false);
            setEditing(null);
          }}
        />
      )}
      {deleting && <DeleteCustomerDialog customer={deleting} onClose={() => setDeleting(null)} />}
    </Stack>
  );
}
