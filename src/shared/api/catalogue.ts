import { z } from 'zod';
import { limitQuery, pageQuery, text } from './common';
import { productSchema } from './entities';

/**
 * Read side of the catalogue (second document §7): products (customers: ./customers.ts). Management (create,
 * update, stock) comes with the product-management screen.
 */

export const PRODUCT_SORT_FIELDS = ['created_at', 'name', 'selling_price', 'current_stock'] as const;

/**
 * GET /products?search&category&brand&status&page&limit&sort_by&sort_order →
 * `{ success, data: Product[], pagination: { page, limit, total, totalDocs, pages } }`
 * (the spec: "data[] and pagination"; products count with totalDocs). Search matches name,
 * product code, barcode and brand.
 */
export const productListQuery = z.object({
  search: text('Arama', 100).optional(),
  category: text('Kategori', 100).optional(),
  brand: text('Marka', 100).optional(),
  status: z
    .enum(['active', 'inactive', 'discontinued', 'out_of_stock'], { error: 'Geçersiz ürün durumu' })
    .optional(),
  page: pageQuery,
  limit: limitQuery(10, 100),
  sort_by: z.enum(PRODUCT_SORT_FIELDS, { error: 'Geçersiz sıralama alanı' }).default('created_at'),
  sort_order: z.enum(['asc', 'desc'], { error: 'Geçersiz sıralama yönü' }).default('desc'),
});

export const productPagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalDocs: z.number().int(),
  pages: z.number().int(),
});

/** The whole body (not the usual envelope): data is the array, pagination sits beside it. */
export const productListBody = z.object({
  success: z.literal(true),
  data: z.array(productSchema),
  pagination: productPagination,
});
export type ProductListBody = z.infer<typeof productListBody>;

/** GET /products/categories and /products/brands → data: string[] (sorted, tr-TR). */
export const stringListResponse = z.array(z.string());
