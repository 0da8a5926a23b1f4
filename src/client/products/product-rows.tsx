import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Visibility from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatTL } from '../../shared/domain/money';
import type { LocalProduct } from '../local/database';
import { dateLabel, type Translate, useT } from '../shared-ui/i18n';
import type { Column, RowAction } from '../shared-ui/kit/entity-list';
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
export interface RowActions {
  onView: (product: LocalProduct) => void;
  onEdit: (product: LocalProduct) => void;
  onDelete: (product: LocalProduct) => void;
}

export function productActions(t: Translate, actions: RowActions): RowAction<LocalProduct>[] {
  return [
    { key: 'view', label: t('prod_view'), icon: <Visibility fontSize="small" />, run: actions.onView },
    { key: 'edit', label: t('prod_edit'), icon: <EditOutlined fontSize="small" />, run: actions.onEdit },
    {
      key: 'delete',
      label: t('prod_delete'),
      icon: <DeleteOutline fontSize="small" />,
      run: actions.onDelete,
    },
  ];
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

export function productColumns(t: Translate): Column<LocalProduct>[] {
  return [
    {
      key: 'image',
      header: t('prod_colImage'),
      cell: (p) => <ProductThumb url={firstImageUrl(p)} name={p.name} />,
    },
    {
      key: 'name',
      header: t('prod_colName'),
      sx: { minWidth: 160 },
      cell: (p) => (
        <>
          <Typography
            variant="body2"
            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
            data-testid="product-name-cell"
          >
            {p.name}
          </Typography>
          <Typography
            variant="caption"
            color="text.secondary"
            component="p"
            sx={{ display: { xl: 'none' }, overflowWrap: 'anywhere' }}
          >
            {[p.category, p.brand, dateLabel(p.created_at)].filter(Boolean).join(' · ')}
          </Typography>
        </>
      ),
    },
    {
      key: 'code',
      header: t('prod_colCode'),
      cell: (p) => p.product_code,
      nowrap: true,
      testId: 'product-code-cell',
    },
    {
      key: 'price',
      header: t('prod_colPrice'),
      cell: (p) => formatTL(p.selling_price_kurus),
      align: 'right',
      nowrap: true,
      testId: 'product-price-cell',
    },
    { key: 'stock', header: t('prod_colStock'), cell: (p) => <Stock product={p} /> },
    {
      key: 'category',
      header: t('prod_colCategory'),
      cell: (p) => p.category ?? t('prod_none'),
      hideBelow: 'xl',
    },
    { key: 'brand', header: t('prod_colBrand'), cell: (p) => p.brand ?? t('prod_none'), hideBelow: 'xl' },
    { key: 'status', header: t('prod_colStatus'), cell: (p) => <ProductStatusChip status={p.status} /> },
    {
      key: 'created',
      header: t('prod_colCreated'),
      cell: (p) => dateLabel(p.created_at),
      hideBelow: 'xl',
      nowrap: true,
    },
  ];
}

/** A product on a narrow screen: picture, name, code, category and brand, price, stock, status. */
export function ProductCard({ product }: { product: LocalProduct }) {
  return (
    <>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <ProductThumb url={firstImageUrl(product)} name={product.name} size={56} />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="product-name-cell">
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
          <Typography variant="body2" sx={{ fontWeight: 600, mt: 0.5 }} data-testid="product-price-cell">
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
    </>
  );
}
