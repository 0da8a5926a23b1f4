import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { type UpdateOrderBody, updateOrderBody } from '../../shared/api/orders';
import { formatTL } from '../../shared/domain/money';
import {
  changedOrderFields,
  draftFormatErrors,
  draftToItem,
  draftTotalKurus,
  LINE_PRICE_MAX_KURUS,
  LINE_QUANTITY_MAX,
  type LineDraft,
  lineToDraft,
  overStockEdit,
} from '../../shared/domain/order-lines';
import {
  type EditGroup,
  editableGroups,
  findTransition,
  type ProducedStatus,
} from '../../shared/domain/order-status';
import { orderStockState } from '../../shared/domain/stock';
import type { LocalOrder } from '../local/database';
import { useProducts } from '../shared-ui/catalogue-data';
import { DialogSubmitActions } from '../shared-ui/dialog-submit-actions';
import { type MessageKey, statusLabel, useT } from '../shared-ui/i18n';
import { NumberField } from '../shared-ui/number-field';
import { OrderStatusChip } from '../shared-ui/order-status-chip';
import { productStock } from '../shared-ui/product-price';
import { statusActions } from './order-ui';
import { changeStatusAction, updateOrderAction, useActingUser } from './orders-data';

/**
 * The order edit dialog, shared by /orders and /my-orders. Edits only the fields
 * `editableGroups(user, order)` allows (who may edit what); saves through
 * updateOrderAction (outbox), sending only the fields that changed.
 *
 * With `statusChange` (the /orders list) it also offers the status changes the machine allows
 * this user on this order (the orders-list edit dialog can approve); such a change
 * goes through changeStatusAction with the generic texts ('Sipariş durumu başarıyla güncellendi').
 */
export interface OrderEditDialogProps {
  order: LocalOrder | null;
  open: boolean;
  onClose: () => void;
  /** Offer the allowed status changes too (the /orders list). Default false. */
  statusChange?: boolean;
}

export function OrderEditDialog({ order, open, onClose, statusChange = false }: OrderEditDialogProps) {
  return (
    <Dialog open={open && !!order} onClose={onClose} fullWidth maxWidth="md" data-testid="order-edit-dialog">
      {/* Mounted on every opening (MUI unmounts closed dialogs): the form starts from the order as
          it is then, and a sync changing the order meanwhile does not wipe what is being typed. */}
      {order ? <OrderEditForm order={order} onClose={onClose} statusChange={statusChange} /> : null}
    </Dialog>
  );
}

type CustomerField = 'customer_name' | 'customer_phone' | 'customer_email' | 'customer_address';
const CUSTOMER_FIELDS: {
  field: CustomerField;
  label: MessageKey;
  required?: boolean;
  multiline?: boolean;
}[] = [
  { field: 'customer_name', label: 'customerName', required: true },
  { field: 'customer_phone', label: 'phone' },
  { field: 'customer_email', label: 'email' },
  { field: 'customer_address', label: 'address', multiline: true },
];

/** The order's lines as drafts (numbers written as typed), keyed by the line they started from. */
function draftLines(order: LocalOrder): LineDraft[] {
  return order.items.map((item, index) => lineToDraft(item, `${item.id}-${index}`));
}

let lineCounter = 0;

function OrderEditForm({
  order,
  onClose,
  statusChange,
}: {
  order: LocalOrder;
  onClose: () => void;
  statusChange: boolean;
}) {
  const t = useT();
  const user = useActingUser();
  const groups: readonly EditGroup[] = user ? editableGroups(user, order) : [];
  const can = (group: EditGroup) => groups.includes(group);
  const actions = statusChange ? statusActions(user, order) : [];

  const [customer, setCustomer] = useState<Record<CustomerField, string>>({
    customer_name: order.customer_name,
    customer_phone: order.customer_phone ?? '',
    customer_email: order.customer_email ?? '',
    customer_address: order.customer_address ?? '',
  });
  const [lines, setLines] = useState<LineDraft[]>(() => draftLines(order));
  /** The order's line each draft started from (a line renamed back is that product again). */
  const [originals] = useState(() => new Map(draftLines(order).map((d, i) => [d.key, order.items[i]])));
  const [notes, setNotes] = useState(order.notes ?? '');
  const [plate, setPlate] = useState(order.vehicle_plate ?? '');
  const [nextStatus, setNextStatus] = useState<ProducedStatus | ''>('');
  const [statusNotes, setStatusNotes] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const products = useProducts();

  const clearError = (key: string) => {
    setFormError(null);
    setErrors((e) => {
      if (!(key in e)) return e;
      const { [key]: _removed, ...rest } = e;
      return rest;
    });
  };

  const total = useMemo(() => {
    let sum = 0;
    for (const line of lines) {
      const k = draftTotalKurus(line);
      if (k === null) return null;
      sum += k;
    }
    return sum;
  }, [lines]);

  const transition = nextStatus ? findTransition(order.status, nextStatus) : undefined;

  /**
   * The changed fields of the groups this user may edit (the server accepts no others): what the
   * form shows, narrowed by the shared "which fields changed" rule the device and the server apply.
   */
  function collectChanges(): Record<string, unknown> {
    const shown: Record<string, unknown> = {};
    if (can('customer')) {
      for (const { field } of CUSTOMER_FIELDS) {
        const value = customer[field].trim();
        shown[field] = field === 'customer_name' ? value : value || null;
      }
    }
    // Unreadable text goes to the schema as NaN only when it is empty: a format error is caught
    // first (save), under its field.
    if (can('items')) shown.items = lines.map(draftToItem);
    if (can('notes')) shown.notes = notes.trim() || null;
    if (can('vehicle')) shown.vehicle_plate = plate.trim() || null;
    const changes: Record<string, unknown> = {};
    for (const field of changedOrderFields(shown, order)) changes[field] = shown[field];
    return changes;
  }

  const save = async () => {
    const changes = collectChanges();
    const fieldErrors: Record<string, string> = {};
    // Numbers that cannot be read (THE RULE of number-input.ts): said under their field, in the
    // field's own words, before the schema would only say "not a number".
    if (changes.items)
      lines.forEach((line, index) => {
        for (const [field, error] of Object.entries(draftFormatErrors(line)))
          fieldErrors[`items.${index}.${field}`] = error;
      });
    let body: UpdateOrderBody | null = null;
    if (Object.keys(fieldErrors).length === 0 && Object.keys(changes).length > 0) {
      const parsed = updateOrderBody.safeParse(changes);
      if (parsed.success) body = changes as UpdateOrderBody;
      else
        for (const issue of parsed.error.issues) {
          const key = issue.path.join('.') || 'form';
          fieldErrors[key] ??= issue.message;
        }
    }
    // The shared stock cap of an edit: more pieces of a product only up to what is available to
    // this order (the server refuses the rest at approval; say so now, before anything is queued).
    if (body?.items) {
      const over = overStockEdit(
        order.items,
        body.items.map((item) => ({ ...item, product_id: item.product_id ?? null })),
        (id) => {
          const known = products?.find((p) => p.id === id);
          return known ? productStock(known) : null;
        },
        orderStockState(order.status) === 'reserved',
      );
      if (over) fieldErrors.items = t('prod_overStock', { name: over.product_name, n: over.available });
    }
    if (transition?.requiresNotes && !statusNotes.trim()) fieldErrors.status_notes = t('om_notesRequired');
    if (Object.keys(fieldErrors).length > 0) {
      setErrors(fieldErrors);
      setFormError(Object.values(fieldErrors)[0] ?? null);
      return;
    }
    if (!body && !nextStatus) {
      onClose();
      return;
    }
    setBusy(true);
    // The edit first, then the status change: entries of one order are sent in this order.
    const edited = body ? await updateOrderAction(order.id, body) : true;
    const moved =
      edited && nextStatus
        ? await changeStatusAction(order.id, nextStatus, statusNotes.trim() || null, true)
        : true;
    setBusy(false);
    if (edited && moved) onClose();
  };

  const updateLine = (key: string, patch: Partial<LineDraft>) => {
    setLines((all) => all.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  };

  const nothing = groups.length === 0 && actions.length === 0;

  return (
    <>
      <DialogTitle>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <span>{t('editOrderTitle', { number: order.order_number })}</span>
          <OrderStatusChip status={order.status} />
        </Stack>
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          {nothing ? <Alert severity="info">{t('om_cannotEdit')}</Alert> : null}
          {formError ? (
            <Alert severity="error" data-testid="order-edit-error">
              {formError}
            </Alert>
          ) : null}

          {can('customer') ? (
            <Box>
              <Typography variant="subtitle2" sx={{ mb: 1 }}>
                {t('customerInfo')}
              </Typography>
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                {CUSTOMER_FIELDS.map(({ field, label, required, multiline }) => (
                  <TextField
                    key={field}
                    label={t(label)}
                    required={required}
                    multiline={multiline}
                    value={customer[field]}
                    onChange={(e) => {
                      setCustomer((c) => ({ ...c, [field]: e.target.value }));
                      clearError(field);
                    }}
                    error={!!errors[field]}
                    helperText={errors[field]}
                    slotProps={{ htmlInput: { 'data-testid': `edit-${field}` } }}
                  />
                ))}
              </Box>
            </Box>
          ) : null}

          {can('items') ? (
            <Box>
              <Typography variant="subtitle2" sx={{ mb: 1 }}>
                {t('products')}
              </Typography>
              <Stack spacing={1.5}>
                {lines.map((line, index) => (
                  <Stack
                    key={line.key}
                    direction={{ xs: 'column', sm: 'row' }}
                    spacing={1}
                    sx={{ alignItems: { sm: 'flex-start' } }}
                    data-testid="edit-line"
                  >
                    <TextField
                      size="small"
                      label={t('productName')}
                      value={line.product_name}
                      onChange={(e) => {
                        const original = originals.get(line.key);
                        updateLine(line.key, {
                          product_name: e.target.value,
                          // A renamed line is no longer that catalogue product.
                          product_id:
                            original && e.target.value === original.product_name ? original.product_id : null,
                        });
                        clearError(`items.${index}.product_name`);
                      }}
                      error={!!errors[`items.${index}.product_name`]}
                      helperText={errors[`items.${index}.product_name`]}
                      sx={{ flex: 3 }}
                    />
                    <NumberField
                      kind="quantity"
                      size="small"
                      label={t('quantity')}
                      value={line.quantity}
                      max={LINE_QUANTITY_MAX}
                      onChange={(text) => {
                        updateLine(line.key, { quantity: text });
                        clearError(`items.${index}.quantity`);
                      }}
                      errorText={errors[`items.${index}.quantity`]}
                      sx={{ flex: 1, minWidth: 90 }}
                      testId="edit-line-quantity"
                    />
                    <NumberField
                      kind="money"
                      size="small"
                      label={t('unitPrice')}
                      value={line.unit_price}
                      max={LINE_PRICE_MAX_KURUS}
                      onChange={(text) => {
                        updateLine(line.key, { unit_price: text });
                        clearError(`items.${index}.unit_price`);
                      }}
                      errorText={errors[`items.${index}.unit_price`]}
                      sx={{ flex: 1, minWidth: 110 }}
                      testId="edit-line-price"
                    />
                    <Typography
                      variant="body2"
                      sx={{ minWidth: 110, pt: { sm: 1 }, textAlign: { sm: 'right' } }}
                    >
                      {(() => {
                        const k = draftTotalKurus(line);
                        return k === null ? '—' : formatTL(k);
                      })()}
                    </Typography>
                    <IconButton
                      aria-label={t('deleteLine')}
                      onClick={() => {
                        setLines((all) => all.filter((l) => l.key !== line.key));
                        clearError('items');
                      }}
                    >
                      <DeleteOutline />
                    </IconButton>
                  </Stack>
                ))}
                {errors.items ? <FormHelperText error>{errors.items}</FormHelperText> : null}
                <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
                  <Button
                    size="small"
                    startIcon={<Add />}
                    onClick={() => {
                      lineCounter += 1;
                      setLines((all) => [
                        ...all,
                        {
                          key: `new-${lineCounter}`,
                          product_id: null,
                          product_name: '',
                          quantity: '1',
                          unit_price: '',
                        },
                      ]);
                      clearError('items');
                    }}
                  >
                    {t('addProduct')}
                  </Button>
                  <Typography variant="subtitle2">
                    {t('totalLabel', { amount: total === null ? '—' : formatTL(total) })}
                  </Typography>
                </Stack>
              </Stack>
            </Box>
          ) : null}

          {can('notes') || can('vehicle') ? (
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', sm: can('vehicle') ? '2fr 1fr' : '1fr' },
              }}
            >
              {can('notes') ? (
                <TextField
                  label={t('notes')}
                  multiline
                  minRows={2}
                  value={notes}
                  onChange={(e) => {
                    setNotes(e.target.value);
                    clearError('notes');
                  }}
                  error={!!errors.notes}
                  helperText={errors.notes}
                  slotProps={{ htmlInput: { 'data-testid': 'edit-notes' } }}
                />
              ) : null}
              {can('vehicle') ? (
                <TextField
                  label={t('vehiclePlate')}
                  value={plate}
                  onChange={(e) => {
                    setPlate(e.target.value);
                    clearError('vehicle_plate');
                  }}
                  error={!!errors.vehicle_plate}
                  helperText={errors.vehicle_plate}
                  slotProps={{ htmlInput: { 'data-testid': 'edit-vehicle-plate' } }}
                />
              ) : null}
            </Box>
          ) : null}

          {actions.length > 0 ? (
            <>
              {groups.length > 0 ? <Divider /> : null}
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr' } }}>
                <FormControl>
                  <InputLabel id="edit-status-label" shrink>
                    {t('status')}
                  </InputLabel>
                  <Select
                    labelId="edit-status-label"
                    label={t('status')}
                    value={nextStatus}
                    displayEmpty
                    notched
                    onChange={(e) => {
                      setNextStatus(e.target.value as ProducedStatus | '');
                      clearError('status_notes');
                    }}
                    renderValue={(value) => statusLabel((value as string) || order.status)}
                    data-testid="edit-status"
                  >
                    <MenuItem value="">{t('noChange', { status: statusLabel(order.status) })}</MenuItem>
                    {actions.map((a) => (
                      <MenuItem key={a.to} value={a.to} disabled={a.blocked !== null}>
                        {statusLabel(a.to)} ({a.label}){a.blocked ? ` — ${a.blocked}` : ''}
                      </MenuItem>
                    ))}
                  </Select>
                </FormControl>
                {nextStatus ? (
                  <TextField
                    label={transition?.requiresNotes ? t('statusExplanation') : t('statusNoteOptional')}
                    required={!!transition?.requiresNotes}
                    value={statusNotes}
                    onChange={(e) => {
                      setStatusNotes(e.target.value);
                      clearError('status_notes');
                    }}
                    error={!!errors.status_notes}
                    helperText={errors.status_notes}
                    slotProps={{ htmlInput: { maxLength: 1000, 'data-testid': 'edit-status-notes' } }}
                  />
                ) : null}
              </Box>
            </>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogSubmitActions
        busy={busy}
        disabled={nothing}
        onCancel={onClose}
        onSubmit={() => void save()}
        testId="order-edit-save"
      >
        {t('save')}
      </DialogSubmitActions>
    </>
  );
}
