import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Visibility from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatTL } from '../../shared/domain/money';
import type { LocalProduct } from '../local/database';
import { EmptyTableRow } from '../shared-ui/empty-table-row';
import { dateLabel, useT } from '../shared-ui/i18n';
import { firstImageUrl, ProductThumb } from '../shared-ui/product-thumb';
import { ProductStatusChip, StockStatusChip } from './product-chips';

/**
 * The product list's rows: a table on a wide screen (select-all checkbox, image, name, product code,
 * selling price, stock on hand and available with its chip, category, brand, status, creation
 * date, actions), stacked cards on narrower ones (the same facts and actions). The table never
 * scrolls sideways: a table that does hides its last column, the actions, past the window's edge.
 * Below `xl` the category, brand and creation date columns fold into a line under the name, so
 * the table fits the page beside the menu at 1200 px and up.
 */
/** A column shown only from `xl` up (its fact is under the name below that). */
const WIDE_ONLY = { display: { xs: 'none', xl: 'table-cell' } } as const;
export interface RowActions {
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onView: (product: LocalProduct) => void;
  onEdit: (product: LocalProduct) => void;
  onDelete: (product: LocalProduct) => void;
}

function Actions({ product, actions }: { product: LocalProduct; actions: RowActions }) {
  const t = useT();
  const items = [
    { key: 'view', label: t('prod_view'), icon: <Visibility fontSize="small" />, run: actions.onView },
    { key: 'edit', label: t('prod_edit'), icon: <EditOutlined fontSize="small" />, run: actions.onEdit },
    {
      key: 'delete',
      label: t('prod_delete'),
      icon: <DeleteOutline fontSize="small" />,
      run: actions.onDelete,
    },
  ];
  return (
    <>
      {items.map((item) => (
        <Tooltip key={item.key} title={item.label}>
          <IconButton
            size="small"
            aria-label={`${item.label}: ${product.name}`}
            onClick={() => item.run(product)}
            data-testid={`product-${item.key}`}
          >
            {item.icon}
          </IconButton>
        </Tooltip>
      ))}
    </>
  );
}

function Stock({ product }: { product: LocalProduct }) {
  const t = useT();
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }} data-testid="product-stock">
        {t('prod_stockCurrent', { n: product.current_stock })}
      </Typography>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ whiteSpace: 'nowrap' }}
        data-testid="product-available"
      >
        {t('prod_stockAvailable', { n: product.available_stock })}
      </Typography>
      <StockStatusChip status={product.stock_status} />
    </Stack>
  );
}

export function ProductTable({
  rows,
  actions,
  allSelected,
  someSelected,
  onToggleAll,
  empty,
}: {
  rows: LocalProduct[];
  actions: RowActions;
  allSelected: boolean;
  someSelected: boolean;
  onToggleAll: () => void;
  empty: string | null;
}) {
  const t = useT();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('prod_tableLabel')} data-testid="products-table">
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                checked={allSelected}
                indeterminate={someSelected && !allSelected}
                onChange={onToggleAll}
                disabled={rows.length === 0}
                slotProps={{ input: { 'aria-label': t('prod_selectAll') } }}
                data-testid="products-select-all"
              />
            </TableCell>
            <TableCell>{t('prod_colImage')}</TableCell>
            <TableCell>{t('prod_colName')}</TableCell>
            <TableCell>{t('prod_colCode')}</TableCell>
            <TableCell align="right">{t('prod_colPrice')}</TableCell>
            <TableCell>{t('prod_colStock')}</TableCell>
            <TableCell sx={WIDE_ONLY}>{t('prod_colCategory')}</TableCell>
            <TableCell sx={WIDE_ONLY}>{t('prod_colBrand')}</TableCell>
            <TableCell>{t('prod_colStatus')}</TableCell>
            <TableCell sx={WIDE_ONLY}>{t('prod_colCreated')}</TableCell>
            <TableCell align="right">{t('prod_colActions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((product) => (
            <TableRow
              key={product.id}
              hover
              selected={actions.selected.has(product.id)}
              data-testid="product-row"
              data-product-id={product.id}
              data-status={product.status}
            >
              <TableCell padding="checkbox">
                <Checkbox
                  checked={actions.selected.has(product.id)}
                  onChange={() => actions.onToggle(product.id)}
                  slotProps={{ input: { 'aria-label': t('prod_selectRow', { name: product.name }) } }}
                  data-testid="product-select"
                />
              </TableCell>
              <TableCell>
                <ProductThumb url={firstImageUrl(product)} name={product.name} />
              </TableCell>
              <TableCell sx={{ minWidth: 160 }}>
                <Typography
                  variant="body2"
                  sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                  data-testid="product-name-cell"
                >
                  {product.name}
                </Typography>
                <Typography
                  variant="caption"
                  color="text.secondary"
                  component="p"
                  sx={{ display: { xl: 'none' }, overflowWrap: 'anywhere' }}
                >
                  {[product.category, product.brand, dateLabel(product.created_at)]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="product-code-cell">
                {product.product_code}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} data-testid="product-price-cell">
                {formatTL(product.selling_price_kurus)}
              </TableCell>
              <TableCell>
                <Stock product={product} />
              </TableCell>
              <TableCell sx={WIDE_ONLY}>{product.category ?? t('prod_none')}</TableCell>
              <TableCell sx={WIDE_ONLY}>{product.brand ?? t('prod_none')}</TableCell>
              <TableCell>
                <ProductStatusChip status={product.status} />
              </TableCell>
              <TableCell sx={{ ...WIDE_ONLY, whiteSpace: 'nowrap' }}>
                {dateLabel(product.created_at)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Actions product={product} actions={actions} />
              </TableCell>
            </TableRow>
          ))}
          {empty ? (
            <EmptyTableRow columns={11} testId="products-empty">
              {empty}
            </EmptyTableRow>
          ) : null}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function ProductCards({
  rows,
  actions,
  empty,
}: {
  rows: LocalProduct[];
  actions: RowActions;
  empty: string | null;
}) {
  const t = useT();
  return (
    <Stack spacing={1} sx={{ p: 1 }} data-testid="products-cards">
      {rows.map((product) => (
        <Card
          key={product.id}
          variant="outlined"
          data-testid="product-row"
          data-product-id={product.id}
          data-status={product.status}
        >
          <CardContent sx={{ pb: 1 }}>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
              <Checkbox
                checked={actions.selected.has(product.id)}
                onChange={() => actions.onToggle(product.id)}
                slotProps={{ input: { 'aria-label': t('prod_selectRow', { name: product.name }) } }}
                data-testid="product-select"
                sx={{ p: 0.5, ml: -0.5 }}
              />
              <ProductThumb url={firstImageUrl(product)} name={product.name} size={56} />
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Typography
                  sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                  data-testid="product-name-cell"
                >
                  {product.name}
                </Typography>
                <Typography
                  variant="caption"
                  color="text.secondary"
                  component="p"
                  sx={{ overflowWrap: 'anywhere' }}
                >
                  {[product.product_code, product.category, product.brand].filter(Boolean).join(' · ')}
                </Typography>
                <Typography
                  variant="body2"
                  sx={{ fontWeight: 600, mt: 0.5 }}
                  data-testid="product-price-cell"
                >
                  {formatTL(product.selling_price_kurus)}
                </Typography>
              </Box>
            </Stack>
            <Stack
              direction="row"
              spacing={2}
              sx={{ mt: 1, alignItems: 'flex-start', flexWrap: 'wrap', rowGap: 1 }}
            >
              <Stock product={product} />
              <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                <ProductStatusChip status={product.status} />
                <Typography variant="caption" color="text.secondary">
                  {dateLabel(product.created_at)}
                </Typography>
              </Stack>
            </Stack>
          </CardContent>
          <CardActions sx={{ justifyContent: 'flex-end', pt: 0 }}>
            <Actions product={product} actions={actions} />
          </CardActions>
        </Card>
      ))}
      {empty ? (
        <Typography color="text.secondary" sx={{ py: 5, textAlign: 'center' }} data-testid="products-empty">
          {empty}
        </Typography>
      ) : null}
    </Stack>
  );
}
