import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { canDeleteCustomers, canWriteCustomers } from '../../shared/domain/customer-access';
import type { LocalCustomer } from '../local/database';
import { useCustomers } from '../shared-ui/catalogue-data';
import { CustomerDialog } from '../shared-ui/customer-dialog';
import { rankCustomers } from '../shared-ui/customer-search';
import { type Translate, useT } from '../shared-ui/i18n';
import { type Column, EntityList, type RowAction } from '../shared-ui/kit/entity-list';
import { useLastPageClamp, useListParams, useSearchText } from '../shared-ui/kit/list-address';
import { ListPage } from '../shared-ui/kit/list-page';
import { SearchField } from '../shared-ui/search-field';
import { useSession } from '../state/session';
import { DeleteCustomerDialog } from './delete-customer-dialog';

const PAGE_SIZES = [10, 25, 50, 100];

/** A customer's own screen: their facts and, for who may see it, their account. */
const customerPath = (id: string) => `/customers/${id}`;

/** The customer's number, or a chip saying the server has not numbered it yet. */
function CustomerNumber({ customer: c }: { customer: LocalCustomer }) {
  const t = useT();
  return c.pending_sync === 1 ? (
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
}

function customerColumns(t: Translate): Column<LocalCustomer>[] {
  return [
    { key: 'number', header: t('cust_number'), cell: (c) => <CustomerNumber customer={c} />, nowrap: true },
    {
      key: 'full_name',
      header: t('cust_fullName'),
      // The row's link (the keyboard's way in; a click anywhere on the row opens it too).
      cell: (c) => (
        <Link component={RouterLink} to={customerPath(c.id)} data-testid="customer-open">
          {c.full_name}
        </Link>
      ),
    },
    { key: 'company_name', header: t('cust_companyName'), cell: (c) => c.company_name },
    { key: 'phone', header: t('cust_phone'), cell: (c) => c.phone, nowrap: true },
    { key: 'city', header: t('cust_city'), cell: (c) => c.city },
    { key: 'tax_number', header: t('cust_taxNumber'), cell: (c) => c.tax_number },
  ];
}

/** A customer on a phone: the company (or person), the number, then the person and the contact facts. */
function CustomerCard({ customer: c }: { customer: LocalCustomer }) {
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Typography variant="subtitle2" component="h3" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {c.company_name || c.full_name}
        </Typography>
        <Typography variant="caption" component="div" sx={{ flexShrink: 0 }}>
          <CustomerNumber customer={c} />
        </Typography>
      </Stack>
      {c.company_name && <Typography variant="body2">{c.full_name}</Typography>}
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {[c.phone, c.city, c.tax_number].filter(Boolean).join(' · ')}
      </Typography>
    </>
  );
}

/**
 * /customers: the tenant's customer book from the local mirror (works offline), searched on the
 * device with Turkish case folding and ranked like the order screens' picker; a table on wide
 * screens, cards below `sm`. Search (`?search=`: the system log links to a record that way) and
 * page are kept in the address. Salespeople, managers and admins add and edit (through the outbox,
 * offline too); managers and admins delete; the warehouse and drivers read.
 */
export default function CustomersPage() {
  const t = useT();
  const role = useSession((s) => s.user?.role);
  const canWrite = canWriteCustomers(role);
  const canDelete = canDeleteCustomers(role);
  const customers = useCustomers();
  const list = useListParams({
    searchParam: 'search',
    filters: [],
    pageSizes: PAGE_SIZES,
    defaultPageSize: 25,
  });
  const search = useSearchText(list);
  const [editing, setEditing] = useState<LocalCustomer | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<LocalCustomer | null>(null);

  const matches = useMemo(() => rankCustomers(customers ?? [], list.search), [customers, list.search]);
  useLastPageClamp(list, customers === undefined ? undefined : matches.length, list.pageSize);
  const lastPage = Math.max(0, Math.ceil(matches.length / list.pageSize) - 1);
  const page = Math.min(list.page, lastPage);
  const shown = matches.slice(page * list.pageSize, (page + 1) * list.pageSize);

  const actions: RowAction<LocalCustomer>[] = [
    ...(canWrite
      ? [{ key: 'edit', label: t('cust_edit'), icon: <Edit fontSize="small" />, run: setEditing }]
      : []),
    ...(canDelete
      ? [
          {
            key: 'delete',
            label: t('cust_delete'),
            icon: <Delete fontSize="small" />,
            run: setDeleting,
            color: 'error' as const,
          },
        ]
      : []),
  ];

  return (
    <ListPage
      testId="customers-page"
      header={canWrite ? null : <Alert severity="info">{t('cust_readOnly')}</Alert>}
      toolbar={
        <>
          <SearchField
            label={t('cust_search')}
            placeholder={t('cust_searchPlaceholder')}
            value={search.text}
            onChange={search.setText}
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
        </>
      }
      pagination={
        matches.length > 0
          ? {
              count: matches.length,
              list,
              page,
              pageSizes: PAGE_SIZES,
              testId: 'customers-pagination',
            }
          : undefined
      }
      after={
        <>
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
        </>
      }
    >
      <EntityList
        rows={shown}
        rowKey={(c) => c.id}
        columns={customerColumns(t)}
        card={(c) => <CustomerCard customer={c} />}
        openTo={(c) => customerPath(c.id)}
        openTestId="customer-open"
        actions={actions}
        actionLabel={(action, c) => `${action.label}: ${c.full_name}`}
        actionsHeader={t('cust_actions')}
        empty={
          customers !== undefined && matches.length === 0
            ? t(customers.length === 0 ? 'cust_empty' : 'cust_none')
            : null
        }
        label={t('page_customers')}
        testId="customers"
        rowTestId="customer-row"
        rowProps={(c) => ({ 'data-id': c.id })}
      />
    </ListPage>
  );
}
