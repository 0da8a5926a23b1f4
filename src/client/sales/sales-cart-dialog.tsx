import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Remove from '@mui/icons-material/Remove';
import ShoppingCartCheckout from '@mui/icons-material/ShoppingCartCheckoutOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { formatTL } from '../../shared/domain/money';
import { formatQuantityInput, parseQuantityInput } from '../../shared/domain/number-input';
import { lineTotalKurus } from '../../shared/domain/order-lines';
import { useT } from '../shared-ui/i18n';
import { NumberField } from '../shared-ui/number-field';
import { usePhone } from '../shared-ui/responsive';
import { type CartLine, cartTotalKurus } from './sales-cart';

/**
 * The sales cart dialog: the lines with quantity (−/+ and a number field capped at the current
 * stock; 0 removes the line), the total in kuruş, the chosen customer, and 'Siparişi Oluştur'.
 * The button is never disabled: an empty cart or a missing customer answers with the spec's
 * message instead (the page checks), so the user learns what is missing.
 *
 * On a phone (below `sm`) the dialog fills the screen and each line is a stacked card (name,
 * unit price, quantity stepper, line total) — no sideways scroll. The total sits outside the
 * scrolling list, next to the buttons, so it is always in view however long the cart is.
 */
export function SalesCartDialog({
  open,
  onClose,
  cart,
  stockOf,
  customerName,
  creating,
  onSetQuantity,
  onRemove,
  onCreate,
}: {
  open: boolean;
  onClose: () => void;
  cart: CartLine[];
  /** The product's current stock as the store has it now (the cap). */
  stockOf: (productId: string) => number;
  customerName: string | null;
  creating: boolean;
  onSetQuantity: (productId: string, quantity: number) => void;
  onRemove: (productId: string) => void;
  onCreate: () => void;
}) {
  const t = useT();
  const phone = usePhone();
  const total = cartTotalKurus(cart);
  // Lines whose quantity field holds text that does not read as a number: the order is not
  // created while one does (the field says why), so it never goes out with a quantity other
  // than the one on screen.
  const [unreadable, setUnreadable] = useState<ReadonlySet<string>>(new Set());
  const blocked = cart.some((line) => unreadable.has(line.product_id));
  const lineProps = (line: CartLine): LineProps => ({
    line,
    stock: stockOf(line.product_id),
    onSetQuantity: (quantity: number) => onSetQuantity(line.product_id, quantity),
    onRemove: () => onRemove(line.product_id),
    onReadable: (readable: boolean) =>
      setUnreadable((set) => {
        if (set.has(line.product_id) !== readable) return set;
        const next = new Set(set);
        if (readable) next.delete(line.product_id);
        else next.add(line.product_id);
        return next;
      }),
  });
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      fullScreen={phone}
      data-testid="cart-dialog"
    >
      <DialogTitle>{t('cart')}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" sx={{ mb: 2 }} data-testid="cart-customer">
          {t('cartCustomer')} {customerName ?? <em>{t('notSelected')}</em>}
        </Typography>
        {cart.length === 0 ? (
          <Alert severity="info" data-testid="cart-empty">
            {t('cartEmpty')}
          </Alert>
        ) : phone ? (
          <Stack spacing={1.5} data-testid="cart-cards">
            {cart.map((line) => (
              <CartLineCard key={line.product_id} {...lineProps(line)} />
            ))}
          </Stack>
        ) : (
          <TableContainer>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('product')}</TableCell>
                  <TableCell align="right">{t('unitPrice')}</TableCell>
                  <TableCell align="center">{t('quantity')}</TableCell>
                  <TableCell align="right">{t('total')}</TableCell>
                  <TableCell sx={{ width: 48 }} />
                </TableRow>
              </TableHead>
              <TableBody>
                {cart.map((line) => (
                  <CartLineRow key={line.product_id} {...lineProps(line)} />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </DialogContent>
      <Stack
        direction="row"
        sx={{ px: 3, pt: 1.5, justifyContent: 'flex-end', alignItems: 'baseline', gap: 1 }}
      >
        <Typography color="text.secondary">{t('totalColon')}</Typography>
        <Typography variant="h6" data-testid="cart-total" data-kurus={total}>
          {formatTL(total)}
        </Typography>
      </Stack>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
        <Button
          variant="contained"
          startIcon={<ShoppingCartCheckout />}
          onClick={() => {
            if (!blocked) onCreate();
          }}
          disabled={creating}
          data-testid="create-sales-order"
        >
          {t('createTheOrder')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

interface LineProps {
  line: CartLine;
  stock: number;
  onSetQuantity: (quantity: number) => void;
  onRemove: () => void;
  /** The quantity field's text reads as a number (false: an error is under the field). */
  onReadable: (readable: boolean) => void;
}

/** A line as a table row (tablet and desktop). */
function CartLineRow({ line, stock, onSetQuantity, onRemove, onReadable }: LineProps) {
  const t = useT();
  return (
    <TableRow data-testid="cart-line" data-product-id={line.product_id}>
      <TableCell>{line.product_name}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {formatTL(line.unit_price_kurus)}
      </TableCell>
      <TableCell align="center">
        <QuantityStepper line={line} stock={stock} onSetQuantity={onSetQuantity} onReadable={onReadable} />
        <Typography variant="caption" color="text.secondary">
          {t('stockN', { n: stock })}
        </Typography>
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {formatTL(lineTotalKurus(line))}
      </TableCell>
      <TableCell>
        <IconButton size="small" aria-label={t('remove')} onClick={onRemove}>
          <DeleteOutline fontSize="small" />
        </IconButton>
      </TableCell>
    </TableRow>
  );
}

/** A line as a stacked card (phones): everything visible without a sideways scroll. */
function CartLineCard({ line, stock, onSetQuantity, onRemove, onReadable }: LineProps) {
  const t = useT();
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="cart-line" data-product-id={line.product_id}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {line.product_name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {formatTL(line.unit_price_kurus)} · {t('stockN', { n: stock })}
          </Typography>
        </Box>
        <IconButton aria-label={t('remove')} onClick={onRemove} sx={{ mt: -0.5, mr: -0.5 }}>
          <DeleteOutline />
        </IconButton>
      </Stack>
      <Divider sx={{ my: 1 }} />
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <QuantityStepper line={line} stock={stock} onSetQuantity={onSetQuantity} onReadable={onReadable} />
        <Typography variant="subtitle1" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
          {formatTL(lineTotalKurus(line))}
        </Typography>
      </Stack>
    </Paper>
  );
}

/**
 * − [quantity] +. The field is the shared NumberField (read the Turkish way: '1.250' is 1250,
 * '2,5' an error under it, never 2). A readable number is applied as it is typed (capped at the
 * stock by the cart; 0 removes the line); the text follows the cart whenever the cart's number
 * differs from what a readable text reads (a cap, the −/+ buttons). Unreadable text stays, with
 * its error under the field, and is reported up so the order waits for it to be fixed.
 */
function QuantityStepper({
  line,
  stock,
  onSetQuantity,
  onReadable,
}: Pick<LineProps, 'line' | 'stock' | 'onSetQuantity' | 'onReadable'>) {
  const t = useT();
  const [text, setText] = useState(() => formatQuantityInput(line.quantity));
  useEffect(() => {
    setText((current) => {
      const read = parseQuantityInput(current);
      return read.ok && read.value === line.quantity ? current : formatQuantityInput(line.quantity);
    });
  }, [line.quantity]);
  const read = parseQuantityInput(text);
  const readable = read.ok || read.empty;
  const report = useRef(onReadable);
  report.current = onReadable;
  useEffect(() => report.current(readable), [readable]);
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start', justifyContent: 'center' }}>
      <IconButton aria-label={t('decrease')} onClick={() => onSetQuantity(line.quantity - 1)}>
        <Remove fontSize="small" />
      </IconButton>
      <NumberField
        kind="quantity"
        size="small"
        value={text}
        onChange={(next) => {
          setText(next);
          const read = parseQuantityInput(next);
          // A cleared field (mid-typing) keeps the line; an explicit 0 removes it.
          if (read.ok) onSetQuantity(read.value);
        }}
        onBlur={() => {
          // Left empty: back to the cart's number (unreadable text stays, with its error).
          if (!read.ok && read.empty) setText(formatQuantityInput(line.quantity));
        }}
        sx={{ width: 88 }}
        testId="cart-quantity"
        htmlInput={{ 'aria-label': t('quantity') }}
      />
      <IconButton
        aria-label={t('increase')}
        disabled={line.quantity >= stock}
        onClick={() => onSetQuantity(line.quantity + 1)}
      >
        <Add fontSize="small" />
      </IconButton>
    </Stack>
  );
}
