import { z } from 'zod';
import {
  formatTL,
  hasAtMostTwoDecimals,
  MAX_ORDER_TOTAL_KURUS,
  MAX_ORDER_TOTAL_TL,
  MAX_UNIT_PRICE_TL,
  toKurus,
} from '../domain/money';
import { ORDER_STATUSES } from '../domain/order-status';
import { ROLES } from '../domain/roles';
import { amountKurus, emailText, limitQuery, pageQuery, text, tlAmountInput, typeError } from './common';
import { orderSummarySchema } from './entities';
import { notEditableText } from './field-labels';

/**
 * Contracts of the orders API. One zod schema per operation, used by the
 * Fastify route (validation + serialization) and by the client (the forms and the outbox bodies).
 * Every message names the field in Turkish; money on the wire is TL with at most two decimals and
 * is converted to integer kuruş on the server (src/shared/domain/money.ts).
 */

export { ORDER_MESSAGES } from './order-messages';

import { ORDER_MESSAGES } from './order-messages';

// ----------------------------------------------------------------------------- shared fields ---

// Every text goes through the shared `text` rule (src/shared/api/common.ts): trimmed, bounded,
// no control characters (multi-line fields may hold line breaks and tabs).

/** An optional text of a new record: absent, null or blank → null. */
const optionalText = (label: string, max: number, options: { multiline?: boolean } = {}) =>
  text(label, max, options)
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * An optional text of an EDIT (PUT): absent stays absent ("leave it as it is"), null or blank →
 * null ("clear it"). (`.nullish().transform()` would turn an absent key into null, i.e. "clear".)
 */
const patchText = <T extends z.ZodType<string>>(schema: T) =>
  schema
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v ? v : null));

const trNumber = new Intl.NumberFormat('tr-TR');
const MAX_TOTAL_TEXT = formatTL(MAX_ORDER_TOTAL_KURUS);

/**
 * A TL amount: a number > 0 with at most two decimals (stored as integer kuruş, so at least 1
 * kuruş — 1e-9 or 0.001 is refused here, never stored as a zero-kuruş line). The decimals check is
 * exact (src/shared/domain/money.ts), so no valid amount is refused for float drift.
 */
const unitPrice = tlAmountInput(
  {
    required: 'Birim fiyat gereklidir',
    number: 'Birim fiyat bir sayı olmalıdır',
    min: 'Birim fiyat 0’dan büyük olmalıdır',
    max: `Birim fiyat en fazla ${trNumber.format(MAX_UNIT_PRICE_TL)} olabilir`,
    decimals: 'Birim fiyat en fazla iki ondalık basamak içerebilir',
  },
  { min: 0, minExclusive: true, max: MAX_UNIT_PRICE_TL },
);

/**
 * An amount's optional exact companion in kuruş (`unit_price_kurus`, `total_amount_kurus`): when
 * sent with its TL field it must name the same amount (400 naming the TL field), so a client never
 * has one of two disagreeing figures silently taken.
 */
const kurusCompanion = (label: string, max: number) =>
  z
    .number({ error: `${label} (kuruş) bir tam sayı olmalıdır` })
    .int({ error: `${label} (kuruş) bir tam sayı olmalıdır` })
    .min(0, `${label} (kuruş) negatif olamaz`)
    .max(max, `${label} (kuruş) çok büyük`)
    .optional();

/** A line's total in kuruş, or undefined when its own fields are invalid (already reported). */
function lineKurus(line: { quantity: unknown; unit_price: unknown }): number | undefined {
  const { quantity, unit_price } = line;
  if (typeof quantity !== 'number' || !Number.isSafeInteger(quantity) || quantity < 1) return undefined;
  if (typeof unit_price !== 'number' || !(unit_price > 0 && unit_price <= MAX_UNIT_PRICE_TL))
    return undefined;
  if (!hasAtMostTwoDecimals(unit_price)) return undefined;
  return quantity * toKurus(unit_price);
}

export const orderItemInput = z
  .object({
    product_id: z.uuid({ error: 'Ürün kimliği geçersiz' }).nullish(),
    product_name: text('Ürün adı', 200, {
      typeMessage: 'Ürün adı gereklidir',
      min: 1,
      minMessage: 'Ürün adı gereklidir',
    }),
    quantity: z
      .number({ error: typeError('Miktar gereklidir', 'Miktar bir sayı olmalıdır') })
      .int({ error: 'Miktar tam sayı olmalıdır' })
      .min(1, 'Miktar en az 1 olmalıdır')
      .max(100_000, 'Miktar en fazla 100000 olabilir'),
    unit_price: unitPrice,
    unit_price_kurus: kurusCompanion('Birim fiyat', MAX_UNIT_PRICE_TL * 100),
  })
  .superRefine((line, ctx) => {
    amountKurus(line, { tl: 'unit_price', kurus: 'unit_price_kurus', label: 'Birim fiyat' }, ctx);
  });
export type OrderItemInput = z.infer<typeof orderItemInput>;

const items = z
  .array(orderItemInput, { error: ORDER_MESSAGES.customerAndItemsRequired })
  .min(1, ORDER_MESSAGES.customerAndItemsRequired)
  .max(200, 'Bir siparişte en fazla 200 kalem olabilir')
  // Each line (quantity × unit price) and their sum stay within MAX_ORDER_TOTAL_TL, so the
  // numeric(12,2) columns can never overflow (that was a 500). Checked here, before any SQL.
  .superRefine((lines, ctx) => {
    let total = 0;
    for (const [index, line] of lines.entries()) {
      const kurus = lineKurus(line);
      if (kurus === undefined) return;
      if (kurus > MAX_ORDER_TOTAL_KURUS) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'unit_price'],
          message: `Kalem tutarı (miktar × birim fiyat) en fazla ${MAX_TOTAL_TEXT} olabilir`,
        });
        return;
      }
      total += kurus;
    }
    if (total > MAX_ORDER_TOTAL_KURUS) {
      ctx.addIssue({
        code: 'custom',
        message: `Sipariş toplamı en fazla ${MAX_TOTAL_TEXT} olabilir`,
      });
    }
  });

const customerName = text('Müşteri adı', 200, {
  typeMessage: ORDER_MESSAGES.customerAndItemsRequired,
  min: 1,
  minMessage: ORDER_MESSAGES.customerAndItemsRequired,
});

const email = emailText('E-posta', { allowEmpty: true });
const customerEmail = email.nullish().transform((v) => (v ? v : null));

/**
 * The version of the record the user's device saw (its `version`, the server's change number of
 * the row): every edit of an existing record names it, so a queued edit never lands on a state
 * its user did not see (docs/architecture.md, "Every write names what its user saw").
 * Optional on the wire so that a plain API client can still edit unconditionally; our client
 * always sends it.
 */
export const expectedVersion = z
  .number({ error: 'Beklenen sürüm bir sayı olmalıdır' })
  .int({ error: 'Beklenen sürüm tam sayı olmalıdır' })
  .min(0, 'Beklenen sürüm negatif olamaz')
  .max(Number.MAX_SAFE_INTEGER, 'Beklenen sürüm çok büyük')
  .optional();

// ---------------------------------------------------------------------------- POST /orders ---

/**
 * POST /orders. `id` is optional: a client that creates the order offline makes the UUID itself,
 * so a replay (or a second device syncing the same outbox entry) creates it once; creating an id
 * that already exists with the same content is success (the existing order), with other content a
 * 409. `total_amount` is optional (the sales screen sends it): when present it must equal the sum
 * of the lines, computed in kuruş. The server assigns `order_number` (tenant prefix + sequence),
 * the salesperson (the caller) and the status pending_approval.
 */
export const createOrderBody = z
  .object({
    id: z.uuid({ error: 'Sipariş kimliği geçersiz' }).optional(),
    customer_id: z.uuid({ error: 'Müşteri kimliği geçersiz' }).nullish(),
    customer_name: customerName,
    customer_phone: optionalText('Telefon', 50),
    customer_email: customerEmail,
    customer_address: optionalText('Adres', 500, { multiline: true }),
    items,
    notes: optionalText('Notlar', 2000, { multiline: true }),
    total_amount: tlAmountInput(
      {
        number: 'Toplam tutar bir sayı olmalıdır',
        min: 'Toplam tutar negatif olamaz',
        max: `Toplam tutar en fazla ${MAX_TOTAL_TEXT} olabilir`,
        decimals: 'Toplam tutar en fazla iki ondalık basamak içerebilir',
      },
      { min: 0, max: MAX_ORDER_TOTAL_TL },
    ).optional(),
    total_amount_kurus: kurusCompanion('Toplam tutar', MAX_ORDER_TOTAL_KURUS),
  })
  .superRefine((order, ctx) => {
    amountKurus(order, { tl: 'total_amount', kurus: 'total_amount_kurus', label: 'Toplam tutar' }, ctx);
  });
export type CreateOrderBody = z.input<typeof createOrderBody>;
export type CreateOrderInput = z.output<typeof createOrderBody>;

// ------------------------------------------------------------------------- PUT /orders/{id} ---

/**
 * PUT /orders/{id}: any subset of the editable fields. Which fields a user may change on which
 * order is `editableGroups` in src/shared/domain/order-status.ts; sending a field outside them
 * with a DIFFERENT value is 403 naming the field (the same value is accepted, so a form may send
 * what it shows). Replacing `items` recomputes the total.
 */
export const updateOrderBody = z.strictObject(
  {
    customer_id: z.uuid({ error: 'Müşteri kimliği geçersiz' }).nullish(),
    customer_name: customerName.optional(),
    customer_phone: patchText(text('Telefon', 50)),
    customer_email: patchText(email),
    customer_address: patchText(text('Adres', 500, { multiline: true })),
    items: items.optional(),
    notes: patchText(text('Notlar', 2000, { multiline: true })),
    vehicle_plate: patchText(text('Plaka', 20)),
    expected_version: expectedVersion,
  },
  {
    error: (issue) => (issue.code === 'unrecognized_keys' ? notEditableText(issue.keys) : undefined),
  },
);
export type UpdateOrderBody = z.input<typeof updateOrderBody>;
export type UpdateOrderInput = z.output<typeof updateOrderBody>;

// ---------------------------------------------------------------- PATCH /orders/{id}/status ---

/**
 * PATCH /orders/{id}/status. `expected_status` is the status the client saw (the one it expects
 * to leave). If the order has moved on, 409 CONFLICT with `current` (the order now) — unless the
 * order is already in `status` and the caller could have made that change (then success, nothing
 * written: a retried or duplicated request is satisfied). The machine (src/shared/domain) decides
 * the rest: 409 INVALID_TRANSITION, 403 FORBIDDEN, 400 when a reason is required.
 */
export const orderStatusBody = z.object({
  status: z.enum(ORDER_STATUSES, { error: typeError('Durum gereklidir', 'Geçersiz sipariş durumu') }),
  notes: optionalText('Notlar', 1000, { multiline: true }),
  expected_status: z.enum(ORDER_STATUSES, { error: 'Geçersiz beklenen durum' }).optional(),
  /**
   * The order's version the user saw. A status can come back (in transit ↔ out for delivery): a
   * move whose order left the seen status after this version is satisfied or refused, never made
   * twice. Changes other than status moves since then do not refuse it.
   */
  expected_version: expectedVersion,
  /**
   * Approving over the customer's risk limit: a manager's or an admin's reason (audited). Without
   * one, an approval over the limit is 409 CREDIT_LIMIT with the figures.
   */
  credit_override_reason: optionalText('Limit aşım nedeni', 500, { multiline: true }),
});

// ---------------------------------------------------------- PATCH /orders/{id}/assign-driver ---

/** Manager/admin, on approved or prepared orders; the driver must be an active driver of the tenant. */
export const assignDriverBody = z.object({
  driver_id: z.uuid({ error: ORDER_MESSAGES.driverInvalid }),
  vehicle_plate: optionalText('Plaka', 20),
  expected_version: expectedVersion,
});
export type AssignDriverBody = z.input<typeof assignDriverBody>;

// ------------------------------------------------------------------------------ reads ---

const page = pageQuery;
const limit = limitQuery;

/** GET /orders: newest first, scoped to what the caller may see. */
export const orderListQuery = z.object({
  page,
  limit: limit(10, 100),
  status: z.enum(ORDER_STATUSES, { error: 'Geçersiz sipariş durumu' }).optional(),
  salesperson_id: z.uuid({ error: 'Satış temsilcisi kimliği geçersiz' }).optional(),
  search: text('Arama', 100).optional(),
});

export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
});

/** List items carry no `events` (entities.ts `orderSummarySchema`); GET /orders/{id} has them. */
export const orderListResponse = z.object({
  orders: z.array(orderSummarySchema),
  pagination: paginationSchema,
});
export type OrderListResponse = z.infer<typeof orderListResponse>;

/** GET /orders/role/{role}: the orders a user of that role works with, within what the caller sees. */
export const orderRoleParam = z.object({ role: z.enum(ROLES, { error: 'Geçersiz rol' }) });
export const orderRoleQuery = z.object({ limit: limit(50, 200) });

/** GET /orders/recent?limit= (default 5; dashboards ask for 10). */
export const recentOrdersQuery = z.object({ limit: limit(5, 50) });

export const orderArrayResponse = z.array(orderSummarySchema);

/** DELETE /orders/{id} → { id } (deleting a deleted order is success). */
export const deleteOrderResponse = z.object({ id: z.string() });

/** GET /drivers (manager, admin): the drivers the assign-driver dialog offers. */
export const driverSchema = z.object({ id: z.string(), full_name: z.string(), username: z.string() });
export type Driver = z.infer<typeof driverSchema>;
export const driverListResponse = z.object({ drivers: z.array(driverSchema) });
