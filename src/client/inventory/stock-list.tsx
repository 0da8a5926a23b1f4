import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useEffect, useMemo } from 'react';
import type { StockStatus } from '../../shared/domain/stock';
import type { LocalProduct } from '../local/database';
import { type Translate, useT } from '../shared-ui/i18n';
import { type Column, EntityList, type RowAction } from '../shared-ui/kit/entity-list';
import { useFilterParam, useListParams, useSearchText } from '../shared-ui/kit/list-address';
import { ListPage } from '../shared-ui/kit/list-page';
import { SearchField } from '../shared-ui/search-field';
import {
  distinctValues,
  filterStock,
  isUnfiltered,
  reservedOf,
  type StockFilter,
  searchText,
  stockCounts,
  useStockPreview,
} from './inventory-data';

const PAGE_SIZES = [25, 50, 100];
const EMPTY: ReadonlyMap<string, string> = new Map();
const NONE: LocalProduct[] = [];
const STATUSES: StockStatus[] = ['out_of_stock', 'low_stock', 'in_stock'];
const FILTERS = ['category', 'brand', 'status'] as const;

export function StockStatusChip({ status }: { status: StockStatus }) {
  const t = useT();
  return (
    <Chip
      size="small"
      color={status === 'out_of_stock' ? 'error' : status === 'low_stock' ? 'warning' : 'success'}
      label={t(`inv_status_${status}`)}
      data-testid="inv-stock-chip"
      data-status={status}
    />
  );
}

/**
 * Stock levels from the local store: search (name, code, barcode; Turkish case folding),
 * category / brand / stock-status filters, low stock first, paged (only one page is drawn,
 * however many products are mirrored); search, filters and page kept in the address. A table from
 * `sm` up, cards below.
 *
 * `products` undefined: every product has not been read yet. The unfiltered list then shows its
 * page from `useStockPreview` (the same rows, counts and choices, read off the indexes), and
 * `onReady` asks for every product once that page is drawn (or at once, when the preview cannot
 * draw what is asked for: a search, a filter).
 */
export function StockList({
  products,
  onOpen,
  onReady,
}: {
  products: LocalProduct[] | undefined;
  onOpen: (product: LocalProduct) => void;
  onReady?: () => void;
}) {
  const t = useT();
  const list = useListParams({ filters: FILTERS, pageSizes: PAGE_SIZES });
  const search = useSearchText(list);
  const category = useFilterParam('category', { replace: true });
  const brand = useFilterParam('brand', { replace: true });
  const status = useFilterParam('status', { replace: true });
  const filter: StockFilter = {
    search: list.search,
    category: category.value ?? '',
    brand: brand.value ?? '',
    status: (STATUSES as readonly string[]).includes(status.value ?? '') ? (status.value as StockStatus) : '',
  };
  const deferred = useDeferredValue(filter);
  const { pageSize } = list;
  const usePreview = products === undefined && isUnfiltered(filter);
  const preview = useStockPreview(usePreview, (list.page + 1) * pageSize);
  const waiting = products === undefined && (!usePreview || preview === undefined);
  useEffect(() => {
    if (products === undefined && (!usePreview || preview !== undefined)) onReady?.();
  }, [products, usePreview, preview, onReady]);

  // The folded search texts are made only once there is something to search for (the first
  // page after a reload needs none of them).
  const searching = deferred.search.trim() !== '';
  const all = products ?? NONE;
  const haystacks = useMemo(
    () => (searching ? new Map(all.map((p) => [p.id, searchText(p)])) : EMPTY),
    [all, searching],
  );
  const fromPreview = products === undefined && preview !== undefined;
  const categories = useMemo(
    () => (fromPreview ? preview.categories : distinctValues(all, 'category')),
    [all, fromPreview, preview],
  );
  const brands = useMemo(
    () => (fromPreview ? preview.brands : distinctValues(all, 'brand')),
    [all, fromPreview, preview],
  );
  const counts = useMemo(
    () => (fromPreview ? preview.counts : stockCounts(all)),
    [all, fromPreview, preview],
  );
  // The filter is a new object each render: its values are the key.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter's values stand for it
  const rows = useMemo(
    () => (fromPreview ? preview.rows : filterStock(all, haystacks, deferred)),
    [
      all,
      fromPreview,
      preview,
      haystacks,
      deferred.search,
      deferred.category,
      deferred.brand,
      deferred.status,
    ],
  );
  const rowCount = fromPreview ? preview.counts.total : rows.length;
  const lastPage = Math.max(0, Math.ceil(rowCount / pageSize) - 1);
  const shownPage = Math.min(list.page, lastPage);
  const pageRows = useMemo(
    () => rows.slice(shownPage * pageSize, shownPage * pageSize + pageSize),
    [rows, shownPage, pageSize],
  );
  const columns = useMemo(() => stockColumns(t), [t]);
  const open: RowAction<LocalProduct> = useMemo(
    () => ({ key: 'open', label: t('inv_details'), run: onOpen, text: 'outlined' }),
    [t, onOpen],
  );

  // Nothing drawn from a partial read: the bar until the rows asked for are there.
  if (waiting) return <LinearProgress aria-label={t('loadingAria')} />;
  return (
    <ListPage
      testId="inv-stock"
      header={
        <Typography variant="body2" color="text.secondary" data-testid="inv-summary">
          {t('inv_summary', counts)}
        </Typography>
      }
      toolbar={
        <>
          <SearchField
            label={t('inv_search')}
            placeholder={t('inv_searchPlaceholder')}
            value={search.text}
            onChange={search.setText}
            testId="inv-search"
            sx={{ minWidth: { sm: 260 }, flex: { sm: '1 1 260px' } }}
          />
          <FilterSelect
            label={t('inv_category')}
            value={filter.category}
            options={categories.map((c) => ({ value: c, label: c }))}
            onChange={category.set}
            testId="inv-filter-category"
          />
          <FilterSelect
            label={t('inv_brand')}
            value={filter.brand}
            options={brands.map((b) => ({ value: b, label: b }))}
            onChange={brand.set}
            testId="inv-filter-brand"
          />
          <FilterSelect
            label={t('inv_stockStatus')}
            value={filter.status}
            options={STATUSES.map((s) => ({ value: s, label: t(`inv_status_${s}`) }))}
            onChange={status.set}
            testId="inv-filter-status"
          />
        </>
      }
      pagination={{
        count: rowCount,
        list,
        page: shownPage,
        pageSizes: PAGE_SIZES,
        testId: 'inv-pagination',
      }}
    >
      <EntityList
        rows={pageRows}
        rowKey={(p) => p.id}
        columns={columns}
        card={(p) => <StockCard product={p} />}
        actions={[open]}
        actionLabel={(_action, p) => t('inv_detailsAria', { name: p.name })}
        actionsHeader={t('inv_actions')}
        empty={pageRows.length === 0 ? t('inv_noProducts') : null}
        label={t('page_inventory')}
        testId="inv"
        rowTestId="inv-row"
        rowProps={(p) => ({ 'data-product-id': p.id })}
      />
    </ListPage>
  );
}

function FilterSelect({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
  testId: string;
}) {
  const t = useT();
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth: 170 }}
      data-testid={testId}
    >
      <MenuItem value="">{t('inv_all')}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

const SKIP = { 'data-i18n-skip': '' };

function stockColumns(t: Translate): Column<LocalProduct>[] {
  return [
    {
      key: 'product',
      header: t('inv_product'),
      cell: (p) => (
        <>
          <Typography variant="body2" sx={{ fontWeight: 600 }} {...SKIP}>
            {p.name}
          </Typography>
          <Typography variant="caption" color="text.secondary" {...SKIP}>
            {p.product_code}
            {p.barcode ? ` · ${p.barcode}` : ''}
          </Typography>
        </>
      ),
    },
    { key: 'category', header: t('inv_category'), cell: (p) => p.category ?? '—', cellProps: SKIP },
    { key: 'brand', header: t('inv_brand'), cell: (p) => p.brand ?? '—', cellProps: SKIP },
    {
      key: 'current',
      header: t('inv_current'),
      cell: (p) => p.current_stock,
      align: 'right',
      testId: 'inv-current',
    },
    { key: 'reserved', header: t('inv_reserved'), cell: (p) => reservedOf(p), align: 'right' },
    {
      key: 'available',
      header: t('inv_available'),
      cell: (p) => p.available_stock,
      align: 'right',
      testId: 'inv-available',
    },
    { key: 'min', header: t('inv_min'), cell: (p) => p.min_stock, align: 'right' },
    { key: 'status', header: t('inv_stockStatus'), cell: (p) => <StockStatusChip status={p.stock_status} /> },
  ];
}

/** A product's stock on a phone: name, code and barcode, status, and the four figures. */
function StockCard({ product: p }: { product: LocalProduct }) {
  const t = useT();
  const figures: [string, number, string?][] = [
    [t('inv_current'), p.current_stock, 'inv-current'],
    [t('inv_reserved'), reservedOf(p)],
    [t('inv_available'), p.available_stock, 'inv-available'],
    [t('inv_min'), p.min_stock],
  ];
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle2" sx={{ overflowWrap: 'anywhere' }} {...SKIP}>
            {p.name}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }} {...SKIP}>
            {p.product_code}
            {p.barcode ? ` · ${p.barcode}` : ''}
          </Typography>
        </Box>
        <StockStatusChip status={p.stock_status} />
      </Stack>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(4, 1fr)',
          gap: 0.5,
          mt: 1,
          mb: 0,
          '& dd': { m: 0 },
        }}
      >
        {figures.map(([label, value, testId]) => (
          <Box key={label}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ fontWeight: 600 }} data-testid={testId}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </>
  );
}
