import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { memo, useDeferredValue, useMemo, useState } from 'react';
import type { StockStatus } from '../../shared/domain/stock';
import type { LocalProduct } from '../local/database';
import { useT } from '../shared-ui/i18n';
import { ListPagination } from '../shared-ui/list-pagination';
import { usePhone } from '../shared-ui/responsive';
import { SearchField } from '../shared-ui/search-field';
import {
  distinctValues,
  filterStock,
  reservedOf,
  type StockFilter,
  searchText,
  stockCounts,
} from './inventory-data';

const PAGE_SIZES = [25, 50, 100];
const EMPTY: ReadonlyMap<string, string> = new Map();
const STATUSES: StockStatus[] = ['out_of_stock', 'low_stock', 'in_stock'];

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
 * however many products are mirrored). A table from `sm` up, cards below.
 */
export function StockList({
  products,
  onOpen,
}: {
  products: LocalProduct[];
  onOpen: (product: LocalProduct) => void;
}) {
  const t = useT();
  const phone = usePhone();
  const [filter, setFilter] = useState<StockFilter>({ search: '', category: '', brand: '', status: '' });
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0] as number);
  const deferred = useDeferredValue(filter);

  // The folded search texts are made only once there is something to search for (the first
  // page after a reload needs none of them).
  const searching = deferred.search.trim() !== '';
  const haystacks = useMemo(
    () => (searching ? new Map(products.map((p) => [p.id, searchText(p)])) : EMPTY),
    [products, searching],
  );
  const categories = useMemo(() => distinctValues(products, 'category'), [products]);
  const brands = useMemo(() => distinctValues(products, 'brand'), [products]);
  const counts = useMemo(() => stockCounts(products), [products]);
  const rows = useMemo(() => filterStock(products, haystacks, deferred), [products, haystacks, deferred]);
  const lastPage = Math.max(0, Math.ceil(rows.length / pageSize) - 1);
  const shownPage = Math.min(page, lastPage);
  const pageRows = rows.slice(shownPage * pageSize, shownPage * pageSize + pageSize);

  const change = (patch: Partial<StockFilter>) => {
    setFilter((f) => ({ ...f, ...patch }));
    setPage(0);
  };

  return (
    <Stack spacing={2} data-testid="inv-stock">
      <Typography variant="body2" color="text.secondary" data-testid="inv-summary">
        {t('inv_summary', counts)}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ flexWrap: 'wrap' }} useFlexGap>
        <SearchField
          label={t('inv_search')}
          placeholder={t('inv_searchPlaceholder')}
          value={filter.search}
          onChange={(search) => change({ search })}
          testId="inv-search"
          sx={{ minWidth: { sm: 260 }, flex: { sm: '1 1 260px' } }}
        />
        <FilterSelect
          label={t('inv_category')}
          value={filter.category}
          options={categories.map((c) => ({ value: c, label: c }))}
          onChange={(category) => change({ category })}
          testId="inv-filter-category"
        />
        <FilterSelect
          label={t('inv_brand')}
          value={filter.brand}
          options={brands.map((b) => ({ value: b, label: b }))}
          onChange={(brand) => change({ brand })}
          testId="inv-filter-brand"
        />
        <FilterSelect
          label={t('inv_stockStatus')}
          value={filter.status}
          options={STATUSES.map((s) => ({ value: s, label: t(`inv_status_${s}`) }))}
          onChange={(status) => change({ status: status as StockFilter['status'] })}
          testId="inv-filter-status"
        />
      </Stack>
      {pageRows.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }} data-testid="inv-empty">
          {t('inv_noProducts')}
        </Typography>
      ) : phone ? (
        <Stack spacing={1} data-testid="inv-cards">
          {pageRows.map((p) => (
            <StockCard key={p.id} product={p} onOpen={onOpen} />
          ))}
        </Stack>
      ) : (
        <StockTable rows={pageRows} onOpen={onOpen} />
      )}
      <ListPagination
        count={rows.length}
        page={shownPage}
        pageSize={pageSize}
        pageSizes={PAGE_SIZES}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(0);
        }}
        testId="inv-pagination"
      />
    </Stack>
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

const StockTable = memo(function StockTable({
  rows,
  onOpen,
}: {
  rows: LocalProduct[];
  onOpen: (product: LocalProduct) => void;
}) {
  const t = useT();
  return (
    <TableContainer>
      <Table size="small" data-testid="inv-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('inv_product')}</TableCell>
            <TableCell>{t('inv_category')}</TableCell>
            <TableCell>{t('inv_brand')}</TableCell>
            <TableCell align="right">{t('inv_current')}</TableCell>
            <TableCell align="right">{t('inv_reserved')}</TableCell>
            <TableCell align="right">{t('inv_available')}</TableCell>
            <TableCell align="right">{t('inv_min')}</TableCell>
            <TableCell>{t('inv_stockStatus')}</TableCell>
            <TableCell>{t('inv_actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((p) => (
            <TableRow key={p.id} hover data-testid="inv-row" data-product-id={p.id}>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 600 }} data-i18n-skip="">
                  {p.name}
                </Typography>
                <Typography variant="caption" color="text.secondary" data-i18n-skip="">
                  {p.product_code}
                  {p.barcode ? ` · ${p.barcode}` : ''}
                </Typography>
              </TableCell>
              <TableCell data-i18n-skip="">{p.category ?? '—'}</TableCell>
              <TableCell data-i18n-skip="">{p.brand ?? '—'}</TableCell>
              <TableCell align="right" data-testid="inv-current">
                {p.current_stock}
              </TableCell>
              <TableCell align="right">{reservedOf(p)}</TableCell>
              <TableCell align="right" data-testid="inv-available">
                {p.available_stock}
              </TableCell>
              <TableCell align="right">{p.min_stock}</TableCell>
              <TableCell>
                <StockStatusChip status={p.stock_status} />
              </TableCell>
              <TableCell>
                <Button
                  size="small"
                  onClick={() => onOpen(p)}
                  aria-label={t('inv_detailsAria', { name: p.name })}
                  data-testid="inv-open"
                >
                  {t('inv_details')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
});

function StockCard({
  product: p,
  onOpen,
}: {
  product: LocalProduct;
  onOpen: (product: LocalProduct) => void;
}) {
  const t = useT();
  const figures: [string, number, string?][] = [
    [t('inv_current'), p.current_stock, 'inv-current'],
    [t('inv_reserved'), reservedOf(p)],
    [t('inv_available'), p.available_stock, 'inv-available'],
    [t('inv_min'), p.min_stock],
  ];
  return (
    <Card variant="outlined" data-testid="inv-row" data-product-id={p.id}>
      <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle2" sx={{ overflowWrap: 'anywhere' }} data-i18n-skip="">
              {p.name}
            </Typography>
            <Typography
              variant="caption"
              color="text.secondary"
              sx={{ overflowWrap: 'anywhere' }}
              data-i18n-skip=""
            >
              {p.product_code}
              {p.barcode ? ` · ${p.barcode}` : ''}
            </Typography>
          </Box>
          <StockStatusChip status={p.stock_status} />
        </Stack>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 0.5, my: 1, '& dd': { m: 0 } }}
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
        <Button
          size="small"
          variant="outlined"
          onClick={() => onOpen(p)}
          aria-label={t('inv_detailsAria', { name: p.name })}
          sx={{ minHeight: 44 }}
          data-testid="inv-open"
        >
          {t('inv_details')}
        </Button>
      </CardContent>
    </Card>
  );
}
