import ShoppingCart from '@mui/icons-material/ShoppingCartOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useReducer, useState } from 'react';
import type { CreateOrderBody } from '../../shared/api/orders';
import { kurusToTl } from '../../shared/domain/money';
import type { LocalCustomer } from '../local/database';
import { createOrderAction, useCustomers, useProducts } from '../shared-ui/catalogue-data';
import { NewCustomerButton } from '../shared-ui/customer-dialog';
import {
  CustomerOption,
  customerDisplayName,
  customerOrderFields,
  filterCustomers,
} from '../shared-ui/customer-option';
import { useT } from '../shared-ui/i18n';
import { useLocalStore, useOnline } from '../shared-ui/local-store';
import { productPriceKurus, productStock } from '../shared-ui/product-price';
import { SearchField } from '../shared-ui/search-field';
import { useUi } from '../state/ui';
import { cartCount, cartItems, cartReducer, cartTotalKurus } from './sales-cart';
import { SalesCartDialog } from './sales-cart-dialog';
import { SalesProductCard } from './sales-product-card';

/**
 * /sales: the active products of the local store as cards, with
 * search and the category filter, a customer selector, the cart (badge + dialog) and the
 * create-order action.
 *
 * Everything is local: the catalogue and the customers are the mirrored copies (so a salesperson
 * can sell at a customer's door without signal), and the order is created through the outbox like
 * /create-order's — with `total_amount`, which the server checks against the lines.
 */
export default function SalesPage() {
  const t = useT();
  const showError = useUi((s) => s.showError);
  const { store, error } = useLocalStore();
  const online = useOnline();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string | null>(null);
  const [customer, setCustomer] = useState<LocalCustomer | null>(null);
  const [cart, dispatch] = useReducer(cartReducer, []);
  const [cartOpen, setCartOpen] = useState(false);
  const [creating, setCreating] = useState(false);

  const products = useProducts({ search, category });
  // The whole active catalogue: tells "nothing on this device" from "nothing matches", and gives
  // the live stock of every cart line whatever the filter.
  const catalogue = useProducts();
  const customers = useCustomers();
  const stockById = useMemo(
    () => new Map((catalogue ?? []).map((p) => [p.id, productStock(p)] as const)),
    [catalogue],
  );
  // The tenant's own categories (its data, not a fixed list): those its active products carry.
  const categories = useMemo(
    () =>
      [...new Set((catalogue ?? []).map((p) => p.category).filter((c): c is string => !!c))].sort((a, b) =>
        a.localeCompare(b, 'tr-TR'),
      ),
    [catalogue],
  );
  const stockOf = (productId: string) => stockById.get(productId) ?? 0;
  const inCart = (productId: string) => cart.find((line) => line.product_id === productId)?.quantity ?? 0;
  const count = cartCount(cart);

  const create = async () => {
    if (creating) return;
    // An order needs a customer and a non-empty cart, with one message for both.
    if (!customer || cart.length === 0) {
      showError(t('om_salesCustomerAndCart'));
      return;
    }
    const input: CreateOrderBody = {
      ...customerOrderFields(customer),
      items: cartItems(cart),
      total_amount: kurusToTl(cartTotalKurus(cart)),
    };
    setCreating(true);
    const order = await createOrderAction(input, t('orderCreated'));
    setCreating(false);
    if (!order) return;
    dispatch({ type: 'clear' });
    setCartOpen(false);
  };

  if (error) return <Alert severity="error">{t('localStoreUnavailable')}</Alert>;

  const loading = products === undefined || catalogue === undefined || !store;

  return (
    <Stack spacing={2}>
      {online ? null : (
        <Alert severity="info" data-testid="offline-note">
          {t('offlineOrdersSaved')}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
            <SearchField
              label={t('productSearch')}
              placeholder={t('productSearchPlaceholder')}
              value={search}
              onChange={setSearch}
              testId="product-search"
              sx={{ flex: 1 }}
            />
            <Autocomplete<LocalCustomer>
              options={customers ?? []}
              loading={customers === undefined}
              value={customer}
              onChange={(_event, value) => setCustomer(value)}
              filterOptions={(options, state) => filterCustomers(options, state.inputValue)}
              getOptionLabel={(option) => customerDisplayName(option)}
              isOptionEqualToValue={(option, value) => option.id === value.id}
              noOptionsText={t('customerNotFound')}
              renderOption={(props, option) => {
                const { key, ...rest } = props;
                return <CustomerOption key={key} {...rest} customer={option} />;
              }}
              sx={{ flex: 1, minWidth: 260 }}
              renderInput={(params) => (
                <TextField
                  {...params}
                  size="small"
                  label={t('customer')}
                  slotProps={{
                    ...params.slotProps,
                    htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'sales-customer' },
                  }}
                />
              )}
            />
            <NewCustomerButton initialName="" onCreated={setCustomer} />
            <Button
              variant="contained"
              onClick={() => setCartOpen(true)}
              data-testid="cart-button"
              startIcon={
                <Badge
                  badgeContent={count}
                  color="secondary"
                  max={999}
                  data-testid="cart-badge"
                  data-count={count}
                >
                  <ShoppingCart />
                </Badge>
              }
              sx={{ whiteSpace: 'nowrap', px: 3 }}
            >
              {t('cart')}
            </Button>
          </Stack>
          <Stack
            direction="row"
            spacing={1}
            sx={{ flexWrap: 'wrap', rowGap: 1 }}
            data-testid="category-filter"
          >
            <Chip
              label={t('all')}
              color={category === null ? 'primary' : 'default'}
              variant={category === null ? 'filled' : 'outlined'}
              onClick={() => setCategory(null)}
            />
            {categories.map((value) => (
              <Chip
                key={value}
                label={value}
                color={category === value ? 'primary' : 'default'}
                variant={category === value ? 'filled' : 'outlined'}
                onClick={() => setCategory(value)}
              />
            ))}
          </Stack>
        </Stack>
      </Paper>

      {loading ? <LinearProgress /> : null}
      {!loading && catalogue.length === 0 ? (
        <Alert severity="warning" data-testid="no-products">
          {t('noProductsOnDevice')}
        </Alert>
      ) : null}
      {!loading && catalogue.length > 0 && products.length === 0 ? (
        <Typography
          color="text.secondary"
          sx={{ p: 4, textAlign: 'center' }}
          data-testid="no-matching-products"
        >
          {t('noProductsMatch')}
        </Typography>
      ) : null}
      <Box
        data-testid="product-grid"
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
        }}
      >
        {(products ?? []).map((product) => (
          <SalesProductCard
            key={product.id}
            product={product}
            inCart={inCart(product.id)}
            onAdd={() =>
              dispatch({
                type: 'add',
                product: {
                  id: product.id,
                  name: product.name,
                  price_kurus: productPriceKurus(product),
                  stock: productStock(product),
                },
              })
            }
          />
        ))}
      </Box>

      <SalesCartDialog
        open={cartOpen}
        onClose={() => setCartOpen(false)}
        cart={cart}
        stockOf={stockOf}
        customerName={customer ? customerDisplayName(customer) : null}
        creating={creating}
        onSetQuantity={(productId, quantity) =>
          dispatch({ type: 'set-quantity', productId, quantity, stock: stockOf(productId) })
        }
        onRemove={(productId) => dispatch({ type: 'remove', productId })}
        onCreate={() => void create()}
      />
    </Stack>
  );
}
