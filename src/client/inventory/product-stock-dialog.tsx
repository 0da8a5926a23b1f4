import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { API } from '../../shared/api/endpoints';
import { parseQuantityInput } from '../../shared/domain/number-input';
import { ADJUSTMENT_REASONS, type AdjustmentReason, STOCK_LIMITS } from '../../shared/domain/stock';
import { apiQueryKey, useApiQuery } from '../api/query';
import type { LocalProduct } from '../local/database';
import { DialogSubmitActions } from '../shared-ui/dialog-submit-actions';
import { dateTimeLabel, useT } from '../shared-ui/i18n';
import { ListPagination } from '../shared-ui/list-pagination';
import { runLocalAction } from '../shared-ui/local-action';
import { useOnline } from '../shared-ui/local-store';
import { NumberField } from '../shared-ui/number-field';
import { usePhone } from '../shared-ui/responsive';
import { reservedOf } from './inventory-data';
import { adjustStock } from './mutations';
import { StockStatusChip } from './stock-list';

const MOVEMENTS_PER_PAGE = 10;

/**
 * One product's stock: its figures (from the local store, so they show offline and move at once
 * with an adjustment), its movements (online: paged from the server, newest first; the pages seen
 * stay cached and show read-only offline) and a manual adjustment with a reason, queued through
 * the outbox (offline too), naming the product version its user saw.
 */
export function ProductStockDialog({
  product,
  onClose,
}: {
  product: LocalProduct | null;
  onClose: () => void;
}) {
  const t = useT();
  const phone = usePhone();
  return (
    <Dialog
      open={!!product}
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="md"
      aria-labelledby="inv-product-title"
      data-testid="inv-product-dialog"
    >
      {product ? (
        <>
          <DialogTitle id="inv-product-title" data-i18n-skip="">
            {product.name}
          </DialogTitle>
          <DialogContent dividers>
            <Stack spacing={2.5}>
              <Figures product={product} />
              <AdjustForm product={product} />
              <Divider />
              <Movements productId={product.id} version={product.version} />
            </Stack>
          </DialogContent>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 1.5 }}>
            <Button onClick={onClose} sx={{ minHeight: 44 }} data-testid="inv-product-close">
              {t('inv_close')}
            </Button>
          </Box>
        </>
      ) : null}
    </Dialog>
  );
}

function Figures({ product: p }: { product: LocalProduct }) {
  const t = useT();
  const figures: [string, number, string][] = [
    [t('inv_current'), p.current_stock, 'inv-dialog-current'],
    [t('inv_reserved'), reservedOf(p), 'inv-dialog-reserved'],
    [t('inv_available'), p.available_stock, 'inv-dialog-available'],
    [t('inv_min'), p.min_stock, 'inv-dialog-min'],
  ];
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" data-i18n-skip="">
          {p.product_code}
          {p.barcode ? ` · ${t('inv_barcode', { code: p.barcode })}` : ''}
        </Typography>
        <StockStatusChip status={p.stock_status} />
      </Stack>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
          gap: 1,
          m: 0,
          '& dd': { m: 0 },
        }}
      >
        {figures.map(([label, value, testId]) => (
          <Box key={testId}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="h6" data-testid={testId}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Stack>
  );
}

function AdjustForm({ product }: { product: LocalProduct }) {
  const t = useT();
  const [direction, setDirection] = useState<'increase' | 'decrease'>('increase');
  const [quantity, setQuantity] = useState('');
  const [reason, setReason] = useState<AdjustmentReason>('manual_adjustment');
  const [notes, setNotes] = useState('');
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState(false);

  const parsed = parseQuantityInput(quantity, { max: STOCK_LIMITS.maxAdjustment });
  const units = parsed.ok ? parsed.value : 0;
  const adjustment = direction === 'increase' ? units : -units;
  const after = product.current_stock + adjustment;
  const belowZero = after < 0;
  const valid = parsed.ok && units > 0 && !belowZero;

  const submit = async () => {
    setTried(true);
    if (!valid) return;
    setBusy(true);
    const done = await runLocalAction(
      () =>
        adjustStock({
          productId: product.id,
          productName: product.name,
          adjustment,
          reason,
          notes,
          expectedVersion: product.version,
        }),
      t('inv_adjusted'),
      t('inv_adjustError'),
    );
    setBusy(false);
    if (done) {
      setQuantity('');
      setNotes('');
      setTried(false);
    }
  };

  return (
    <Box component="section" aria-labelledby="inv-adjust-title">
      <Typography id="inv-adjust-title" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {t('inv_adjust')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <ToggleButtonGroup
          exclusive
          value={direction}
          onChange={(_e, v) => v && setDirection(v)}
          aria-label={t('inv_adjustDirection')}
          size="small"
          sx={{ '& .MuiToggleButton-root': { minHeight: 44, px: 2 } }}
        >
          <ToggleButton value="increase" data-testid="inv-adjust-increase">
            {t('inv_adjustIncrease')}
          </ToggleButton>
          <ToggleButton value="decrease" data-testid="inv-adjust-decrease">
            {t('inv_adjustDecrease')}
          </ToggleButton>
        </ToggleButtonGroup>
        <NumberField
          kind="quantity"
          value={quantity}
          onChange={setQuantity}
          max={STOCK_LIMITS.maxAdjustment}
          label={t('inv_adjustQuantity')}
          size="small"
          required
          showError={tried}
          errorText={belowZero ? t('inv_adjustBelowZero') : null}
          helperText={parsed.ok && units > 0 && !belowZero ? t('inv_adjustPreview', { n: after }) : undefined}
          sx={{ width: { sm: 160 } }}
          testId="inv-adjust-quantity"
        />
        <TextField
          select
          size="small"
          label={t('inv_adjustReason')}
          value={reason}
          onChange={(e) => setReason(e.target.value as AdjustmentReason)}
          sx={{ minWidth: 190 }}
          data-testid={'inv-adjust-reason'}
        >
          {ADJUSTMENT_REASONS.map((r) => (
            <MenuItem key={r} value={r}>
              {t(`inv_reason_${r}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={t('inv_adjustNotes')}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { maxLength: STOCK_LIMITS.maxNotes, 'data-testid': 'inv-adjust-notes' } }}
        />
      </Stack>
      <Box sx={{ mt: 1 }}>
        <DialogSubmitActions
          busy={busy}
          disabled={tried && !valid}
          onCancel={() => {
            setQuantity('');
            setNotes('');
            setTried(false);
          }}
          onSubmit={() => void submit()}
          testId="inv-adjust-save"
        >
          {t('inv_adjustSave')}
        </DialogSubmitActions>
      </Box>
    </Box>
  );
}

function Movements({ productId, version }: { productId: string; version: number }) {
  const t = useT();
  const online = useOnline();
  const [page, setPage] = useState(0);
  const client = useQueryClient();
  // The product changed (an adjustment acknowledged, a count, a shipment pulled): its movements
  // are asked again rather than shown from a cache that predates the change.
  const seen = useRef(version);
  useEffect(() => {
    if (seen.current === version) return;
    seen.current = version;
    void client.invalidateQueries({
      queryKey: apiQueryKey(API.productStockMovements, { params: { id: productId } }).slice(0, 4),
    });
  }, [client, productId, version]);
  const query = useApiQuery(
    API.productStockMovements,
    { params: { id: productId }, query: { page: page + 1, limit: MOVEMENTS_PER_PAGE } },
    { preset: 'logs' },
  );
  const rows = query.data?.data ?? [];
  const total = query.data?.pagination.totalDocs ?? 0;
  return (
    <Box component="section" aria-labelledby="inv-movements-title" data-testid="inv-movements">
      <Typography id="inv-movements-title" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {t('inv_movements')}
      </Typography>
      {!online ? (
        <Alert severity="info" sx={{ mb: 1 }}>
          {query.data ? t('inv_movementsCached') : t('inv_movementsOffline')}
        </Alert>
      ) : null}
      {query.isLoading && online ? <LinearProgress aria-label={t('loadingAria')} /> : null}
      {query.isError && online && !query.data ? (
        <Alert severity="error">{t('inv_movementsError')}</Alert>
      ) : null}
      {query.data && rows.length === 0 ? (
        <Typography color="text.secondary">{t('inv_noMovements')}</Typography>
      ) : null}
      {rows.length > 0 ? (
        <List disablePadding dense>
          {rows.map((m) => (
            <ListItem key={m.id} divider sx={{ gap: 1, flexWrap: 'wrap', px: 0 }} data-testid="inv-movement">
              <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {t(`inv_reason_${m.reason}`)}
                  {m.order_number ? ` · ${m.order_number}` : ''}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {dateTimeLabel(m.created_at)}
                  {m.user_name ? ` · ${m.user_name}` : ''}
                  {m.notes ? ` · ${m.notes}` : ''}
                </Typography>
              </Box>
              <Typography
                variant="body2"
                sx={{
                  fontWeight: 700,
                  color: m.quantity < 0 ? 'error.main' : m.quantity > 0 ? 'success.main' : 'text.secondary',
                }}
                data-testid="inv-movement-quantity"
              >
                {m.quantity > 0 ? `+${m.quantity}` : m.quantity}
              </Typography>
            </ListItem>
          ))}
        </List>
      ) : null}
      {total > MOVEMENTS_PER_PAGE ? (
        <ListPagination
          count={total}
          page={page}
          pageSize={MOVEMENTS_PER_PAGE}
          pageSizes={[MOVEMENTS_PER_PAGE]}
          onPageChange={setPage}
          onPageSizeChange={() => undefined}
        />
      ) : null}
    </Box>
  );
}
