import PersonAdd from '@mui/icons-material/PersonAdd';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import type { z } from 'zod';
import {
  CUSTOMER_EDIT_FIELDS,
  CUSTOMER_LIMITS,
  type CustomerEditField,
  createCustomerBody,
  isTurkishPhone,
  phoneKey,
  updateCustomerBody,
} from '../../shared/api/customers';
import { canWriteCustomers } from '../../shared/domain/customer-access';
import type { LocalCustomer, LocalDb } from '../local/database';
import { createCustomer, updateCustomer } from '../local/shared-mutations';
import { useSession } from '../state/session';
import { useFieldErrors } from './field-errors';
import { type MessageKey, useT } from './i18n';
import { EntityFormDialog } from './kit/entity-form-dialog';
import { runLocalAction } from './local-action';
import { useLocalDb } from './local-store';

/**
 * The customer form (create and edit), used by /customers and by the customer picker of
 * /create-order and /sales (so a salesperson offline can sign up a customer and sell to them at
 * once). It validates with the very schemas the server applies (src/shared/api/customers.ts) and
 * shows each field's error under it; an error clears as soon as its field is edited. A customer of
 * the local mirror with the same tax number or phone is shown before saving — a warning, not a
 * refusal. The save goes through the outbox (works offline).
 */

type Values = Record<CustomerEditField, string>;
type Errors = Partial<Record<CustomerEditField, string>>;

const LABELS: Record<CustomerEditField, MessageKey> = {
  full_name: 'cust_fullName',
  company_name: 'cust_companyName',
  phone: 'cust_phone',
  email: 'cust_email',
  address: 'cust_address',
  city: 'cust_city',
  tax_office: 'cust_taxOffice',
  tax_number: 'cust_taxNumber',
};

const MAX: Record<CustomerEditField, number> = {
  full_name: CUSTOMER_LIMITS.full_name.max,
  company_name: CUSTOMER_LIMITS.company_name,
  phone: CUSTOMER_LIMITS.phone,
  email: 254,
  address: CUSTOMER_LIMITS.address,
  city: CUSTOMER_LIMITS.city,
  tax_office: CUSTOMER_LIMITS.tax_office,
  tax_number: 20,
};

function valuesOf(customer: LocalCustomer | null, initialName: string): Values {
  const v = {} as Values;
  for (const f of CUSTOMER_EDIT_FIELDS) v[f] = (customer?.[f] as string | null | undefined) ?? '';
  if (!customer && initialName) v.full_name = initialName;
  return v;
}

type Translate = ReturnType<typeof useT>;

/** The schema's issue for a field, in the reader's language (the generic form rules' texts). */
function messageFor(field: CustomerEditField, value: string, issue: z.core.$ZodIssue, t: Translate): string {
  const label = t(LABELS[field]);
  const text = issue.message;
  if (field === 'full_name' && value.trim() === '') return t('cust_required', { label });
  if (/en az/.test(text)) return t('cust_tooShort', { label, n: CUSTOMER_LIMITS.full_name.min });
  if (/en fazla/.test(text)) return t('cust_tooLong', { label, n: MAX[field] });
  if (/geçersiz karakter/.test(text)) return t('cust_invalidChars', { label });
  if (field === 'email') return t('cust_emailInvalid');
  if (field === 'phone') return t('cust_phoneInvalid');
  if (field === 'tax_number') return t('cust_taxInvalid');
  return text;
}

export function validateCustomer(values: Values, editing: boolean, t: Translate): Errors {
  const schema = editing ? updateCustomerBody : createCustomerBody;
  const result = schema.safeParse(values);
  const errors: Errors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as CustomerEditField | undefined;
    if (!field || !(CUSTOMER_EDIT_FIELDS as readonly string[]).includes(field) || errors[field]) continue;
    errors[field] = messageFor(field, values[field], issue, t);
  }
  return errors;
}

/** Customers of the mirror with this tax number or phone (other than `selfId`). */
async function findLocalDuplicates(db: LocalDb, taxNumber: string, phone: string, selfId: string | null) {
  const tax = taxNumber.replace(/\s/g, '');
  const key = phone && isTurkishPhone(phone) ? phoneKey(phone) : '';
  if (tax.length < 10 && !key) return [];
  const byTax = tax.length >= 10 ? await db.customers.where('tax_number').equals(tax).toArray() : [];
  const byPhone = key
    ? await db.customers.filter((c) => !!c.phone && phoneKey(c.phone) === key).toArray()
    : [];
  const found = new Map<string, { customer: LocalCustomer; tax: boolean; phone: boolean }>();
  for (const c of byTax) found.set(c.id, { customer: c, tax: true, phone: false });
  for (const c of byPhone) {
    const hit = found.get(c.id);
    if (hit) hit.phone = true;
    else found.set(c.id, { customer: c, tax: false, phone: true });
  }
  found.delete(selfId ?? '');
  return [...found.values()].slice(0, 5);
}

export function CustomerDialog({
  open,
  customer,
  initialName = '',
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The customer to edit; null to create one. */
  customer: LocalCustomer | null;
  /** A name already typed (the picker's text) for a new customer. */
  initialName?: string;
  onClose: () => void;
  onSaved?: (customer: LocalCustomer) => void;
}) {
  const t = useT();
  const db = useLocalDb();
  const [values, setValues] = useState<Values>(() => valuesOf(customer, initialName));
  const { errors, setErrors, edited } = useFieldErrors<CustomerEditField>();
  const [busy, setBusy] = useState(false);
  const editing = customer !== null;
  const duplicates = useLiveQuery(
    async () => (db ? findLocalDuplicates(db, values.tax_number, values.phone, customer?.id ?? null) : []),
    [db, values.tax_number, values.phone, customer?.id],
  );

  const setField = (field: CustomerEditField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    edited(field);
  };

  const save = async () => {
    const found = validateCustomer(values, editing, t);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setBusy(true);
    if (customer) {
      const done = await runLocalAction(
        () => updateCustomer(customer.id, values),
        t('cust_updated'),
        t('cust_updateError'),
      );
      setBusy(false);
      if (done) onSaved?.(customer);
    } else {
      const created = await runLocalAction(
        () => createCustomer(values),
        t('cust_created'),
        t('cust_createError'),
      );
      setBusy(false);
      if (created) onSaved?.(created);
    }
  };

  const field = (
    name: CustomerEditField,
    extra: { multiline?: boolean; type?: string; inputMode?: string } = {},
  ) => (
    <TextField
      fullWidth
      size="small"
      label={t(LABELS[name])}
      value={values[name]}
      required={name === 'full_name'}
      autoFocus={name === 'full_name'}
      onChange={(e) => setField(name)(e.target.value)}
      error={!!errors[name]}
      helperText={errors[name] ?? (name === 'tax_number' ? t('cust_taxNumberHint') : undefined)}
      multiline={extra.multiline}
      minRows={extra.multiline ? 2 : undefined}
      type={extra.type}
      slotProps={{
        htmlInput: {
          'data-testid': `customer-field-${name}`,
          maxLength: MAX[name],
          ...(extra.inputMode ? { inputMode: extra.inputMode } : {}),
        },
      }}
    />
  );

  return (
    <EntityFormDialog
      open={open}
      title={t(editing ? 'cust_editTitle' : 'cust_createTitle')}
      busy={busy}
      onClose={onClose}
      onSubmit={() => void save()}
      submitLabel={t('cust_save')}
      submitTestId="customer-save"
      testId="customer-dialog"
      outside={
        duplicates && duplicates.length > 0 ? (
          <Alert severity="warning" sx={{ mt: 2 }} data-testid="customer-duplicates">
            <AlertTitle>{t('cust_duplicateTitle')}</AlertTitle>
            {duplicates.map((d) => (
              <div key={d.customer.id}>
                {t(d.tax ? 'cust_duplicateTax' : 'cust_duplicatePhone', {
                  name: d.customer.company_name || d.customer.full_name,
                  number: d.customer.customer_number,
                })}
              </div>
            ))}
            {t('cust_duplicateHint')}
          </Alert>
        ) : null
      }
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>{field('full_name')}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{field('company_name')}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{field('phone', { type: 'tel', inputMode: 'tel' })}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{field('email', { type: 'email', inputMode: 'email' })}</Grid>
        <Grid size={12}>{field('address', { multiline: true })}</Grid>
        <Grid size={{ xs: 12, sm: 4 }}>{field('city')}</Grid>
        <Grid size={{ xs: 12, sm: 4 }}>{field('tax_office')}</Grid>
        <Grid size={{ xs: 12, sm: 4 }}>{field('tax_number', { inputMode: 'numeric' })}</Grid>
      </Grid>
    </EntityFormDialog>
  );
}

/**
 * 'Yeni müşteri ekle' beside a customer picker (/create-order, /sales): opens the customer form
 * with the name typed so far and hands the created customer back, so the order can name it at
 * once — offline too (the order then waits in the outbox behind the customer's create). Shown only
 * to the roles that may create customers.
 */
export function NewCustomerButton({
  initialName,
  onCreated,
}: {
  initialName: string;
  onCreated: (customer: LocalCustomer) => void;
}) {
  const t = useT();
  const role = useSession((s) => s.user?.role);
  const [open, setOpen] = useState(false);
  if (!canWriteCustomers(role)) return null;
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<PersonAdd />}
        onClick={() => setOpen(true)}
        data-testid="customer-new"
        sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
      >
        {t('cust_addFromPicker')}
      </Button>
      {open && (
        <CustomerDialog
          open
          customer={null}
          initialName={initialName}
          onClose={() => setOpen(false)}
          onSaved={(c) => {
            setOpen(false);
            onCreated(c);
          }}
        />
      )}
    </>
  );
}
