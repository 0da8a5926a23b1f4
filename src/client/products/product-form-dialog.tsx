import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useLayoutEffect, useRef, useState } from 'react';
import type { Product } from '../../shared/api/entities';
import type { OutboxEntry } from '../local/database';
import { uuid } from '../local/outbox';
import { discardEntry, getLocalStore } from '../local/store';
import { useFieldErrors } from '../shared-ui/field-errors';
import { useT } from '../shared-ui/i18n';
import { EntityFormDialog } from '../shared-ui/kit/entity-form-dialog';
import { failureText, outcomeText, settleLocalAction } from '../shared-ui/local-action';
import { useOnline } from '../shared-ui/local-store';
import { useUi } from '../state/ui';
import { createProduct, updateProduct } from './mutations';
import {
  checkCreate,
  checkEdit,
  emptyForm,
  FIELD_LABEL_KEYS,
  type FieldError,
  type FormField,
  formFromProduct,
  type ProductForm,
  refusalField,
} from './product-form';
import { ProductFormFields } from './product-form-fields';
import { ProductImageField } from './product-image-field';

/**
 * Add and edit a product (admin). The form's rules are the request's own schema (product-form.ts);
 * an error shows under its field and clears as soon as the field is edited. Saving applies the
 * product to the device's mirror and queues it in the outbox (offline too); while online the
 * dialog waits for the server's answer, so a refusal that names a field (a product code or barcode
 * another product has: 409) shows under it, and an edit refused because someone changed the
 * product since the dialog was opened (it names that version, `expected_version`) shows the
 * product as it is now. Offline the change waits on the device and the dialog says so.
 * The stock is typed only when the product is created (its opening stock); an edit shows it
 * read-only — stock moves through the inventory screen's ledger.
 */
export function ProductFormDialog({
  open,
  product,
  onClose,
}: {
  open: boolean;
  /** The product to edit (the version the dialog was opened on), or null to add one. */
  product: Product | null;
  onClose: () => void;
}) {
  const t = useT();
  const online = useOnline();
  const ui = useUi();
  const [form, setForm] = useState<ProductForm>(emptyForm);
  const { errors, setErrors, edited } = useFieldErrors<FormField, FieldError>();
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [conflict, setConflict] = useState(false);
  /** The version the user is editing: the opened one, then the server's after a conflict. */
  const [seen, setSeen] = useState<Product | null>(product);
  const firstField = useRef<HTMLInputElement>(null);

  // A layout effect: the form is emptied (or filled) on opening in the same task as the dialog's
  // first render, before the browser handles a key. As an ordinary effect it could run after the
  // first keys typed into the new dialog (a quick typist, a wedge scanner, a busy phone) and
  // wipe them.
  useLayoutEffect(() => {
    if (!open) return;
    setForm(product ? formFromProduct(product) : emptyForm());
    setSeen(product);
    setErrors({});
    setConflict(false);
  }, [open, product, setErrors]);

  const set =
    <F extends FormField>(field: F) =>
    (value: ProductForm[F]) => {
      setForm((f) => ({ ...f, [field]: value }));
      edited(field);
    };

  const errorText = (field: FormField): string | null => {
    const error = errors[field];
    return error ? t(error.key, { ...error.params, label: t(FIELD_LABEL_KEYS[field]) }) : null;
  };

  const editing = !!seen;

  /**
   * Saves through the outbox and says what came of it by the one rule (shared-ui/local-action.ts);
   * a refusal is shown where it belongs — under its field, or as the conflict with the product as
   * it is now — and its entry leaves the outbox (the user corrects and saves again). True when the
   * dialog may close.
   */
  const saveAndSettle = async (save: () => Promise<OutboxEntry>, success: string): Promise<boolean> => {
    const outcome = await settleLocalAction(save);
    if (outcome.state === 'error') {
      console.error(outcome.error);
      ui.showError(failureText(outcome, t(editing ? 'prod_updateError' : 'prod_createError')));
      return false;
    }
    if (outcome.state !== 'refused') {
      ui.showSuccess(outcomeText(outcome, success));
      return true;
    }
    const { entry } = outcome;
    await discardEntry(entry.id);
    if (
      entry.code === 'CONFLICT' &&
      seen &&
      entry.http_status === 409 &&
      !refusalField(entry.error, entry.field)
    ) {
      const now = await getLocalStore()?.db.products.get(seen.id);
      if (now) {
        setSeen(now);
        setForm(formFromProduct(now));
      }
      setConflict(true);
      return false;
    }
    const field = refusalField(entry.error, entry.field);
    if (field) setErrors((e) => ({ ...e, [field.field]: field.error }));
    else ui.showError(entry.error ?? t(editing ? 'prod_updateError' : 'prod_createError'));
    return false;
  };

  const save = async () => {
    if (busy || uploading) return;
    setConflict(false);
    try {
      if (seen) {
        const check = checkEdit(form, seen);
        if (!check.ok) {
          setErrors(check.errors);
          return;
        }
        if (Object.keys(check.changed).length === 0) {
          onClose();
          return;
        }
        setBusy(true);
        const saved = await saveAndSettle(
          () => updateProduct(seen.id, check.changed, seen.version),
          t('prod_updated'),
        );
        if (saved) onClose();
      } else {
        const check = checkCreate(form, uuid());
        if (!check.ok) {
          setErrors(check.errors);
          return;
        }
        setBusy(true);
        if (await saveAndSettle(() => createProduct(check.body), t('prod_created'))) onClose();
      }
    } finally {
      setBusy(false);
    }
  };

  const locked = busy;
  return (
    <EntityFormDialog
      open={open}
      title={t(editing ? 'prod_editTitle' : 'prod_addTitle')}
      busy={busy}
      onClose={onClose}
      onSubmit={() => void save()}
      submitLabel={t(editing ? 'prod_save' : 'prod_create')}
      submitTestId="product-save"
      submitDisabled={uploading}
      conflict={conflict ? { text: t('prod_conflict'), testId: 'product-conflict' } : null}
      testId="product-form-dialog"
      maxWidth="md"
      dividers
      onEntered={() => firstField.current?.focus()}
    >
      {online ? null : (
        <Alert severity="info" data-testid="product-offline-note">
          {t('prod_offlineNote')}
        </Alert>
      )}
      <ProductFormFields
        form={form}
        set={set}
        errorText={errorText}
        locked={locked}
        editing={editing}
        firstField={firstField}
      />
      <ProductImageField
        url={form.image_url}
        name={form.name}
        onChange={set('image_url')}
        onUploading={setUploading}
        error={errorText('image_url')}
        disabled={locked}
      />
      {busy ? (
        <Typography variant="body2" color="text.secondary" role="status">
          {t('prod_saving')}
        </Typography>
      ) : null}
    </EntityFormDialog>
  );
}
