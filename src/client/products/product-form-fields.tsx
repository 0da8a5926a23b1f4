import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { RefObject } from 'react';
import { PRODUCT_LIMITS, PRODUCT_STATUSES, PRODUCT_UNITS } from '../../shared/api/products';
import { KDV_RATES } from '../../shared/domain/invoice';
import { unitLabel, useT } from '../shared-ui/i18n';
import { NumberField } from '../shared-ui/number-field';
import { statusKey } from './product-chips';
import { FIELD_LABEL_KEYS, type FormField, type ProductForm } from './product-form';
import { ProductListField } from './product-list-field';

/**
 * The fields of the product dialog (product-form-dialog.tsx), as typed: what the product is
 * (name, code, prices, barcode, category, brand), then how it is sold and stocked (unit, KDV,
 * minimum and current stock, status, tags), then its description. Each shows its error under it;
 * the dialog keeps the form, checks it and saves it. The stock is typed only for a new product
 * (its opening stock); an edit shows it read-only.
 */
export interface ProductFieldsProps {
  form: ProductForm;
  /** The setter of one field (it also clears that field's error). */
  set: <F extends FormField>(field: F) => (value: ProductForm[F]) => void;
  /** The field's error in words, or null. */
  errorText: (field: FormField) => string | null;
  /** Nothing can be changed while the product is being saved. */
  locked: boolean;
  editing: boolean;
  /** The name field, focused when the dialog opens. */
  firstField: RefObject<HTMLInputElement | null>;
}

export function ProductFormFields(props: ProductFieldsProps) {
  const t = useT();
  const { form, set, errorText, locked } = props;
  return (
    <>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <WhatFields {...props} />
        <StockFields {...props} />
      </Box>
      <TextField
        size="small"
        multiline
        minRows={2}
        label={t('prod_fDescription')}
        value={form.description}
        onChange={(e) => set('description')(e.target.value)}
        error={!!errorText('description')}
        helperText={errorText('description')}
        disabled={locked}
        slotProps={{
          htmlInput: { maxLength: PRODUCT_LIMITS.descriptionMax, 'data-testid': 'product-description' },
        }}
      />
    </>
  );
}

/** Name, code, the three prices, barcode, category and brand. */
function WhatFields({ form, set, errorText, locked, firstField }: ProductFieldsProps) {
  const t = useT();
  const money = (field: 'selling_price' | 'cost_price' | 'discounted_price', required: boolean) => (
    <NumberField
      kind="money"
      size="small"
      fullWidth
      required={required}
      label={t(FIELD_LABEL_KEYS[field])}
      value={form[field]}
      onChange={set(field)}
      max={PRODUCT_LIMITS.maxPriceKurus}
      errorText={errorText(field)}
      disabled={locked}
      testId={`product-${field.replace('_', '-')}`}
    />
  );

  return (
    <>
      <TextField
        size="small"
        required
        label={t('prod_fName')}
        value={form.name}
        onChange={(e) => set('name')(e.target.value)}
        error={!!errorText('name')}
        helperText={errorText('name')}
        disabled={locked}
        inputRef={firstField}
        slotProps={{ htmlInput: { maxLength: PRODUCT_LIMITS.nameMax, 'data-testid': 'product-name' } }}
      />
      <TextField
        size="small"
        required
        label={t('prod_fCode')}
        value={form.product_code}
        onChange={(e) => set('product_code')(e.target.value)}
        error={!!errorText('product_code')}
        helperText={errorText('product_code')}
        disabled={locked}
        slotProps={{ htmlInput: { maxLength: PRODUCT_LIMITS.codeMax, 'data-testid': 'product-code' } }}
      />
      {money('selling_price', true)}
      {money('cost_price', true)}
      {money('discounted_price', false)}
      <TextField
        size="small"
        label={t('prod_fBarcode')}
        value={form.barcode}
        onChange={(e) => set('barcode')(e.target.value)}
        error={!!errorText('barcode')}
        helperText={errorText('barcode')}
        disabled={locked}
        slotProps={{
          htmlInput: { maxLength: 14, inputMode: 'numeric', 'data-testid': 'product-barcode' },
        }}
      />
      <ProductListField
        kind="category"
        value={form.category}
        onChange={set('category')}
        error={errorText('category')}
        disabled={locked}
      />
      <ProductListField
        kind="brand"
        value={form.brand}
        onChange={set('brand')}
        error={errorText('brand')}
        disabled={locked}
      />
    </>
  );
}

/** Unit, KDV rate, minimum and current stock, status and tags. */
function StockFields({ form, set, errorText, locked, editing }: ProductFieldsProps) {
  const t = useT();
  return (
    <>
      <TextField
        select
        size="small"
        label={t('prod_fUnit')}
        value={form.unit}
        onChange={(e) => set('unit')(e.target.value)}
        error={!!errorText('unit')}
        helperText={errorText('unit')}
        disabled={locked}
        slotProps={{ htmlInput: { 'data-testid': 'product-unit' } }}
      >
        {PRODUCT_UNITS.map((unit) => (
          <MenuItem key={unit} value={unit}>
            {unitLabel(unit)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('prod_fVat')}
        value={form.vat_rate}
        onChange={(e) => set('vat_rate')(Number(e.target.value))}
        error={!!errorText('vat_rate')}
        helperText={errorText('vat_rate')}
        disabled={locked}
        slotProps={{ htmlInput: { 'data-testid': 'product-vat' } }}
      >
        {KDV_RATES.map((rate) => (
          <MenuItem key={rate} value={rate}>
            {t('prod_vatOption', { n: rate })}
          </MenuItem>
        ))}
      </TextField>
      <NumberField
        kind="quantity"
        size="small"
        required
        label={t('prod_fMinStock')}
        value={form.min_stock}
        onChange={set('min_stock')}
        max={PRODUCT_LIMITS.maxStock}
        errorText={errorText('min_stock')}
        disabled={locked}
        testId="product-min-stock"
      />
      {editing ? (
        <TextField
          size="small"
          label={t('prod_fCurrentStock')}
          value={form.current_stock}
          helperText={t('prod_stockReadOnly')}
          slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'product-current-stock' } }}
        />
      ) : (
        <NumberField
          kind="quantity"
          size="small"
          required
          label={t('prod_fCurrentStock')}
          value={form.current_stock}
          onChange={set('current_stock')}
          max={PRODUCT_LIMITS.maxStock}
          errorText={errorText('current_stock')}
          disabled={locked}
          testId="product-current-stock"
        />
      )}
      <TextField
        select
        size="small"
        label={t('prod_fStatus')}
        value={form.status}
        onChange={(e) => set('status')(e.target.value as ProductForm['status'])}
        disabled={locked}
        slotProps={{ htmlInput: { 'data-testid': 'product-status-field' } }}
      >
        {PRODUCT_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {t(statusKey(status))}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label={t('prod_fTags')}
        value={form.tags}
        onChange={(e) => set('tags')(e.target.value)}
        error={!!errorText('tags')}
        helperText={errorText('tags')}
        disabled={locked}
        slotProps={{ htmlInput: { maxLength: 900, 'data-testid': 'product-tags' } }}
      />
    </>
  );
}
