import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatTL } from '../../shared/domain/money';
import {
  draftTotalKurus,
  LINE_PRICE_MAX_KURUS,
  LINE_QUANTITY_MAX,
  type LineDraft,
} from '../../shared/domain/order-lines';
import type { OrderStatus, ProducedStatus } from '../../shared/domain/order-status';
import type { LocalOrder } from '../local/database';
import { type MessageKey, statusLabel, useT } from '../shared-ui/i18n';
import { NumberField } from '../shared-ui/number-field';
import type { StatusAction } from './order-ui';

/**
 * The parts of the order edit dialog's form (order-edit-dialog.tsx), one per group of fields the
 * status machine lets a user edit: the customer, the lines, the notes and the plate, and the
 * status change. Each shows the values and errors it is given and reports every change; the form
 * keeps the state, checks it and saves it. A field's error is cleared as soon as it is edited.
 */

/** Errors by field (`items.0.quantity`), and the clearing of one when its field is edited. */
interface FieldErrors {
  errors: Record<string, string>;
  clearError: (key: string) => void;
}

export type CustomerField = 'customer_name' | 'customer_phone' | 'customer_email' | 'customer_address';
export const CUSTOMER_FIELDS: {
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

export function CustomerSection({
  customer,
  onChange,
  errors,
  clearError,
}: FieldErrors & {
  customer: Record<CustomerField, string>;
  onChange: (field: CustomerField, value: string) => void;
}) {
  const t = useT();
  return (
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
              onChange(field, e.target.value);
              clearError(field);
            }}
            error={!!errors[field]}
            helperText={errors[field]}
            slotProps={{ htmlInput: { 'data-testid': `edit-${field}` } }}
          />
        ))}
      </Box>
    </Box>
  );
}

let lineCounter = 0;

/** One line being edited: name, quantity, unit price, its total and its delete button. */
function LineRow({
  line,
  index,
  onChange,
  onDelete,
  errors,
  clearError,
}: FieldErrors & {
  line: LineDraft;
  index: number;
  onChange: (patch: Partial<LineDraft>) => void;
  onDelete: () => void;
}) {
  const t = useT();
  const lineTotal = draftTotalKurus(line);
  return (
    <Stack
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
          onChange({ product_name: e.target.value });
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
          onChange({ quantity: text });
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
          onChange({ unit_price: text });
          clearError(`items.${index}.unit_price`);
        }}
        errorText={errors[`items.${index}.unit_price`]}
        sx={{ flex: 1, minWidth: 110 }}
        testId="edit-line-price"
      />
      <Typography variant="body2" sx={{ minWidth: 110, pt: { sm: 1 }, textAlign: { sm: 'right' } }}>
        {lineTotal === null ? '—' : formatTL(lineTotal)}
      </Typography>
      <IconButton
        aria-label={t('deleteLine')}
        onClick={() => {
          onDelete();
          clearError('items');
        }}
      >
        <DeleteOutline />
      </IconButton>
    </Stack>
  );
}

/**
 * The order's lines: each editable, deletable, and a new one added blank (quantity 1); the total
 * of all of them ('—' while a number cannot be read). A renamed line is no longer the catalogue
 * product it started from — unless it is renamed back (`originals`: the order's line each draft
 * started from).
 */
export function LinesSection({
  lines,
  setLines,
  originals,
  total,
  errors,
  clearError,
}: FieldErrors & {
  lines: LineDraft[];
  setLines: (change: (all: LineDraft[]) => LineDraft[]) => void;
  originals: ReadonlyMap<string, LocalOrder['items'][number] | undefined>;
  total: number | null;
}) {
  const t = useT();
  const updateLine = (key: string, patch: Partial<LineDraft>) => {
    setLines((all) => all.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  };
  return (
    <Box>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {t('products')}
      </Typography>
      <Stack spacing={1.5}>
        {lines.map((line, index) => (
          <LineRow
            key={line.key}
            line={line}
            index={index}
            onChange={(patch) => {
              const original = originals.get(line.key);
              updateLine(
                line.key,
                patch.product_name === undefined
                  ? patch
                  : {
                      ...patch,
                      // A renamed line is no longer that catalogue product.
                      product_id:
                        original && patch.product_name === original.product_name ? original.product_id : null,
                    },
              );
            }}
            onDelete={() => setLines((all) => all.filter((l) => l.key !== line.key))}
            errors={errors}
            clearError={clearError}
          />
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
  );
}

/** The notes and the vehicle plate, side by side where both may be edited. */
export function NotesSection({
  notes,
  setNotes,
  plate,
  setPlate,
  canNotes,
  canVehicle,
  errors,
  clearError,
}: FieldErrors & {
  notes: string;
  setNotes: (value: string) => void;
  plate: string;
  setPlate: (value: string) => void;
  canNotes: boolean;
  canVehicle: boolean;
}) {
  const t = useT();
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: canVehicle ? '2fr 1fr' : '1fr' },
      }}
    >
      {canNotes ? (
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
      {canVehicle ? (
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
  );
}

/**
 * The status change the machine allows (blocked moves shown disabled, with their reason), and its
 * note — required where the move asks for one.
 */
export function StatusSection({
  status,
  actions,
  nextStatus,
  setNextStatus,
  statusNotes,
  setStatusNotes,
  notesRequired,
  errors,
  clearError,
}: FieldErrors & {
  status: OrderStatus;
  actions: readonly StatusAction[];
  nextStatus: ProducedStatus | '';
  setNextStatus: (value: ProducedStatus | '') => void;
  statusNotes: string;
  setStatusNotes: (value: string) => void;
  notesRequired: boolean;
}) {
  const t = useT();
  return (
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
          renderValue={(value) => statusLabel((value as string) || status)}
          data-testid="edit-status"
        >
          <MenuItem value="">{t('noChange', { status: statusLabel(status) })}</MenuItem>
          {actions.map((a) => (
            <MenuItem key={a.to} value={a.to} disabled={a.blocked !== null}>
              {statusLabel(a.to)} ({a.label}){a.blocked ? ` — ${a.blocked}` : ''}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      {nextStatus ? (
        <TextField
          label={notesRequired ? t('statusExplanation') : t('statusNoteOptional')}
          required={notesRequired}
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
  );
}
