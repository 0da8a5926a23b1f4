import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { Product } from '../../shared/api/entities';
import { formatTL } from '../../shared/domain/money';
import { dateLabel, type MessageKey, unitLabel, useT } from '../shared-ui/i18n';
import { firstImageUrl, ProductThumb } from '../shared-ui/product-thumb';
import { usePhone } from '../shared-ui/responsive';
import { ProductStatusChip, StockStatusChip } from './product-chips';

/**
 * A product's details, read-only (every field of the add dialog, the cost price for the admin who
 * may see it, the stock figures and the chips), with a button to edit it.
 */
export function ProductViewDialog({
  product,
  onClose,
  onEdit,
}: {
  product: Product | null;
  onClose: () => void;
  onEdit: (product: Product) => void;
}) {
  const t = useT();
  const phone = usePhone();
  if (!product) return null;
  const none = t('prod_none');
  const money = (kurus: number | null | undefined) =>
    kurus === null || kurus === undefined ? none : formatTL(kurus);
  const rows: [MessageKey, ReactNode, string][] = [
    ['prod_fCode', product.product_code, 'code'],
    ['prod_fBarcode', product.barcode ?? none, 'barcode'],
    ['prod_fSellingPrice', money(product.selling_price_kurus), 'selling-price'],
    ['prod_fCostPrice', money(product.cost_price_kurus), 'cost-price'],
    ['prod_fDiscountedPrice', money(product.discounted_price_kurus), 'discounted-price'],
    ['prod_fCategory', product.category ?? none, 'category'],
    ['prod_fBrand', product.brand ?? none, 'brand'],
    ['prod_fUnit', unitLabel(product.unit), 'unit'],
    ['prod_fVat', t('prod_vatOption', { n: product.vat_rate }), 'vat'],
    ['prod_fCurrentStock', product.current_stock, 'current-stock'],
    ['prod_fAvailableStock', product.available_stock, 'available-stock'],
    ['prod_fMinStock', product.min_stock, 'min-stock'],
    ['prod_fTags', product.tags.length ? product.tags.join(', ') : none, 'tags'],
    ['prod_fCreated', dateLabel(product.created_at), 'created'],
  ];
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      fullScreen={phone}
      aria-labelledby="product-view-title"
      data-testid="product-view-dialog"
    >
      <DialogTitle id="product-view-title">{t('prod_viewTitle')}</DialogTitle>
      <DialogContent dividers>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
          <ProductThumb
            url={firstImageUrl(product)}
            name={product.name}
            size={96}
            testId="product-view-image"
          />
          <Stack spacing={1} sx={{ minWidth: 0 }}>
            <Typography
              variant="h6"
              component="p"
              sx={{ overflowWrap: 'anywhere' }}
              data-testid="product-view-name"
            >
              {product.name}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              <ProductStatusChip status={product.status} />
              <StockStatusChip status={product.stock_status} />
            </Stack>
          </Stack>
        </Stack>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'minmax(120px, auto) 1fr',
            columnGap: 2,
            rowGap: 1,
            m: 0,
          }}
        >
          {rows.map(([label, value, id]) => (
            <Box key={id} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {t(label)}
              </Typography>
              <Typography
                component="dd"
                variant="body2"
                sx={{ m: 0, overflowWrap: 'anywhere' }}
                data-testid={`product-view-${id}`}
              >
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        {product.description ? (
          <Box sx={{ mt: 2 }}>
            <Typography variant="body2" color="text.secondary">
              {t('prod_fDescription')}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
              {product.description}
            </Typography>
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose}>
          {t('prod_close')}
        </Button>
        <Button variant="contained" onClick={() => onEdit(product)} data-testid="product-view-edit">
          {t('prod_edit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
