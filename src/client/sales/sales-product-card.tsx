import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatTL } from '../../shared/domain/money';
import type { LocalProduct } from '../local/database';
import { unitLabel, useT } from '../shared-ui/i18n';
import { productPriceKurus, productStock } from '../shared-ui/product-price';
import { firstImageUrl, ProductThumb } from '../shared-ui/product-thumb';

/**
 * One product of the sales catalogue: name, category and brand, price (the discounted one, with
 * the list price struck through), its first image (a placeholder when none), the available stock,
 * and 'Sepete Ekle' — disabled when the available stock is 0 or less (nothing can be sold from an
 * empty shelf or goods promised to others), and once the cart already holds the whole of it.
 */
export function SalesProductCard({
  product,
  inCart,
  onAdd,
}: {
  product: LocalProduct;
  inCart: number;
  onAdd: () => void;
}) {
  const t = useT();
  const stock = productStock(product);
  const price = productPriceKurus(product);
  const discounted = price !== product.selling_price_kurus;
  const out = stock <= 0;
  return (
    <Card
      variant="outlined"
      data-testid="product-card"
      data-product-id={product.id}
      data-stock={stock}
      data-category={product.category ?? ''}
      sx={{ display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <ProductThumb url={firstImageUrl(product)} name={product.name} size={56} />
          <Stack sx={{ minWidth: 0 }}>
            <Typography
              variant="subtitle1"
              sx={{ fontWeight: 600, lineHeight: 1.3 }}
              data-testid="product-name"
            >
              {product.name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {[product.category, product.brand, product.product_code].filter(Boolean).join(' · ')}
            </Typography>
          </Stack>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ mt: 1.5, alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Typography variant="h6" color="primary" data-testid="product-price" data-kurus={price}>
            {formatTL(price)}
          </Typography>
          {discounted ? (
            <Typography variant="body2" color="text.secondary" sx={{ textDecoration: 'line-through' }}>
              {formatTL(product.selling_price_kurus)}
            </Typography>
          ) : null}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          {out ? (
            <Chip size="small" color="error" variant="outlined" label={t('outOfStock')} />
          ) : (
            <Typography
              variant="body2"
              color={stock <= product.min_stock ? 'warning.main' : 'text.secondary'}
            >
              {t('stockN', { n: stock })} {unitLabel(product.unit)}
            </Typography>
          )}
          {inCart > 0 ? <Chip size="small" color="primary" label={t('inCartN', { n: inCart })} /> : null}
        </Stack>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button
          fullWidth
          variant="contained"
          startIcon={<AddShoppingCart />}
          disabled={out || inCart >= stock}
          onClick={onAdd}
          data-testid="add-to-cart"
        >
          {t('addToCart')}
        </Button>
      </CardActions>
    </Card>
  );
}
