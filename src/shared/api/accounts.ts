import { z } from 'zod';
import {
  AGEING_BUCKETS,
  isDay,
  MAX_ACCOUNT_AMOUNT_KURUS,
  MAX_DUE_DAYS,
  MOVEMENT_KINDS,
  PAYMENT_LIMITS,
  PAYMENT_METHODS,
  paymentRefusal,
} from '../domain/account';
import { STATEMENT_LIMITS } from '../domain/account-statement';
import { MAX_ORDER_TOTAL_TL, toKurus } from '../domain/money';
import { amountKurus, limitQuery, pageQuery, text, tlAmountInput, typeError } from './common';
import { required } from './errors';

/**
 * Customer accounts (cari hesap) and payments (tahsilat). The rules are in
 * shared/domain/account.ts (ledger, settlement, ageing, payment details, credit limits) and
 * account-access.ts (who may). Amounts on the wire are integer kuruş (`*_kurus`), as on invoices;
 * a payment's or a limit's amount is sent in TL under its name (`amount`, `credit_limit`) with an
 * optional exact `_kurus` companion. Days are 'YYYY-MM-DD' in the company's zone; instants UTC.
 */

export const ACCOUNT_MESSAGES = {
  customerNotFound: 'Müşteri bulunamadı',
  paymentNotFound: 'Tahsilat bulunamadı',
  userNotFound: 'Kullanıcı bulunamadı',
  cannotView: 'Bu müşterinin hesabını görüntüleme yetkiniz yok',
  cannotTakePayment: 'Bu müşteriden tahsilat alma yetkiniz yok',
  cannotReverse: 'Tahsilat iptal yetkiniz yok',
  cannotAdjust: 'Hesap düzeltme yetkiniz yok',
  cannotSetTerms: 'Vade ve risk limitini değiştirme yetkiniz yok',
  idTaken: 'Bu tahsilat kimliği başka bir kayıtta kullanılıyor',
  alreadyReversed: 'Bu tahsilat zaten iptal edilmiş',
  versionConflict: 'Bu kayıt siz görüntüledikten sonra başka bir kullanıcı tarafından değiştirildi',
  reasonRequired: `Neden en az ${PAYMENT_LIMITS.reasonMinLength} karakter olmalıdır`,
  invoiceNotOfCustomer: 'Seçilen fatura bu müşteriye ait değil',
  orderNotOfCustomer: 'Seçilen sipariş bu müşteriye ait değil',
  takenAtRange: 'Tahsilat zamanı geçerli değil (gelecekte ya da 1 yıldan eski olamaz)',
  /** 409 CREDIT_LIMIT: the figures of the refusal, in TL as people read them. */
  creditLimit: (f: {
    balance: string;
    open: string;
    order: string;
    exposure: string;
    limit: string;
    over: string;
  }) =>
    `Müşterinin risk limiti aşılıyor: bakiye ${f.balance} + onaylı açık siparişler ${f.open} + bu sipariş ${f.order} = ${f.exposure}; limit ${f.limit} (aşım ${f.over}).`,
  creditOverrideHint: 'Limiti aşarak onaylamak için bir neden yazınız.',
  cannotConfirmDayEnd: 'Gün sonu onaylama yetkiniz yok',
  dayEndExists: 'Bu kişinin bu günü zaten onaylanmış',
  dayEndNotField: 'Gün sonu yalnızca sürücü ve satış temsilcileri için onaylanır',
  dayEndFuture: 'Gelecekteki bir gün onaylanamaz',
  statementTooManyLines: `Bitiş tarihi: dönemde ${STATEMENT_LIMITS.maxLines.toLocaleString('tr-TR')} hareketten fazlası var; daha kısa bir dönem seçiniz`,
} as const;

const amountTexts = (label: string) => ({
  number: `${label} bir sayı olmalıdır`,
  min: `${label} 0’dan büyük olmalıdır`,
  max: `${label} çok büyük`,
  decimals: `${label} en fazla iki ondalık basamak içerebilir`,
});

const kurusCompanion = (label: string, min: number) =>
  z
    .number({ error: `${label} (kuruş) bir tam sayı olmalıdır` })
    .int({ error: `${label} (kuruş) bir tam sayı olmalıdır` })
    .min(min, `${label} (kuruş) çok küçük`)
    .max(MAX_ACCOUNT_AMOUNT_KURUS, `${label} (kuruş) çok büyük`)
    .optional();

const dayText = (label: string) =>
  z
    .string({ error: typeError(required(label), `${label}: YYYY-AA-GG biçiminde bir tarih giriniz`) })
    .refine(isDay, `${label}: YYYY-AA-GG biçiminde geçerli bir tarih giriniz`);

const detail = (label: string) => text(label, PAYMENT_LIMITS.detailMaxLength).nullish();

// ----------------------------------------------------------------------------- wire shapes ---

export const ageingSchema = z.object(
  Object.fromEntries(AGEING_BUCKETS.map((b) => [b, z.number().int()])) as Record<
    (typeof AGEING_BUCKETS)[number],
    z.ZodNumber
  >,
);

/** GET /customers/{id}/account: the account's figures as of today in the company's zone. */
export const accountSchema = z.object({
  customer_id: z.string(),
  customer_name: z.string(),
  balance_kurus: z.number().int(),
  due_days: z.number().int(),
  credit_limit_kurus: z.number().int().nullable(),
  /** Approved orders not yet invoiced: the exposure the limit counts besides the balance. */
  open_orders_kurus: z.number().int(),
  ageing: ageingSchema,
  overdue_kurus: z.number().int(),
  unapplied_kurus: z.number().int(),
  /** Cheques and notes taken and not yet collected or returned. */
  portfolio_kurus: z.number().int(),
  movement_count: z.number().int(),
  last_movement_at: z.string().nullable(),
  /** The company's day the ageing was counted on. */
  today: z.string(),
  /** The terms' version, named by a terms edit. */
  terms_version: z.number().int(),
});
export type Account = z.infer<typeof accountSchema>;

export const movementSchema = z.object({
  id: z.string(),
  seq: z.number().int(),
  kind: z.enum(MOVEMENT_KINDS),
  amount_kurus: z.number().int(),
  balance_after_kurus: z.number().int(),
  day: z.string(),
  due_day: z.string().nullable(),
  invoice_id: z.string().nullable(),
  payment_id: z.string().nullable(),
  reverses: z.string().nullable(),
  description: z.string(),
  reason: z.string().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
});
export type Movement = z.infer<typeof movementSchema>;

const pagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  totalDocs: z.number().int(),
  totalPages: z.number().int(),
});

export const movementListQuery = z.object({
  page: pageQuery.optional(),
  limit: limitQuery(50, 200).optional(),
});
export const movementListResponse = z.object({ data: z.array(movementSchema), pagination });
export type MovementListResponse = z.infer<typeof movementListResponse>;

export const DOCUMENT_STATUSES = ['portfolio', 'collected', 'returned'] as const;

export const paymentSchema = z.object({
  id: z.string(),
  customer_id: z.string(),
  customer_name: z.string(),
  order_id: z.string().nullable(),
  method: z.enum(PAYMENT_METHODS),
  amount_kurus: z.number().int(),
  /** Assigned by the server; a device shows 'Numara bekleniyor' until its payment is acknowledged. */
  receipt_number: z.string(),
  pos_slip_number: z.string().nullable(),
  bank_reference: z.string().nullable(),
  document_number: z.string().nullable(),
  bank_name: z.string().nullable(),
  drawer_name: z.string().nullable(),
  document_due_day: z.string().nullable(),
  document_status: z.enum(DOCUMENT_STATUSES).nullable(),
  applies_to: z.array(z.string()),
  note: z.string().nullable(),
  taken_by: z.string(),
  taken_by_name: z.string(),
  taken_at: z.string(),
  day: z.string(),
  received_at: z.string(),
  reversed_at: z.string().nullable(),
  reversed_by_name: z.string().nullable(),
  reverse_reason: z.string().nullable(),
  /** The version a reversal names. */
  version: z.number().int(),
});
export type Payment = z.infer<typeof paymentSchema>;

/**
 * A customer's account as the sync feed carries it to a device, keyed by the customer's id: the
 * running figures the server keeps with the ledger (balance, what is still unpaid of each debit
 * with its due day, unapplied credit, cheques in the portfolio) and the terms. The device ages it
 * on its own day (shared/domain/account.ts ageingOfItems), offline, without the ledger.
 */
export const syncedAccountSchema = z.object({
  /** The customer's id. */
  id: z.string(),
  balance_kurus: z.number().int(),
  due_days: z.number().int(),
  credit_limit_kurus: z.number().int().nullable(),
  open_items: z.array(z.object({ id: z.string(), due_day: z.string(), open_kurus: z.number().int() })),
  unapplied_kurus: z.number().int(),
  portfolio_kurus: z.number().int(),
  /** The latest payments it counts (newest last; shared/domain/account.ts RECENT_PAYMENTS_KEPT). */
  recent_payment_ids: z.array(z.string()),
  movement_count: z.number().int(),
  last_movement_at: z.string().nullable(),
  terms_version: z.number().int(),
  updated_at: z.string(),
});
export type SyncedAccount = z.infer<typeof syncedAccountSchema>;

// --------------------------------------------------------------------------- POST /payments ---

/**
 * A payment taken (at the door or in the office). The device makes `id` (a replay or a second
 * send of the same id answers the first payment) and says when it was taken (`taken_at`, its own
 * clock). The amount in TL (`amount`) or exact kuruş (`amount_kurus`); each method's details by
 * its rule (shared/domain/account.ts paymentRefusal), refused naming the field by its label.
 */
export const createPaymentBody = z
  .object({
    id: z.uuid({ error: typeError(required('Tahsilat kimliği'), 'Tahsilat kimliği geçersiz') }),
    customer_id: z.uuid({ error: typeError(required('Müşteri'), 'Müşteri geçersiz') }),
    order_id: z.uuid({ error: 'Sipariş geçersiz' }).nullish(),
    method: z.enum(PAYMENT_METHODS, {
      error: typeError(required('Ödeme Yöntemi'), 'Ödeme Yöntemi geçerli değil.'),
    }),
    amount: tlAmountInput(amountTexts('Tutar'), {
      min: 0,
      minExclusive: true,
      max: MAX_ORDER_TOTAL_TL,
    }).optional(),
    amount_kurus: kurusCompanion('Tutar', 1),
    pos_slip_number: detail('POS Slip No'),
    bank_reference: detail('Banka Referansı'),
    document_number: detail('Belge No'),
    bank_name: detail('Banka'),
    drawer_name: detail('Keşideci'),
    document_due_day: dayText('Vade Tarihi').nullish(),
    applies_to: z
      .array(z.uuid({ error: 'Fatura geçersiz' }), { error: 'Faturalar bir liste olmalıdır' })
      .max(PAYMENT_LIMITS.maxAppliesTo, `En fazla ${PAYMENT_LIMITS.maxAppliesTo} fatura seçilebilir`)
      .optional(),
    note: text('Not', PAYMENT_LIMITS.noteMaxLength, { multiline: true }).nullish(),
    taken_at: z.iso.datetime({
      offset: true,
      error: typeError(required('Tahsilat zamanı'), 'Tahsilat zamanı geçerli bir zaman olmalıdır'),
    }),
  })
  .superRefine((body, ctx) => {
    const kurus = amountKurus(body, { tl: 'amount', kurus: 'amount_kurus', label: 'Tutar' }, ctx);
    if (kurus === false) return;
    if (kurus === undefined || kurus === null) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: required('Tutar') });
      return;
    }
    // The details' rule, with the payment's own day (the document's due day is checked against it).
    const refusal = paymentRefusal({
      ...body,
      amount_kurus: kurus,
      day: body.taken_at.slice(0, 10),
    });
    if (refusal && refusal.field !== 'amount') {
      ctx.addIssue({ code: 'custom', path: [refusal.field], message: refusal.message });
    }
  });
export type CreatePaymentBody = z.input<typeof createPaymentBody>;

/** The kuruş a valid create body names. */
export const paymentAmountKurus = (body: {
  amount?: number | undefined;
  amount_kurus?: number | undefined;
}) => body.amount_kurus ?? toKurus(body.amount as number);

const reasonText = text('Neden', PAYMENT_LIMITS.reasonMaxLength, { multiline: true }).refine(
  (v) => v.trim().length >= PAYMENT_LIMITS.reasonMinLength,
  ACCOUNT_MESSAGES.reasonRequired,
);

/** POST /payments/{id}/reverse: a manager undoes a payment taken by mistake (or a bounced cheque). */
export const reversePaymentBody = z.object({
  reason: reasonText,
  /** A cheque or note that bounced (karşılıksız) rather than a mistake. */
  returned: z.boolean({ error: 'Karşılıksız bilgisi doğru/yanlış olmalıdır' }).optional(),
  expected_version: z
    .number({ error: required('Beklenen sürüm') })
    .int()
    .min(0),
});
export type ReversePaymentBody = z.input<typeof reversePaymentBody>;

/** GET /payments?customer_id&taken_by&from&to&page&limit (days in the company's zone, inclusive). */
export const paymentListQuery = z.object({
  customer_id: z.uuid({ error: 'Müşteri geçersiz' }).optional(),
  taken_by: z.uuid({ error: 'Tahsil eden geçersiz' }).optional(),
  from: dayText('Başlangıç tarihi').optional(),
  to: dayText('Bitiş tarihi').optional(),
  page: pageQuery.optional(),
  limit: limitQuery(50, 200).optional(),
});
export const paymentListResponse = z.object({ data: z.array(paymentSchema), pagination });
export type PaymentListResponse = z.infer<typeof paymentListResponse>;

/** GET /payments/{id}/receipt?size=a5|thermal (default A5). */
export const RECEIPT_SIZES = ['a5', 'thermal'] as const;
export const receiptQuery = z.object({
  size: z.enum(RECEIPT_SIZES, { error: 'Kâğıt boyutu a5 ya da thermal olmalıdır' }).optional(),
});

/**
 * GET /customers/{id}/account/statement/pdf and …/xlsx?from&to: the customer statement (hesap
 * ekstresi) of a period, days in the company's zone, both inclusive. Without `to` up to today,
 * without `from` from the first day of `to`'s month; at most STATEMENT_LIMITS.maxDays days
 * (shared/domain/account-statement.ts statementPeriod).
 */
export const statementQuery = z.object({
  from: dayText('Başlangıç tarihi').optional(),
  to: dayText('Bitiş tarihi').optional(),
});

// ------------------------------------------------------------- PUT /customers/{id}/account ---

/** The customer's payment terms and risk limit (admin, manager), naming the terms' version seen. */
export const updateAccountTermsBody = z
  .object({
    due_days: z
      .number({ error: typeError(required('Vade Günü'), 'Vade Günü bir tam sayı olmalıdır') })
      .int('Vade Günü bir tam sayı olmalıdır')
      .min(0, 'Vade Günü negatif olamaz')
      .max(MAX_DUE_DAYS, `Vade Günü en fazla ${MAX_DUE_DAYS} olabilir`),
    credit_limit: tlAmountInput(
      { ...amountTexts('Risk Limiti'), min: 'Risk Limiti negatif olamaz' },
      { min: 0, max: MAX_ORDER_TOTAL_TL },
    ).nullish(),
    credit_limit_kurus: kurusCompanion('Risk Limiti', 0).nullable(),
    expected_version: z
      .number({ error: required('Beklenen sürüm') })
      .int()
      .min(0),
  })
  .superRefine((body, ctx) => {
    amountKurus(body, { tl: 'credit_limit', kurus: 'credit_limit_kurus', label: 'Risk Limiti' }, ctx);
  });
export type UpdateAccountTermsBody = z.input<typeof updateAccountTermsBody>;

/** The limit a valid terms body names: null = no limit. */
export const termsLimitKurus = (body: {
  credit_limit?: number | null | undefined;
  credit_limit_kurus?: number | null | undefined;
}): number | null =>
  body.credit_limit_kurus !== undefined && body.credit_limit_kurus !== null
    ? body.credit_limit_kurus
    : body.credit_limit === undefined || body.credit_limit === null
      ? null
      : toKurus(body.credit_limit);

/** POST /customers/{id}/account/adjustments: an admin's opening balance or adjustment, signed, with a reason. */
export const accountAdjustmentBody = z.object({
  id: z.uuid({ error: typeError(required('Kayıt kimliği'), 'Kayıt kimliği geçersiz') }),
  kind: z.enum(['opening_balance', 'adjustment'], {
    error: typeError(required('Kayıt türü'), 'Kayıt türü geçersiz'),
  }),
  /** Signed kuruş: + the customer owes more, − less. */
  amount_kurus: z
    .number({ error: typeError(required('Tutar (kuruş)'), 'Tutar (kuruş) bir tam sayı olmalıdır') })
    .int('Tutar (kuruş) bir tam sayı olmalıdır')
    .min(-MAX_ACCOUNT_AMOUNT_KURUS, 'Tutar çok büyük')
    .max(MAX_ACCOUNT_AMOUNT_KURUS, 'Tutar çok büyük')
    .refine((v) => v !== 0, 'Tutar sıfır olamaz'),
  reason: reasonText,
});
export type AccountAdjustmentBody = z.input<typeof accountAdjustmentBody>;

// ------------------------------------------------------------------------------- day-end ---

const methodTotals = z.object(
  Object.fromEntries(PAYMENT_METHODS.map((m) => [m, z.number().int()])) as Record<
    (typeof PAYMENT_METHODS)[number],
    z.ZodNumber
  >,
);
export type MethodTotals = z.infer<typeof methodTotals>;

/** One person's collections of a day and the manager's confirmation of what they handed over. */
export const dayEndPersonSchema = z.object({
  user_id: z.string(),
  user_name: z.string(),
  role: z.string(),
  day: z.string(),
  /** Their payments of the day now (reversed ones left out), by method. */
  expected_kurus: methodTotals,
  expected_total_kurus: z.number().int(),
  payment_count: z.number().int(),
  confirmation: z
    .object({
      id: z.string(),
      /** What the payments added up to when it was confirmed. */
      expected_kurus: methodTotals,
      counted_kurus: methodTotals,
      /** Counted − expected, all methods: negative = short. */
      difference_kurus: z.number().int(),
      payment_count: z.number().int(),
      note: z.string().nullable(),
      confirmed_by_name: z.string(),
      confirmed_at: z.string(),
    })
    .nullable(),
  /** Collected after the confirmation (payments synced or reversed since): now − then. */
  after_confirmation_kurus: z.number().int(),
});
export type DayEndPerson = z.infer<typeof dayEndPersonSchema>;

/** GET /day-ends?day: the office sees everyone who collected (or was confirmed) that day; a field role itself. */
export const dayEndQuery = z.object({ day: dayText('Gün') });
export const dayEndResponse = z.object({ day: z.string(), people: z.array(dayEndPersonSchema) });
export type DayEndResponse = z.infer<typeof dayEndResponse>;

const countedAmount = (label: string) =>
  z
    .number({ error: typeError(required(label), `${label} (kuruş) bir tam sayı olmalıdır`) })
    .int(`${label} (kuruş) bir tam sayı olmalıdır`)
    .min(0, `${label} negatif olamaz`)
    .max(MAX_ACCOUNT_AMOUNT_KURUS, `${label} çok büyük`);

/** POST /day-ends: a manager confirms what one person handed over of one day (counted, by method). */
export const confirmDayEndBody = z.object({
  id: z.uuid({ error: typeError(required('Kayıt kimliği'), 'Kayıt kimliği geçersiz') }),
  user_id: z.uuid({ error: typeError(required('Teslim eden'), 'Teslim eden geçersiz') }),
  day: dayText('Gün'),
  counted_kurus: z.object(
    {
      cash: countedAmount('Sayılan nakit'),
      card: countedAmount('Kredi kartı'),
      transfer: countedAmount('Havale/EFT'),
      cheque: countedAmount('Teslim edilen çekler'),
      promissory_note: countedAmount('Teslim edilen senetler'),
    },
    { error: typeError(required('Sayılan tutarlar'), 'Sayılan tutarlar geçersiz') },
  ),
  note: text('Not', PAYMENT_LIMITS.noteMaxLength, { multiline: true }).nullish(),
});
export type ConfirmDayEndBody = z.input<typeof confirmDayEndBody>;
