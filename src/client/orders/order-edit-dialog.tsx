import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useMemo, useState } from 'react';
import { type UpdateOrderBody, updateOrderBody } from '../../shared/api/orders';
import {
  changedOrderFields,
  draftFormatErrors,
  draftToItem,
  draftTotalKurus,
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
import { type Translate, useT } from '../shared-ui/i18n';
import { OrderStatusChip } from '../shared-ui/order-status-chip';
import { productStock } from '../shared-ui/product-price';
import {
  CUSTOMER_FIELDS,
  type CustomerField,
  CustomerSection,
  LinesSection,
  NotesSection,
  StatusSection,
} from './order-edit-sections';
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

/** The order's lines as drafts (numbers written as typed), keyed by the line they started from. */
function draftLines(order: LocalOrder): LineDraft[] {
  return order.items.map((item, index) => lineToDraft(item, `${item.id}-${index}`));
}

/** What the form holds of an order, as typed. */
interface EditDraft {
  customer: Record<CustomerField, string>;
  lines: LineDraft[];
  notes: string;
  plate: string;
}

/**
 * The changed fields of the groups this user may edit (the server accepts no others): what the
 * form shows, narrowed by the shared "which fields changed" rule the device and the server apply.
 */
function collectChanges(
  order: LocalOrder,
  can: (group: EditGroup) => boolean,
  draft: EditDraft,
): Record<string, unknown> {
  const shown: Record<string, unknown> = {};
  if (can('customer')) {
    for (const { field } of CUSTOMER_FIELDS) {
      const value = draft.customer[field].trim();
      shown[field] = field === 'customer_name' ? value : value || null;
    }
  }
  // Unreadable text goes to the schema as NaN only when it is empty: a format error is caught
  // first (save), under its field.
  if (can('items')) shown.items = draft.lines.map(draftToItem);
  if (can('notes')) shown.notes = draft.notes.trim() || null;
  if (can('vehicle')) shown.vehicle_plate = draft.plate.trim() || null;
  const changes: Record<string, unknown> = {};
  for (const field of changedOrderFields(shown, order)) changes[field] = shown[field];
  return changes;
}

/**
 * The edit to send (null: nothing changed) or the errors by field that keep it from being sent:
 * numbers that cannot be read, what the schema refuses, more pieces than the stock allows.
 */
function checkEdit(
  order: LocalOrder,
  changes: Record<string, unknown>,
  lines: readonly LineDraft[],
  products: ReturnType<typeof useProducts>,
  t: Translate,
): { body: UpdateOrderBody | null; fieldErrors: Record<string, string> } {
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
  return { body, fieldErrors };
}

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

  const save = async () => {
    const changes = collectChanges(order, can, { customer, lines, notes, plate });
    const { body, fieldErrors } = checkEdit(order, changes, lines, products, t);
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

  const nothing = groups.length === 0 && actions.length === 0;
  const fieldErrors = { errors, clearError };

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
            <CustomerSection
              customer={customer}
              onChange={(field, value) => setCustomer((c) => ({ ...c, [field]: value }))}
              {...fieldErrors}
            />
          ) : null}
          {can('items') ? (
            <LinesSection
              lines={lines}
              setLines={setLines}
              originals={originals}
              total={total}
              {...fieldErrors}
            />
          ) : null}
          {can('notes') || can('vehicle') ? (
            <NotesSection
              notes={notes}
              setNotes={setNotes}
              plate={plate}
              setPlate={setPlate}
              canNotes={can('notes')}
              canVehicle={can('vehicle')}
              {...fieldErrors}
            />
          ) : null}
          {actions.length > 0 ? (
            <>
              {groups.length > 0 ? <Divider /> : null}
              <StatusSection
                status={order.status}
                actions={actions}
                nextStatus={nextStatus}
                setNextStatus={setNextStatus}
                statusNotes={statusNotes}
                setStatusNotes={setStatusNotes}
                notesRequired={!!transition?.requiresNotes}
                {...fieldErrors}
              />
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
