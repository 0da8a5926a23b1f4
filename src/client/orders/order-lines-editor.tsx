import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ORDER_MESSAGES, type OrderItemInput, orderItemInput } from '../../shared/api/orders';
import { formatTL } from '../../shared/domain/money';
import { formatMoneyInput } from '../../shared/domain/number-input';
import {
  canAddToOrder,
  draftFormatErrors,
  draftToLine,
  type LineDraft,
  linesToItems,
  linesTotalKurus,
  lineTotalKurus,
  type OrderLine,
  overStockLine,
} from '../../shared/domain/order-lines';
import type { LocalProduct } from '../local/database';
import { foldTr } from '../local/queries';
import { useT } from '../shared-ui/i18n';
import { LINE_PRICE_MAX_KURUS, LINE_QUANTITY_MAX, NumberField } from '../shared-ui/number-field';
import { productPriceKurus, productStock } from '../shared-ui/product-price';
import { usePhone } from '../shared-ui/responsive';
import { useUi } from '../state/ui';

/**
 * The product lines of the create-order form:
 * a small form to add a line (product name — picked from the local products, which fills the unit
 * price and the product id, or typed freely —, quantity, unit price) and the list of lines with a
 * remove button and the running total.
 *
 * The lines are the shared order-line model (src/shared/domain/order-lines.ts): money in integer
 * kuruş from the moment a line is added, so the total shown is exactly the sum the server will
 * compute from the same lines; the add form is a `LineDraft` read by the same rule as the edit
 * dialog's lines.
 */
export type DraftLine = OrderLine & {
  /** Local key for React (lines may repeat a product). */
  key: string;
};

/** The lines as the order payload carries them (TL with two decimals on the wire). */
export function draftLinesToItems(lines: DraftLine[]): OrderItemInput[] {
  return linesToItems(lines);
}

function filterProducts(options: LocalProduct[], inputValue: string): LocalProduct[] {
  const q = foldTr(inputValue.trim());
  const hits = q
    ? options.filter((p) =>
        [p.name, p.product_code, p.barcode ?? '', p.brand ?? ''].some((field) => foldTr(field).includes(q)),
      )
    : options;
  return hits.slice(0, 50);
}

let lineCounter = 0;

export function OrderLinesEditor({
  lines,
  onChange,
  products,
  disabled = false,
}: {
  lines: DraftLine[];
  onChange: (lines: DraftLine[]) => void;
  /** Local products offered by the product-name field (undefined while loading). */
  products: LocalProduct[] | undefined;
  disabled?: boolean;
}) {
  const t = useT();
  const showError = useUi((s) => s.showError);
  const phone = usePhone();
  const [product, setProduct] = useState<LocalProduct | null>(null);
  const [name, setName] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [price, setPrice] = useState('');
  /** An add was tried: show the number fields' errors at once. */
  const [tried, setTried] = useState(false);

  const addLine = () => {
    const draft: LineDraft = {
      key: `line-${lineCounter + 1}`,
      product_id: product?.id ?? null,
      product_name: name,
      quantity,
      unit_price: price,
    };
    // The quantity an integer, the price a decimal — read the Turkish way
    // (src/shared/domain/number-input.ts). What cannot be read is said under its field and
    // nothing is added: never a guessed or scaled number.
    if (Object.keys(draftFormatErrors(draft)).length > 0) {
      setTried(true);
      return;
    }
    // Name, quantity > 0 and price > 0 are required, with one message for all three.
    const decided = draftToLine(draft);
    if (!decided) {
      showError(t('om_lineFieldsRequired'));
      return;
    }
    // The server's own limits (quantity ≤ 100000, price ≤ 10.000.000, name ≤ 200): say so now
    // rather than have the order refused after it was queued.
    const [item] = linesToItems([decided]);
    const check = orderItemInput.safeParse(item);
    if (!check.success) {
      showError(check.error.issues[0]?.message ?? ORDER_MESSAGES.lineFieldsRequired);
      return;
    }
    // The shared stock cap: a catalogue product's lines together never ask for more than its
    // available stock (free-text lines are not catalogue goods and are not capped).
    const over = overStockLine([...lines, decided], (id) => {
      const known = products?.find((p) => p.id === id);
      return known ? productStock(known) : null;
    });
    if (over) {
      showError(t('prod_overStock', { name: over.product_name, n: over.available }));
      return;
    }
    lineCounter += 1;
    onChange([...lines, { ...decided, key: draft.key }]);
    setProduct(null);
    setName('');
    setQuantity('1');
    setPrice('');
    setTried(false);
  };

  const total = linesTotalKurus(lines);

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
        <Autocomplete<LocalProduct, false, false, true>
          freeSolo
          options={products ?? []}
          loading={products === undefined}
          value={product}
          inputValue={name}
          disabled={disabled}
          filterOptions={(options, state) => filterProducts(options, state.inputValue)}
          getOptionLabel={(option) => (typeof option === 'string' ? option : option.name)}
          // Nothing left to sell (available stock, less what the lines already hold): not offered.
          getOptionDisabled={(option) =>
            !canAddToOrder(
              productStock(option),
              lines.filter((l) => l.product_id === option.id).reduce((sum, l) => sum + l.quantity, 0),
            )
          }
          isOptionEqualToValue={(option, value) => typeof value !== 'string' && option.id === value.id}
          onChange={(_event, value) => {
            if (value && typeof value !== 'string') {
              setProduct(value);
              setName(value.name);
              setPrice(formatMoneyInput(productPriceKurus(value)));
            } else {
              setProduct(null);
              setName(value ?? '');
            }
          }}
          onInputChange={(_event, value, reason) => {
            if (reason === 'reset') return; // the selection above already set the name
            setName(value);
            // Typing over a picked product makes it a free-text line (no product id).
            if (product && value !== product.name) setProduct(null);
          }}
          renderOption={(props, option) => {
            const { key, ...rest } = props;
            return (
              <Box component="li" key={key} {...rest} data-testid="product-option">
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Typography variant="body2">{option.name}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {[option.product_code, t('stockN', { n: productStock(option) })].join(' · ')}
                  </Typography>
                </Box>
                <Typography variant="body2" sx={{ ml: 2, whiteSpace: 'nowrap' }}>
                  {formatTL(productPriceKurus(option))}
                </Typography>
              </Box>
            );
          }}
          sx={{ flex: 2, minWidth: 0 }}
          renderInput={(params) => (
            <TextField
              {...params}
              size="small"
              label={t('productName')}
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'line-product' },
              }}
            />
          )}
        />
        <NumberField
          kind="quantity"
          size="small"
          label={t('quantity')}
          value={quantity}
          max={LINE_QUANTITY_MAX}
          showError={tried}
          disabled={disabled}
          onChange={setQuantity}
          sx={{ flex: 1, minWidth: 100 }}
          testId="line-quantity"
        />
        <NumberField
          kind="money"
          size="small"
          label={t('unitPriceTl')}
          value={price}
          max={LINE_PRICE_MAX_KURUS}
          showError={tried}
          disabled={disabled}
          onChange={setPrice}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              addLine();
            }
          }}
          sx={{ flex: 1, minWidth: 140 }}
          testId="line-price"
        />
        <Button
          variant="outlined"
          startIcon={<Add />}
          onClick={addLine}
          disabled={disabled}
          data-testid="add-line"
          sx={{ whiteSpace: 'nowrap', alignSelf: { xs: 'stretch', md: 'flex-start' }, minHeight: { md: 40 } }}
        >
          {t('addProduct')}
        </Button>
      </Stack>

      {phone ? (
        // Phones: each line a short stacked block, no sideways scroll (a phone user must not have
        // to swipe to see a line).
        <Stack divider={<Divider flexItem />} data-testid="order-lines">
          {lines.length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ py: 1, textAlign: 'center' }}>
              {t('noItemsYet')}
            </Typography>
          ) : (
            lines.map((line) => (
              <Stack
                key={line.key}
                direction="row"
                spacing={1}
                sx={{ py: 0.5, alignItems: 'center' }}
                data-testid="order-line"
              >
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {line.product_name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {line.quantity} × {formatTL(line.unit_price_kurus)}
                  </Typography>
                </Box>
                <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {formatTL(lineTotalKurus(line))}
                </Typography>
                <IconButton
                  aria-label={t('remove')}
                  disabled={disabled}
                  onClick={() => onChange(lines.filter((l) => l.key !== line.key))}
                >
                  <DeleteOutline fontSize="small" />
                </IconButton>
              </Stack>
            ))
          )}
        </Stack>
      ) : (
        <TableContainer>
          <Table size="small" data-testid="order-lines">
            <TableHead>
              <TableRow>
                <TableCell>{t('product')}</TableCell>
                <TableCell align="right">{t('quantity')}</TableCell>
                <TableCell align="right">{t('unitPrice')}</TableCell>
                <TableCell align="right">{t('total')}</TableCell>
                <TableCell align="right" sx={{ width: 56 }} />
              </TableRow>
            </TableHead>
            <TableBody>
              {lines.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={5}>
                    <Typography variant="body2" color="text.secondary" sx={{ py: 1, textAlign: 'center' }}>
                      {t('noItemsYet')}
                    </Typography>
                  </TableCell>
                </TableRow>
              ) : (
                lines.map((line) => (
                  <TableRow key={line.key} data-testid="order-line">
                    <TableCell>{line.product_name}</TableCell>
                    <TableCell align="right">{line.quantity}</TableCell>
                    <TableCell align="right">{formatTL(line.unit_price_kurus)}</TableCell>
                    <TableCell align="right">{formatTL(lineTotalKurus(line))}</TableCell>
                    <TableCell align="right">
                      <Tooltip title={t('remove')}>
                        <span>
                          <IconButton
                            size="small"
                            aria-label={t('remove')}
                            disabled={disabled}
                            onClick={() => onChange(lines.filter((l) => l.key !== line.key))}
                          >
                            <DeleteOutline fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Stack direction="row" sx={{ justifyContent: 'flex-end', alignItems: 'baseline', gap: 1 }}>
        <Typography color="text.secondary">{t('totalAmountLabel')}</Typography>
        <Typography variant="h6" data-testid="order-total" data-kurus={total}>
          {formatTL(total)}
        </Typography>
      </Stack>
    </Stack>
  );
}
