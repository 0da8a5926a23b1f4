import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Remove from '@mui/icons-material/Remove';
import ShoppingCartCheckout from '@mui/icons-material/ShoppingCartCheckoutOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatTRY, lineTotal } from '../../shared/domain/money';
import { type CartLine, cartTotalKurus } from './sales-cart';

/**
 * The sales cart dialog: the lines with quantity (−/+ and a number field capped at the current
 * stock; 0 removes the line), the total in kuruş, the chosen customer, and 'Siparişi Oluştur'.
 * The button is never disabled: an empty cart or a missing customer answers with the spec's
 * message instead (the page checks), so the user learns what is missing.
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
  const total = cartTotalKurus(cart);
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth data-testid="cart-dialog">
      <DialogTitle>Sepet</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" sx={{ mb: 2 }} data-testid="cart-customer">
          Müşteri: {customerName ?? <em>seçilmedi</em>}
        </Typography>
        {cart.length === 0 ? (
          <Alert severity="info" data-testid="cart-empty">
            Sepetiniz boş
          </Alert>
        ) : (
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" sx={{ minWidth: 560 }}>
              <TableHead>
                <TableRow>
                  <TableCell>Ürün</TableCell>
                  <TableCell align="right">Birim Fiyat</TableCell>
                  <TableCell align="center">Miktar</TableCell>
                  <TableCell align="right">Toplam</TableCell>
                  <TableCell sx={{ width: 48 }} />
                </TableRow>
              </TableHead>
              <TableBody>
                {cart.map((line) => {
                  const stock = stockOf(line.product_id);
                  return (
                    <TableRow key={line.product_id} data-testid="cart-line" data-product-id={line.product_id}>
                      <TableCell>{line.product_name}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {formatTRY(line.unit_price_kurus)}
                      </TableCell>
                      <TableCell align="center">
                        <Stack
                          direction="row"
                          spacing={0.5}
                          sx={{ alignItems: 'center', justifyContent: 'center' }}
                        >
                          <IconButton
                            size="small"
                            aria-label="Azalt"
                            onClick={() => onSetQuantity(line.product_id, line.quantity - 1)}
                          >
                            <Remove fontSize="small" />
                          </IconButton>
                          <TextField
                            size="small"
                            type="number"
                            value={line.quantity}
                            onChange={(e) => {
                              const quantity = Number.parseInt(e.target.value, 10);
                              // A cleared field (mid-typing) keeps the line; an explicit 0 removes it.
                              if (Number.isFinite(quantity)) onSetQuantity(line.product_id, quantity);
                            }}
                            sx={{ width: 88 }}
                            slotProps={{
                              htmlInput: {
                                min: 0,
                                max: stock,
                                step: 1,
                                'aria-label': 'Miktar',
                                'data-testid': 'cart-quantity',
                              },
                            }}
                          />
                          <IconButton
                            size="small"
                            aria-label="Artır"
                            disabled={line.quantity >= stock}
                            onClick={() => onSetQuantity(line.product_id, line.quantity + 1)}
                          >
                            <Add fontSize="small" />
                          </IconButton>
                        </Stack>
                        <Typography variant="caption" color="text.secondary">
                          Stok: {stock}
                        </Typography>
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {formatTRY(lineTotal(line.quantity, line.unit_price_kurus))}
                      </TableCell>
                      <TableCell>
                        <IconButton
                          size="small"
                          aria-label="Kaldır"
                          onClick={() => onRemove(line.product_id)}
                        >
                          <DeleteOutline fontSize="small" />
                        </IconButton>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        <Stack direction="row" sx={{ mt: 2, justifyContent: 'flex-end', alignItems: 'baseline', gap: 1 }}>
          <Typography color="text.secondary">Toplam:</Typography>
          <Typography variant="h6" data-testid="cart-total" data-kurus={total}>
            {formatTRY(total)}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Kapat</Button>
        <Button
          variant="contained"
          startIcon={<ShoppingCartCheckout />}
          onClick={onCreate}
          disabled={creating}
          data-testid="create-sales-order"
        >
          Siparişi Oluştur
        </Button>
      </DialogActions>
    </Dialog>
  );
}
