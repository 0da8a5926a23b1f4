import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { auditChanges } from '../../shared/api/audit-fields';
import type { Product } from '../../shared/api/entities';
import {
  type BulkProductResponse,
  type CreateProductInput,
  imageHashOf,
  PRODUCT_MESSAGES,
  type UpdateProductInput,
} from '../../shared/api/products';
import type { Role } from '../../shared/domain/roles';
import { reserveChangeSeqs } from '../db/change-seq';
import type { Database } from '../db/schema';
import type { MutationResult } from '../idempotency/mutation';
import { AppError, notFound, validation } from '../lib/errors';
import { recordOpeningStock } from './opening-stock';
import { deleteRefusals, inUse, writeOffStock } from './product-delete.service';
import { existingImageHashes } from './product-images.repository';
import { findListName } from './product-lists.repository';
import { productForRole } from './product-projection';
import * as writes from './product-writes.repository';
import { insertProducts, type ProductRecord, toProductRecord, toWireProduct } from './products.repository';

/**
 * Product management (admin; the endpoint table enforces the role): create, edit, soft delete and
 * bulk actions. Each runs inside app.mutate's transaction (audit row and Idempotency-Key outcome
 * in the same commit) and follows the lock order of db/change-seq.ts: the product rows first,
 * then reads and checks, then the tenant counter, then the writes.
 *
 * Every answer carries the product as the caller's role may see it (cost price only for admin and
 * manager, product-projection.ts). A product of another tenant, a deleted one and an unknown id
 * are the same 404.
 */

type Trx = Transaction<Database>;

export interface ProductActor {
  id: string;
  role: Role;
}

const productNotFound = () => notFound(PRODUCT_MESSAGES.notFound);

const wire = (record: ProductRecord, role: Role): Product =>
  productForRole(toWireProduct(record), role) as Product;

function taken(field: 'product_code' | 'barcode'): AppError {
  return new AppError(
    409,
    'CONFLICT',
    field === 'product_code' ? PRODUCT_MESSAGES.codeTaken : PRODUCT_MESSAGES.barcodeTaken,
    { field },
  );
}

/**
 * Whether an edit made on `expected` saw the product's catalogue fields as they are: no catalogue
 * edit since (stock movements since do not count — the edit does not touch the stock) and not a
 * version the product never had. No `expected_version` (a plain API client) edits unconditionally.
 */
function sawCurrent(expected: number | undefined, record: ProductRecord): boolean {
  return expected === undefined || (expected >= record.edit_seq && expected <= record.change_seq);
}

function versionConflict(current: ProductRecord, role: Role): AppError {
  return new AppError(409, 'CONFLICT', PRODUCT_MESSAGES.versionConflict, { current: wire(current, role) });
}

/** Runs a write that may hit a unique index another writer filled meanwhile: 409 naming the field. */
async function guardUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const field = writes.uniqueViolationField(error);
    if (field) throw taken(field);
    throw error;
  }
}

/** GET /products/{id}: a live product of the tenant. */
export async function get(db: Kysely<Database>, tenantId: string, role: Role, id: string): Promise<Product> {
  const row = await db
    .selectFrom('products')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw productNotFound();
  return wire(toProductRecord(row), role);
}

// ------------------------------------------------------------------- shared checks ---

interface References {
  category?: string | null | undefined;
  brand?: string | null | undefined;
  images?: { url: string }[] | undefined;
}

/**
 * Category and brand must be names of the tenant's lists (the stored spelling is kept: 'elektronik'
 * is saved as 'Elektronik'); every image must be one uploaded to this tenant. 400 naming the field.
 */
async function resolveReferences<T extends References>(trx: Trx, tenantId: string, input: T): Promise<T> {
  const out = { ...input };
  if (input.category) {
    const name = await findListName(trx, tenantId, 'product_categories', input.category);
    if (!name) throw validation(PRODUCT_MESSAGES.categoryUnknown, 'category');
    out.category = name;
  }
  if (input.brand) {
    const name = await findListName(trx, tenantId, 'product_brands', input.brand);
    if (!name) throw validation(PRODUCT_MESSAGES.brandUnknown, 'brand');
    out.brand = name;
  }
  if (input.images && input.images.length > 0) {
    const hashes = input.images.map((image) => imageHashOf(image.url) ?? '');
    const stored = await existingImageHashes(trx, tenantId, hashes);
    const missing = hashes.findIndex((hash) => !stored.has(hash));
    if (missing >= 0) throw validation(PRODUCT_MESSAGES.imageUnknown, `images[${missing}].url`);
  }
  return out;
}

// ------------------------------------------------------------------------------ create ---

/**
 * POST /products. A client-made `id` makes an offline create happen once: an existing live
 * product with that id and the same product code is the answer (200, nothing written); any other
 * use of the id is 409. The opening stock is the product's first stock movement.
 */
export async function create(
  trx: Trx,
  tenantId: string,
  actor: ProductActor,
  body: CreateProductInput,
): Promise<MutationResult<Product>> {
  const id = body.id ?? randomUUID();
  if (body.id) {
    await writes.lockProductId(trx, tenantId, id);
    const existing = await writes.lockProduct(trx, tenantId, id);
    if (existing) {
      if (existing.deleted_at === null && existing.product_code === body.product_code) {
        return {
          data: wire(toProductRecord(existing), actor.role),
          statusCode: 200,
          entityId: id,
          changed: false,
        };
      }
      throw new AppError(409, 'CONFLICT', PRODUCT_MESSAGES.idTaken, { field: 'id' });
    }
  }
  const input = await resolveReferences(trx, tenantId, body);
  const field = await writes.takenField(trx, tenantId, input, null);
  if (field) throw taken(field);

  const [seq] = await reserveChangeSeqs(trx, tenantId, 1);
  const at = new Date();
  await guardUnique(() =>
    insertProducts(trx, tenantId, [
      {
        id,
        name: input.name,
        product_code: input.product_code,
        barcode: input.barcode,
        description: input.description,
        category: input.category,
        brand: input.brand,
        unit: input.unit,
        selling_price_kurus: input.selling_price_kurus,
        cost_price_kurus: input.cost_price_kurus,
        discounted_price_kurus: input.discounted_price_kurus,
        vat_rate: input.vat_rate,
        current_stock: 0,
        min_stock: input.min_stock,
        status: input.status,
        images: input.images,
        tags: input.tags,
        created_at: at,
        change_seq: seq as number,
      },
    ]),
  );
  await recordOpeningStock(trx, tenantId, {
    productId: id,
    quantity: input.current_stock,
    userId: actor.id,
    at,
  });
  const row = await writes.lockProduct(trx, tenantId, id);
  if (!row) throw new Error(`product ${id} vanished inside its own transaction`);
  return { data: wire(toProductRecord(row), actor.role), statusCode: 201, entityId: id, changed: true };
}

// ------------------------------------------------------------------------------ update ---

const EDITABLE = [
  'name',
  'product_code',
  'barcode',
  'selling_price_kurus',
  'cost_price_kurus',
  'discounted_price_kurus',
  'description',
  'category',
  'brand',
  'unit',
  'vat_rate',
  'min_stock',
  'tags',
  'images',
  'status',
] as const;
type EditableField = (typeof EDITABLE)[number];

/** The fields of `body` whose value differs from the product's. */
function differingFields(body: UpdateProductInput, current: ProductRecord): EditableField[] {
  return EDITABLE.filter(
    (field) =>
      body[field] !== undefined && JSON.stringify(body[field]) !== JSON.stringify(current[field] ?? null),
  );
}

/**
 * PUT /products/{id}: the fields sent (absent: left as they are). Versioned: an edit made on a
 * version older than the product's last catalogue edit is refused with 409 and the product as it
 * is now — unless the same values are already in place (a replay, or two admins making the same
 * change): success, nothing written. Stock that moved since is no conflict (sawCurrent).
 */
export async function update(
  trx: Trx,
  tenantId: string,
  actor: ProductActor,
  id: string,
  body: UpdateProductInput,
): Promise<MutationResult<Product>> {
  const row = await writes.lockProduct(trx, tenantId, id);
  if (!row || row.deleted_at !== null) throw productNotFound();
  const current = toProductRecord(row);
  const input = await resolveReferences(trx, tenantId, body);
  const differing = differingFields(input, current);
  if (!sawCurrent(input.expected_version, current)) {
    if (differing.length === 0) return { data: wire(current, actor.role), entityId: id, changed: false };
    throw versionConflict(current, actor.role);
  }
  if (differing.length === 0) return { data: wire(current, actor.role), entityId: id, changed: false };

  const selling = input.selling_price_kurus ?? current.selling_price_kurus;
  const discounted =
    input.discounted_price_kurus !== undefined
      ? input.discounted_price_kurus
      : current.discounted_price_kurus;
  if (discounted !== null && discounted > selling) {
    throw validation(PRODUCT_MESSAGES.discountAboveSelling, 'discounted_price_kurus');
  }
  const unique = await writes.takenField(
    trx,
    tenantId,
    {
      product_code: differing.includes('product_code') ? input.product_code : undefined,
      barcode: differing.includes('barcode') ? input.barcode : undefined,
    },
    id,
  );
  if (unique) throw taken(unique);

  const change: writes.ProductChange = {};
  for (const field of differing) (change as Record<string, unknown>)[field] = input[field];
  const [seq] = await reserveChangeSeqs(trx, tenantId, 1);
  const at = new Date();
  await guardUnique(() => writes.updateProduct(trx, tenantId, id, change, seq as number, at));
  const after = await writes.lockProduct(trx, tenantId, id);
  if (!after) throw new Error(`product ${id} vanished inside its own transaction`);
  const record = toProductRecord(after);
  return {
    data: wire(record, actor.role),
    entityId: id,
    changed: true,
    audit: { changes: auditChanges('product', { ...current }, { ...record }) },
  };
}

// ------------------------------------------------------------------------------ delete ---

/**
 * DELETE /products/{id}: a soft delete under a new change number (every device's next pull removes
 * it; order lines keep their copy of the name, price and barcode). Deleting a deleted product is
 * success with nothing written; a stale `expected_version` is 409 with the product now. A product
 * open orders still take from the shelf is 409 PRODUCT_IN_USE naming them, nothing written; the
 * stock still on hand is written off in the same transaction (product-delete.service.ts).
 */
export async function remove(
  trx: Trx,
  tenantId: string,
  actor: ProductActor,
  id: string,
  expectedVersion: number | undefined,
): Promise<MutationResult<{ id: string; written_off: number }>> {
  const row = await writes.lockProduct(trx, tenantId, id);
  if (!row) throw productNotFound();
  if (row.deleted_at !== null) return { data: { id, written_off: 0 }, entityId: id, changed: false };
  const current = toProductRecord(row);
  if (!sawCurrent(expectedVersion, current)) {
    throw versionConflict(current, actor.role);
  }
  const refusal = (await deleteRefusals(trx, tenantId, [current])).get(id);
  if (refusal) throw inUse(id, refusal);
  const at = new Date();
  const writtenOff = await writeOffStock(trx, tenantId, actor.id, [current], at);
  const [seq] = await reserveChangeSeqs(trx, tenantId, 1);
  await writes.updateProduct(trx, tenantId, id, { deleted_at: at }, seq as number, at);
  return {
    data: { id, written_off: writtenOff.get(id) ?? 0 },
    entityId: id,
    changed: true,
    audit: { params: { name: current.name, code: current.product_code } },
  };
}

// -------------------------------------------------------------------------------- bulk ---

type BulkOutcome = BulkProductResponse['results'][number]['outcome'];

/**
 * POST /products/bulk: one action on many products in ONE transaction. Each item is decided on
 * its own (applied, unchanged, conflict, not found, refused — see the contract) and one item's
 * conflict or refusal does not stop the others: the user sees per row what happened. A delete
 * follows the single delete's rule per product (refused while open orders hold it, else its
 * stock written off). Applying the same request twice
 * applies it once (the second finds every product already in that state: unchanged).
 */
export async function bulk(
  trx: Trx,
  tenantId: string,
  actor: ProductActor,
  body: {
    action: 'activate' | 'deactivate' | 'delete';
    items: { id: string; expected_version?: number | undefined }[];
  },
): Promise<MutationResult<BulkProductResponse>> {
  const rows = await writes.lockProducts(
    trx,
    tenantId,
    body.items.map((item) => item.id),
  );
  const byId = new Map(rows.map((row) => [row.id, toProductRecord(row)]));
  const target = body.action === 'activate' ? 'active' : body.action === 'deactivate' ? 'inactive' : null;
  const decided: { id: string; outcome: BulkOutcome; record: ProductRecord | undefined }[] = [];
  for (const item of body.items) {
    const record = byId.get(item.id);
    let outcome: BulkOutcome;
    if (!record || (record.deleted && target !== null)) outcome = 'not_found';
    else if (target === null ? record.deleted : record.status === target) outcome = 'unchanged';
    else if (!sawCurrent(item.expected_version, record)) outcome = 'conflict';
    else outcome = 'applied';
    decided.push({ id: item.id, outcome, record });
  }
  // A delete: the products open orders still take from the shelf are refused, each with its
  // reason; the others' stock on hand is written off before they are deleted.
  const at = new Date();
  const refusals =
    target === null
      ? await deleteRefusals(
          trx,
          tenantId,
          decided.filter((d) => d.outcome === 'applied').map((d) => d.record as ProductRecord),
        )
      : new Map<string, { reason: string }>();
  for (const d of decided) if (refusals.has(d.id)) d.outcome = 'refused';
  const toApply = decided.filter((d) => d.outcome === 'applied');
  const writtenOff =
    target === null
      ? await writeOffStock(
          trx,
          tenantId,
          actor.id,
          toApply.map((d) => d.record as ProductRecord),
          at,
        )
      : new Map<string, number>();
  const seqs = await reserveChangeSeqs(trx, tenantId, toApply.length);
  await writes.setProductStatuses(
    trx,
    tenantId,
    toApply.map((d, i) => ({ id: d.id, changeSeq: seqs[i] as number })),
    target === null ? { deleted_at: at } : { status: target },
    at,
  );
  const after = new Map(
    (
      await writes.lockProducts(
        trx,
        tenantId,
        toApply.map((d) => d.id),
      )
    ).map((row) => [row.id, toProductRecord(row)]),
  );
  const results = decided.map(({ id, outcome, record }) => {
    const now = after.get(id) ?? record;
    const visible = now && !now.deleted && outcome !== 'not_found' ? wire(now, actor.role) : null;
    const reason = refusals.get(id)?.reason;
    const units = outcome === 'applied' ? writtenOff.get(id) : undefined;
    return {
      id,
      outcome,
      product: visible,
      ...(reason !== undefined ? { reason } : {}),
      ...(units !== undefined ? { written_off: units } : {}),
    };
  });
  return {
    data: { results, applied: toApply.length },
    entityId: null,
    changed: toApply.length > 0,
  };
}
