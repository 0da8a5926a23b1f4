import type { InvoiceSellerField } from '../../shared/domain/invoice-seller';
import { type MessageKey, t } from './i18n';

const FIELD_KEYS: Record<InvoiceSellerField, MessageKey> = {
  legal_name: 'invc_field_legal_name',
  tax_number: 'invc_field_tax_number',
  tax_office: 'invc_field_tax_office',
};

/** A company field an invoice prints, in the reader's language (a name it does not know as it is). */
export function sellerFieldText(field: string): string {
  const key = FIELD_KEYS[field as InvoiceSellerField];
  return key ? t(key) : field;
}

/** 'Vergi No, Vergi Dairesi' in the reader's language. */
export function sellerFieldsText(missing: readonly string[]): string {
  return missing.map(sellerFieldText).join(', ');
}
