import {
  PAYMENT_DETAIL_LABELS,
  PAYMENT_DETAIL_LABELS_EN,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHOD_LABELS_EN,
  type PaymentDetailField,
  type PaymentMethod,
} from '../../../shared/domain/account';

/** A payment method's name in the chosen language (the domain's labels: one source for server and device). */
export const methodLabel = (method: PaymentMethod, english: boolean): string =>
  (english ? PAYMENT_METHOD_LABELS_EN : PAYMENT_METHOD_LABELS)[method];

/** A method detail's label (POS slip number, bank reference, …) in the chosen language. */
export const detailLabel = (field: PaymentDetailField, english: boolean): string =>
  (english ? PAYMENT_DETAIL_LABELS_EN : PAYMENT_DETAIL_LABELS)[field];
