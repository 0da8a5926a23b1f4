import { z } from 'zod';
import { ORDER_STATUSES } from '../domain/order-status';
import { storedParamsSchema } from './stored-texts';

/**
 * Wire shapes of the records the client mirrors in its local store. Money: the spec's TL field
 * (number, two decimals) plus an exact integer `*_kurus` companion. Timestamps ISO-8601 UTC.
 */
export const orderItemSchema = z.object({
  id: z.string(),
  product_id: z.string().nullable(),
  product_name: z.string(),
  barcode: z.string().nullable(),
  quantity: z.number().int(),
  scanned_quantity: z.number().int(),
  unit_price: z.number(),
  unit_price_kurus: z.number().int(),
  total_price: z.number(),
  total_price_kurus: z.number().int(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/** One entry of an order's history (created, status changed, driver assigned, edited). */
export const orderEventSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  event_type: z.enum(['created', 'status_changed', 'driver_assigned', 'updated', 'item_scanned']),
  from_status: z.string().nullable(),
  to_status: z.string(),
  user_id: z.string().nullable(),
  user_name: z.string().nullable(),
  /** The notes in Turkish, as stored (user-typed notes exactly as typed). */
  notes: z.string().nullable(),
  /**
   * What `notes` says as data (stored-texts.ts `EventNote`), for rendering it in the reader's
   * language; null (or absent, in rows mirrored before it existed) when the notes are only words a
   * user typed.
   */
  params: storedParamsSchema.nullish(),
  created_at: z.string(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

export const orderSchema = z.object({
  id: z.string(),
  order_number: z.string(),
  customer_id: z.string().nullable(),
  customer_name: z.string(),
  customer_phone: z.string().nullable(),
  customer_email: z.string().nullable(),
  customer_address: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  total_amount: z.number(),
  total_amount_kurus: z.number().int(),
  salesperson_id: z.string().nullable(),
  salesperson_name: z.string().nullable(),
  manager_id: z.string().nullable(),
  manager_name: z.string().nullable(),
  warehouse_id: z.string().nullable(),
  warehouse_name: z.string().nullable(),
  driver_id: z.string().nullable(),
  driver_name: z.string().nullable(),
  vehicle_plate: z.string().nullable(),
  notes: z.string().nullable(),
  items: z.array(orderItemSchema),
  /** The order's history, oldest first (travels with the order so the detail screen works offline). */
  events: z.array(orderEventSchema),
  created_at: z.string(),
  updated_at: z.string(),
  /**
   * The row's change number on the server. An edit sends back the version its user saw as
   * `expected_version`; the server refuses it with 409 when the order changed since.
   */
  version: z.number().int(),
  /**
   * Only in the answer to a write: the version the write was applied on (0 for a create). The
   * device moves its later queued edits of the order to the new version when this equals the
   * version they were made on (nothing else happened in between).
   */
  applied_on_version: z.number().int().optional(),
});
export type Order = z.infer<typeof orderSchema>;

/**
 * An order as the LISTS send it (GET /orders, /orders/recent, /orders/role/{role}): the order
 * without its history — a list shows none, and the history is most of an order's size. The
 * detail (GET /orders/{id}), every write's answer and the sync feed (which fills the client's
 * mirror, where the detail screen reads `events`) carry the whole order.
 */
export const orderSummarySchema = orderSchema.omit({ events: true });
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  product_code: z.string(),
  barcode: z.string().nullable(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  brand: z.string().nullable(),
  unit: z.string(),
  selling_price: z.number(),
  selling_price_kurus: z.number().int(),
  /** Admin and manager only: other roles' responses do not carry these keys at all. */
  cost_price: z.number().nullable().optional(),
  cost_price_kurus: z.number().int().nullable().optional(),
  discounted_price: z.number().nullable(),
  discounted_price_kurus: z.number().int().nullable(),
  current_stock: z.number().int(),
  available_stock: z.number().int(),
  min_stock: z.number().int(),
  stock_status: z.enum(['in_stock', 'low_stock', 'out_of_stock']),
  /**
   * The seq of the last stock movement applied to the product (0: none). A count names the one its
   * device had seen, so movements made after it still count.
   */
  stock_seq: z.number().int(),
  status: z.enum(['active', 'inactive', 'discontinued', 'out_of_stock']),
  images: z.array(z.object({ url: z.string() })),
  tags: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  /** The row's change number: an edit sends it back as `expected_version` (409 when stale). */
  version: z.number().int(),
});
export type Product = z.infer<typeof productSchema>;

export const customerSchema = z.object({
  id: z.string(),
  customer_number: z.string(),
  full_name: z.string(),
  company_name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The row's change number: an edit sends it back as `expected_version` (409 when stale). */
  version: z.number().int(),
});
export type Customer = z.infer<typeof customerSchema>;
