import { z } from 'zod';
import { hasAtMostTwoDecimals } from '../domain/money';
import { ORDER_STATUSES } from '../domain/order-status';
import { ROLES } from '../domain/roles';
import { idParam } from './common';
import { orderSchema } from './entities';

/**
 * Contracts of the orders API (spec §7, DESIGN §5–§7). One zod schema per operation, used by the
 * Fastify route (validation + serialization) and by the client (the forms and the outbox bodies).
 * Every message names the field in Turkish; money on the wire is TL with at most two decimals and
 * is converted to integer kuruş on the server (src/shared/domain/money.ts).
 */

export const ORDER_MESSAGES = {
  /** Spec §5 (create order). */
  customerAndItemsRequired: 'Lütfen müşteri bilgilerini ve en az bir ürün ekleyin',
  /** Spec §5 (adding an order line). */
  lineFieldsRequired: 'Lütfen tüm alanları doldurun',
  /** Spec §5 (sales). */
  salesCustomerAndCart: 'Lütfen müşteri seçin ve sepete ürün ekleyin',
  notFound: 'Sipariş bulunamadı',
  totalMismatch: 'Toplam tutar (total_amount) sipariş kalemlerinin toplamıyla uyuşmuyor',
  idTaken: 'Bu sipariş kimliği (id) başka bir sipariş için kullanılmış',
  notesRequired: 'Bu durum değişikliği için bir açıklama (notes) gereklidir',
  driverInvalid: 'Geçerli bir sürücü seçiniz (driver_id)',
  cannotAssignDriver: 'Bu siparişe şu anki durumunda sürücü atanamaz',
  cannotEdit: 'Bu siparişi düzenleme yetkiniz yok',
  fieldNotEditable: (field: string) => `Bu alanı düzenleme yetkiniz yok: ${field}`,
  cannotChangeStatus: 'Bu sipariş durumunu değiştirme yetkiniz yok',
  cannotDelete: 'Siparişleri yalnızca yönetici silebilir',
  invalidTransition: (from: string, to: string) => `Sipariş "${from}" durumundan "${to}" durumuna geçemez`,
  /** 409 when the order moved on since the client last saw it (the response carries `current`). */
  conflict: (current: string) =>
    `Bu sipariş başka bir kullanıcı tarafından zaten "${current}" durumuna getirildi`,
} as const;

// ----------------------------------------------------------------------------- shared fields ---

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} metin olmalıdır` })
    .trim()
    .max(max, `${label} en fazla ${max} karakter olabilir`);

/** An optional text of a new record: absent, null or blank → null. */
const optionalText = (label: string, max: number) =>
  text(label, max)
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

/** A TL amount: a number > 0 with at most two decimals (stored as integer kuruş). */
const unitPrice = z
  .number({ error: 'Birim fiyat (unit_price) bir sayı olmalıdır' })
  .gt(0, 'Birim fiyat (unit_price) 0’dan büyük olmalıdır')
  .max(10_000_000, 'Birim fiyat (unit_price) en fazla 10.000.000 olabilir')
  .refine(hasAtMostTwoDecimals, 'Birim fiyat (unit_price) en fazla iki ondalık basamak içerebilir');

export const orderItemInput = z.object({
  product_id: z.uuid({ error: 'Ürün kimliği (product_id) geçersiz' }).nullish(),
  product_name: z
    .string({ error: 'Ürün adı (product_name) gereklidir' })
    .trim()
    .min(1, 'Ürün adı (product_name) gereklidir')
    .max(200, 'Ürün adı (product_name) en fazla 200 karakter olabilir'),
  quantity: z
    .number({ error: 'Miktar (quantity) bir sayı olmalıdır' })
    .int({ error: 'Miktar (quantity) tam sayı olmalıdır' })
    .min(1, 'Miktar (quantity) en az 1 olmalıdır')
    .max(100_000, 'Miktar (quantity) en fazla 100000 olabilir'),
  unit_price: unitPrice,
});
export type OrderItemInput = z.infer<typeof orderItemInput>;

const items = z
  .array(orderItemInput, { error: ORDER_MESSAGES.customerAndItemsRequired })
  .min(1, ORDER_MESSAGES.customerAndItemsRequired)
  .max(200, 'Bir siparişte en fazla 200 kalem olabilir (items)');

const customerName = z
  .string({ error: ORDER_MESSAGES.customerAndItemsRequired })
  .trim()
  .min(1, ORDER_MESSAGES.customerAndItemsRequired)
  .max(200, 'Müşteri adı (customer_name) en fazla 200 karakter olabilir');

const email = text('E-posta (customer_email)', 200).refine(
  (v) => v === '' || z.email().safeParse(v).success,
  'Geçerli bir email adresi giriniz',
);
const customerEmail = email.nullish().transform((v) => (v ? v : null));

// ---------------------------------------------------------------------------- POST /orders ---

/**
 * POST /orders. `id` is optional: a client that creates the order offline makes the UUID itself,
 * so a replay (or a second device syncing the same outbox entry) creates it once; creating an id
 * that already exists with the same content is success (the existing order), with other content a
 * 409. `total_amount` is optional (the sales screen sends it): when present it must equal the sum
 * of the lines, computed in kuruş. The server assigns `order_number` (tenant prefix + sequence),
 * the salesperson (the caller) and the status pending_approval.
 */
export const createOrderBody = z.object({
  id: z.uuid({ error: 'Sipariş kimliği (id) geçersiz' }).optional(),
  customer_id: z.uuid({ error: 'Müşteri kimliği (customer_id) geçersiz' }).nullish(),
  customer_name: customerName,
  customer_phone: optionalText('Telefon (customer_phone)', 50),
  customer_email: customerEmail,
  customer_address: optionalText('Adres (customer_address)', 500),
  items,
  notes: optionalText('Notlar (notes)', 2000),
  total_amount: z
    .number({ error: 'Toplam tutar (total_amount) bir sayı olmalıdır' })
    .min(0, 'Toplam tutar (total_amount) negatif olamaz')
    .refine(hasAtMostTwoDecimals, 'Toplam tutar (total_amount) en fazla iki ondalık basamak içerebilir')
    .optional(),
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
    customer_id: z.uuid({ error: 'Müşteri kimliği (customer_id) geçersiz' }).nullish(),
    customer_name: customerName.optional(),
    customer_phone: patchText(text('Telefon (customer_phone)', 50)),
    customer_email: patchText(email),
    customer_address: patchText(text('Adres (customer_address)', 500)),
    items: items.optional(),
    notes: patchText(text('Notlar (notes)', 2000)),
    vehicle_plate: patchText(text('Plaka (vehicle_plate)', 20)),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `Bu alan düzenlenemez: ${issue.keys.join(', ')}` : undefined,
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
  status: z.enum(ORDER_STATUSES, { error: 'Geçersiz sipariş durumu (status)' }),
  notes: optionalText('Notlar (notes)', 1000),
  expected_status: z.enum(ORDER_STATUSES, { error: 'Geçersiz beklenen durum (expected_status)' }).optional(),
});
export type OrderStatusBody = z.input<typeof orderStatusBody>;

// ---------------------------------------------------------- PATCH /orders/{id}/assign-driver ---

/** Manager/admin, on approved or prepared orders; the driver must be an active driver of the tenant. */
export const assignDriverBody = z.object({
  driver_id: z.uuid({ error: ORDER_MESSAGES.driverInvalid }),
  vehicle_plate: optionalText('Plaka (vehicle_plate)', 20),
});
export type AssignDriverBody = z.input<typeof assignDriverBody>;

// ------------------------------------------------------------------------------ reads ---

export const orderIdParam = idParam;

const page = z.coerce
  .number({ error: 'page bir sayı olmalıdır' })
  .int()
  .min(1, 'page en az 1 olmalıdır')
  .default(1);
const limit = (fallback: number, max: number) =>
  z.coerce
    .number({ error: 'limit bir sayı olmalıdır' })
    .int({ error: 'limit tam sayı olmalıdır' })
    .min(1, 'limit en az 1 olmalıdır')
    .max(max, `limit en fazla ${max} olabilir`)
    .default(fallback);

/** GET /orders: newest first, scoped to what the caller may see. */
export const orderListQuery = z.object({
  page,
  limit: limit(10, 100),
  status: z.enum(ORDER_STATUSES, { error: 'Geçersiz sipariş durumu (status)' }).optional(),
  salesperson_id: z.uuid({ error: 'Satış temsilcisi kimliği (salesperson_id) geçersiz' }).optional(),
  search: z.string().trim().max(100, 'Arama (search) en fazla 100 karakter olabilir').optional(),
});
export type OrderListQuery = z.input<typeof orderListQuery>;

export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const orderListResponse = z.object({ orders: z.array(orderSchema), pagination: paginationSchema });
export type OrderListResponse = z.infer<typeof orderListResponse>;

/** GET /orders/role/{role}: the orders a user of that role works with, within what the caller sees. */
export const orderRoleParam = z.object({ role: z.enum(ROLES, { error: 'Geçersiz rol (role)' }) });
export const orderRoleQuery = z.object({ limit: limit(50, 200) });

/** GET /orders/recent?limit= (default 5; dashboards ask for 10). */
export const recentOrdersQuery = z.object({ limit: limit(5, 50) });

export const orderArrayResponse = z.array(orderSchema);

/** DELETE /orders/{id} → { id } (deleting a deleted order is success). */
export const deleteOrderResponse = z.object({ id: z.string() });

/** GET /drivers (manager, admin): the drivers the assign-driver dialog offers. */
export const driverSchema = z.object({ id: z.string(), full_name: z.string(), username: z.string() });
export type Driver = z.infer<typeof driverSchema>;
export const driverListResponse = z.object({ drivers: z.array(driverSchema) });
