import Save from '@mui/icons-material/SaveOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { type CreateOrderBody, createOrderBody, ORDER_MESSAGES } from '../../shared/api/orders';
import { ORDER_CREATED_REDIRECT_MS } from '../../shared/domain/constants';
import { overStockLine } from '../../shared/domain/order-lines';
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
import { productStock } from '../shared-ui/product-price';
import { useUi } from '../state/ui';
import { type DraftLine, draftLinesToItems, OrderLinesEditor } from './order-lines-editor';

interface CustomerFields {
  customer_id: string | null;
  customer_name: string;
  customer_phone: string;
  customer_email: string;
  customer_address: string;
}

const EMPTY_CUSTOMER: CustomerFields = {
  customer_id: null,
  customer_name: '',
  customer_phone: '',
  customer_email: '',
  customer_address: '',
};

/**
 * /create-order: a customer (picked from the local customers, which
 * fills name, phone, email and address — or typed), product lines, notes, submit.
 *
 * Works offline: the order is created in the local store through the outbox (createOrderAction),
 * shows at once with a pending 'GEÇİCİ-…' number and is sent — exactly once, under the UUID made
 * here — when the device is online. "Success" therefore means "saved on this device and queued";
 * a later refusal by the server appears in the sync panel.
 */
export default function CreateOrderPage() {
  const t = useT();
  const navigate = useNavigate();
  const showError = useUi((s) => s.showError);
  const { store } = useLocalStore();
  const online = useOnline();
  const customers = useCustomers();
  const products = useProducts();
  const [customer, setCustomer] = useState<CustomerFields>(EMPTY_CUSTOMER);
  const [picked, setPicked] = useState<LocalCustomer | null>(null);
  const [lines, setLines] = useState<DraftLine[]>([]);
  const [notes, setNotes] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [created, setCreated] = useState(false);
  const redirect = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (redirect.current) clearTimeout(redirect.current);
    },
    [],
  );

  const setField = (field: keyof CustomerFields) => (value: string) =>
    setCustomer((c) => ({ ...c, [field]: value }));

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (submitting || created) return;
    // An order needs a customer name and at least one item, with one message for both.
    if (!customer.customer_name.trim() || lines.length === 0) {
      showError(t('om_customerAndItemsRequired'));
      return;
    }
    // The shared stock cap, checked again on the live stock (a sync may have lowered it since the
    // lines were added).
    const over = overStockLine(lines, (id) => {
      const known = products?.find((p) => p.id === id);
      return known ? productStock(known) : null;
    });
    if (over) {
      showError(t('prod_overStock', { name: over.product_name, n: over.available }));
      return;
    }
    const input: CreateOrderBody = {
      customer_id: customer.customer_id,
      customer_name: customer.customer_name,
      customer_phone: customer.customer_phone,
      customer_email: customer.customer_email,
      customer_address: customer.customer_address,
      items: draftLinesToItems(lines),
      notes,
    };
    // The server's contract, checked here too (e.g. an email typed by hand): an order queued
    // offline that the server would refuse is better caught while the user is still on the form.
    const check = createOrderBody.safeParse(input);
    if (!check.success) {
      showError(check.error.issues[0]?.message ?? ORDER_MESSAGES.customerAndItemsRequired);
      return;
    }
    setSubmitting(true);
    const order = await createOrderAction(input, t('orderCreatedExcl'));
    setSubmitting(false);
    if (!order) return;
    setCreated(true);
    redirect.current = setTimeout(() => navigate('/orders'), ORDER_CREATED_REDIRECT_MS);
  };

  const locked = submitting || created || !store;

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} data-testid="create-order-form">
      {online ? null : (
        <Alert severity="info" data-testid="offline-note">
          {t('offlineOrderSaved')}
        </Alert>
      )}

      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" sx={{ mb: 2 }}>
          {t('customerInfo')}
        </Typography>
        <Stack spacing={2}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ alignItems: { sm: 'flex-start' } }}
          >
            <Autocomplete<LocalCustomer, false, false, true>
              sx={{ flex: 1 }}
              freeSolo
              options={customers ?? []}
              loading={customers === undefined}
              value={picked}
              inputValue={customer.customer_name}
              disabled={locked}
              filterOptions={(options, state) => filterCustomers(options, state.inputValue)}
              getOptionLabel={(option) => (typeof option === 'string' ? option : customerDisplayName(option))}
              isOptionEqualToValue={(option, value) => typeof value !== 'string' && option.id === value.id}
              onChange={(_event, value) => {
                if (value && typeof value !== 'string') {
                  setPicked(value);
                  setCustomer(customerOrderFields(value));
                } else {
                  setPicked(null);
                  setCustomer((c) => ({ ...c, customer_id: null, customer_name: value ?? '' }));
                }
              }}
              onInputChange={(_event, value, reason) => {
                if (reason === 'reset') return; // a pick already filled the fields
                // A name typed over a picked customer is a new, unlisted customer.
                setCustomer((c) =>
                  picked && value !== customerDisplayName(picked)
                    ? { ...c, customer_id: null, customer_name: value }
                    : { ...c, customer_name: value },
                );
                if (picked && value !== customerDisplayName(picked)) setPicked(null);
              }}
              renderOption={(props, option) => {
                const { key, ...rest } = props;
                return <CustomerOption key={key} {...rest} customer={option} />;
              }}
              renderInput={(params) => (
                <TextField
                  {...params}
                  required
                  size="small"
                  label={t('customerName')}
                  helperText={
                    customers && customers.length === 0 ? t('noCustomersOnDevice') : t('pickOrTypeCustomer')
                  }
                  slotProps={{
                    ...params.slotProps,
                    htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'customer-name' },
                  }}
                />
              )}
            />
            {!locked && (
              <NewCustomerButton
                initialName={picked ? '' : customer.customer_name}
                onCreated={(created) => {
                  setPicked(created);
                  setCustomer(customerOrderFields(created));
                }}
              />
            )}
          </Stack>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <TextField
              size="small"
              label={t('phone')}
              value={customer.customer_phone}
              disabled={locked}
              onChange={(e) => setField('customer_phone')(e.target.value)}
              sx={{ flex: 1 }}
              slotProps={{ htmlInput: { 'data-testid': 'customer-phone', inputMode: 'tel' } }}
            />
            <TextField
              size="small"
              type="email"
              label={t('email')}
              value={customer.customer_email}
              disabled={locked}
              onChange={(e) => setField('customer_email')(e.target.value)}
              sx={{ flex: 1 }}
              slotProps={{ htmlInput: { 'data-testid': 'customer-email' } }}
            />
          </Stack>
          <TextField
            size="small"
            required
            multiline
            minRows={2}
            label={t('address')}
            value={customer.customer_address}
            disabled={locked}
            onChange={(e) => setField('customer_address')(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'customer-address' } }}
          />
        </Stack>
      </Paper>

      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" sx={{ mb: 2 }}>
          {t('products')}
        </Typography>
        <OrderLinesEditor lines={lines} onChange={setLines} products={products} disabled={locked} />
      </Paper>

      <Paper variant="outlined" sx={{ p: 2 }}>
        <TextField
          fullWidth
          multiline
          minRows={3}
          label={t('notes')}
          value={notes}
          disabled={locked}
          onChange={(e) => setNotes(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'order-notes' } }}
        />
      </Paper>

      <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
        <Button variant="outlined" onClick={() => navigate('/orders')} disabled={submitting}>
          {t('cancelPlain')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          startIcon={<Save />}
          disabled={lines.length === 0 || locked}
          data-testid="submit-order"
        >
          {submitting ? t('creating') : t('createOrder')}
        </Button>
      </Stack>
    </Stack>
  );
}
