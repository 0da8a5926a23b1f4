import Add from '@mui/icons-material/Add';
import Refresh from '@mui/icons-material/Refresh';
import UploadFile from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { Product } from '../../shared/api/entities';
import { type BulkAction, PRODUCT_STATUSES } from '../../shared/api/products';
import type { LocalProduct } from '../local/database';
import { pullNow } from '../local/store';
import { useT } from '../shared-ui/i18n';
import { EntityList } from '../shared-ui/kit/entity-list';
import { ListPagination } from '../shared-ui/list-pagination';
import { runLocalAction } from '../shared-ui/local-action';
import { useLocalStore, useOnline } from '../shared-ui/local-store';
import { useNarrow } from '../shared-ui/responsive';
import { SearchField } from '../shared-ui/search-field';
import { ConfirmDialog } from './confirm-dialog';
import { DeleteProductsDialog, type DeleteTarget } from './delete-products-dialog';
import { bulkProducts } from './mutations';
import { statusKey } from './product-chips';
import { ProductFormDialog } from './product-form-dialog';
import { ProductCard, productActions, productColumns, type RowActions } from './product-rows';
import { ProductViewDialog } from './product-view-dialog';
import { useHasProducts, useProductList, useProductPage } from './products-data';

/** Its own chunk, loaded when the dialog is first opened (the import's spreadsheet code is heavy). */
const BulkUploadDialog = lazy(() => import('./import/bulk-upload-dialog'));

const PAGE_SIZES = [10, 25, 50, 100];

/** A status change of the selected products (deletes have their own dialog). */
type Confirm = { action: Exclude<BulkAction, 'delete'>; ids: string[] };

/**
 * /product-management (admin): the tenant's products from the device's mirror (works offline after
 * one visit; a sync re-renders it), with the spec's filters (search with Turkish case folding,
 * category, brand, status — categories and brands are the tenant's own lists), the toolbar
 * (refresh, bulk upload, add product), the table (cards below `lg`), pagination (10 by default;
 * 10, 25, 50, 100), per-row view / edit / delete and bulk activate / deactivate / delete of the
 * selected rows. Every change is applied on the device and queued in the outbox.
 */
export default function ProductManagementPage() {
  const t = useT();
  // Cards below `lg`: the table's columns need a wide screen beside the menu.
  const narrow = useNarrow();
  const online = useOnline();
  const queryClient = useQueryClient();
  const { store, error } = useLocalStore();
  // A link may open the list already searched (the system log's link to a record: `?search=…`).
  const location = useLocation();
  const [search, setSearch] = useState(() => new URLSearchParams(location.search).get('search') ?? '');
  const [category, setCategory] = useState('');
  const [brand, setBrand] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0] as number);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<{ product: Product | null } | null>(null);
  const [viewing, setViewing] = useState<Product | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [bulkLoaded, setBulkLoaded] = useState(false);
  const [refreshing, setRefreshing] = useState(false);

  const categories = useProductList('category');
  const brands = useProductList('brand');
  const filter = useMemo(
    () => ({ search, category: category || null, brand: brand || null, status: status || null }),
    [search, category, brand, status],
  );
  const result = useProductPage(filter, page, pageSize);
  const hasProducts = useHasProducts();
  const rows = result?.rows ?? [];

  // A filter change starts from the first page; a page past the end (rows deleted) goes back.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter values are the trigger
  useEffect(() => setPage(0), [search, category, brand, status]);
  useEffect(() => {
    if (!result?.current) return;
    const last = Math.max(0, Math.ceil(result.total / pageSize) - 1);
    if (page > last) setPage(last);
  }, [result, page, pageSize]);
  // Selected products that left the mirror (deleted here or elsewhere) are no longer selected.
  useEffect(() => {
    if (!result?.current || selected.size === 0) return;
    void store?.db.products.bulkGet([...selected]).then((found) => {
      const alive = new Set(found.filter((p): p is LocalProduct => !!p).map((p) => p.id));
      if (alive.size !== selected.size) setSelected(alive);
    });
  }, [result, selected, store]);

  if (error) return <Alert severity="error">{t('prod_loadError', { message: error.message })}</Alert>;

  const loading = result === undefined || !store;
  const actions: RowActions = {
    onView: (product) => setViewing(product),
    onEdit: (product) => setEditing({ product }),
    onDelete: (product) => setDeleting({ ids: [product.id], bulk: false }),
  };

  const refresh = async () => {
    setRefreshing(true);
    try {
      await Promise.all([pullNow(), queryClient.invalidateQueries({ queryKey: ['api', 'GET'] })]);
    } finally {
      setRefreshing(false);
    }
  };

  const runConfirmed = async (c: Confirm) => {
    const done = await runLocalAction(
      () => bulkProducts(c.action, c.ids),
      t('prod_bulkDone', { n: c.ids.length }),
      t('prod_bulkError'),
    );
    if (done) setSelected(new Set());
  };

  const empty =
    loading || rows.length > 0 ? null : hasProducts === false ? t('prod_noneOnDevice') : t('prod_empty');
  const filterSelect = (
    id: string,
    label: string,
    value: string,
    onChange: (v: string) => void,
    options: { value: string; label: string }[],
  ) => (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth: { xs: '100%', md: 170 } }}
      slotProps={{ htmlInput: { 'data-testid': id } }}
    >
      <MenuItem value="">{t('prod_all')}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
  const toOptions = (values: string[]) => values.map((v) => ({ value: v, label: v }));

  return (
    <Stack spacing={2} data-testid="product-management">
      {online ? null : (
        <Alert severity="info" data-testid="offline-note">
          {t('prod_offlineNote')}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
            <SearchField
              label={t('prod_searchLabel')}
              placeholder={t('prod_searchPlaceholder')}
              value={search}
              onChange={setSearch}
              testId="products-search"
              sx={{ flex: 1 }}
            />
            {filterSelect(
              'products-category',
              t('prod_category'),
              category,
              setCategory,
              toOptions(categories),
            )}
            {filterSelect('products-brand', t('prod_brand'), brand, setBrand, toOptions(brands))}
            {filterSelect(
              'products-status',
              t('prod_status'),
              status,
              setStatus,
              PRODUCT_STATUSES.map((s) => ({ value: s, label: t(statusKey(s)) })),
            )}
          </Stack>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, justifyContent: 'flex-end' }}>
            <Button
              variant="outlined"
              startIcon={<Refresh />}
              onClick={() => void refresh()}
              disabled={refreshing}
              data-testid="products-refresh"
            >
              {t('prod_refresh')}
            </Button>
            <Button
              variant="outlined"
              startIcon={<UploadFile />}
              onClick={() => {
                setBulkLoaded(true);
                setBulkOpen(true);
              }}
              data-testid="products-bulk-upload"
            >
              {t('prod_bulkUpload')}
            </Button>
            <Button
              variant="contained"
              startIcon={<Add />}
              onClick={() => setEditing({ product: null })}
              data-testid="products-add"
            >
              {t('prod_add')}
            </Button>
          </Stack>
        </Stack>
      </Paper>

      {selected.size > 0 ? (
        <Paper
          variant="outlined"
          sx={{ p: 1.5, bgcolor: 'action.selected' }}
          data-testid="products-bulk-bar"
          role="region"
          aria-label={t('prod_selectedN', { n: selected.size })}
        >
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <Typography sx={{ flex: 1, fontWeight: 600 }} data-testid="products-selected-count">
              {t('prod_selectedN', { n: selected.size })}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              {(['activate', 'deactivate', 'delete'] as const).map((action) => (
                <Button
                  key={action}
                  size="small"
                  variant={action === 'delete' ? 'contained' : 'outlined'}
                  color={action === 'delete' ? 'error' : 'primary'}
                  onClick={() =>
                    action === 'delete'
                      ? setDeleting({ ids: [...selected], bulk: true })
                      : setConfirm({ action, ids: [...selected] })
                  }
                  data-testid={`products-bulk-${action}`}
                >
                  {t(
                    action === 'activate'
                      ? 'prod_bulkActivate'
                      : action === 'deactivate'
                        ? 'prod_bulkDeactivate'
                        : 'prod_bulkDelete',
                  )}
                </Button>
              ))}
              <Button size="small" color="inherit" onClick={() => setSelected(new Set())}>
                {t('prod_bulkClear')}
              </Button>
            </Stack>
          </Stack>
        </Paper>
      ) : null}

      <Paper variant="outlined">
        {loading || refreshing ? <LinearProgress aria-label={t('loadingAria')} /> : null}
        <EntityList
          rows={rows}
          rowKey={(product) => product.id}
          columns={productColumns(t)}
          card={(product) => <ProductCard product={product} />}
          actions={productActions(t, actions)}
          actionLabel={(action, product) => `${action.label}: ${product.name}`}
          actionsHeader={t('prod_colActions')}
          selection={{
            selected,
            onChange: setSelected,
            rowLabel: (product) => t('prod_selectRow', { name: product.name }),
            allLabel: t('prod_selectAll'),
          }}
          empty={empty}
          label={t('prod_tableLabel')}
          testId="products"
          rowTestId="product-row"
          rowProps={(product) => ({ 'data-product-id': product.id, 'data-status': product.status })}
          phone={narrow}
        />
        <ListPagination
          count={result?.total ?? 0}
          page={page}
          pageSize={pageSize}
          pageSizes={PAGE_SIZES}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(0);
          }}
          testId="products-pagination"
        />
      </Paper>

      <ProductFormDialog
        open={!!editing}
        product={editing?.product ?? null}
        onClose={() => setEditing(null)}
      />
      <ProductViewDialog
        product={viewing}
        onClose={() => setViewing(null)}
        onEdit={(product) => {
          setViewing(null);
          setEditing({ product });
        }}
      />
      <ConfirmDialog
        open={!!confirm}
        title={t('prod_bulkConfirmTitle')}
        text={
          confirm
            ? t(confirm.action === 'activate' ? 'prod_bulkConfirmActivate' : 'prod_bulkConfirmDeactivate', {
                n: confirm.ids.length,
              })
            : ''
        }
        confirmLabel={t('prod_confirm')}
        onConfirm={() => (confirm ? runConfirmed(confirm) : Promise.resolve())}
        onClose={() => setConfirm(null)}
        testId="products-confirm"
      />
      <DeleteProductsDialog
        target={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          if (deleting?.bulk) setSelected(new Set());
        }}
      />
      {bulkLoaded ? (
        <Suspense fallback={null}>
          <BulkUploadDialog open={bulkOpen} onClose={() => setBulkOpen(false)} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
