import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  type ImageUploadResponse,
  PRODUCT_IMAGE_TYPES,
  PRODUCT_LIMITS,
  PRODUCT_MESSAGES,
  type ProductImageType,
} from '../../shared/api/products';
import type { Database } from '../db/schema';
import type { MutationResult } from '../idempotency/mutation';
import { AppError, notFound } from '../lib/errors';
import { readImageHeader } from '../lib/image-header';
import { findImage, insertImage } from './product-images.repository';

/**
 * Product images: stored in the database once per content (sha256) per tenant, served under a URL
 * that names the content, so a browser may keep it for a year without asking again.
 *
 * The type is decided by the file's own structure — never by its name or the type the client
 * declares: a text file named photo.png is refused, and what is served as image/png is a PNG whose
 * header the server read whole (lib/image-header.ts), with sides it accepts.
 */

/** Seconds a browser may keep an image: the URL changes whenever the content does. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export function imageHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** What an uploaded picture must be (a product image, the company logo), with its refusals' texts. */
export interface ImageRules<T extends string> {
  types: readonly T[];
  /** The longest side, pixels. */
  sideMax: number;
  messages: { required: string; type: string; corrupt: string; dimensions: string };
}

/**
 * Checks an uploaded picture before anything is written, each refusal naming the field `file`:
 * none or empty → 400; not one of the accepted types by its content → 415; starts like one but is
 * cut short or malformed (its header does not hold) → 400; a side beyond `sideMax` → 400.
 */
export function checkImage<T extends string>(
  bytes: Uint8Array | undefined,
  rules: ImageRules<T>,
): { bytes: Uint8Array; type: T; width: number; height: number } {
  const refuse = (status: number, message: string) =>
    new AppError(status, status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'VALIDATION_ERROR', message, {
      field: 'file',
    });
  if (!bytes || bytes.byteLength === 0) throw refuse(400, rules.messages.required);
  const header = readImageHeader(bytes);
  if (header.kind === 'unknown' || !(rules.types as readonly string[]).includes(header.type))
    throw refuse(415, rules.messages.type);
  if (header.kind === 'corrupt') throw refuse(400, rules.messages.corrupt);
  if (header.width > rules.sideMax || header.height > rules.sideMax)
    throw refuse(400, rules.messages.dimensions);
  return { bytes, type: header.type as T, width: header.width, height: header.height };
}

const PRODUCT_IMAGE_RULES: ImageRules<ProductImageType> = {
  types: PRODUCT_IMAGE_TYPES,
  sideMax: PRODUCT_LIMITS.imageSideMax,
  messages: {
    required: PRODUCT_MESSAGES.imageRequired,
    type: PRODUCT_MESSAGES.imageType,
    corrupt: PRODUCT_MESSAGES.imageCorrupt,
    dimensions: PRODUCT_MESSAGES.imageDimensions,
  },
};

/** Checks an uploaded product image (checkImage with the product image rules). */
export function checkUpload(bytes: Uint8Array | undefined): { bytes: Uint8Array; type: ProductImageType } {
  const { type } = checkImage(bytes, PRODUCT_IMAGE_RULES);
  return { bytes: bytes as Uint8Array, type };
}

/** POST /products/images: stores the image (a second upload of the same bytes writes nothing). */
export async function store(
  trx: Transaction<Database>,
  tenantId: string,
  upload: { bytes: Uint8Array; type: ProductImageType; hash: string },
  urlOf: (hash: string) => string,
): Promise<MutationResult<ImageUploadResponse>> {
  const created = await insertImage(
    trx,
    tenantId,
    { hash: upload.hash, content_type: upload.type, bytes: upload.bytes },
    new Date(),
  );
  return {
    data: {
      url: urlOf(upload.hash),
      hash: upload.hash,
      content_type: upload.type,
      size: upload.bytes.byteLength,
    },
    statusCode: created ? 201 : 200,
    entityId: null,
    changed: created,
  };
}

/** GET /products/images/{hash}: the tenant's image, or 404. */
export async function read(
  db: Kysely<Database>,
  tenantId: string,
  hash: string,
): Promise<{ contentType: string; bytes: Uint8Array }> {
  const image = await findImage(db, tenantId, hash);
  if (!image) throw notFound(PRODUCT_MESSAGES.imageNotFound);
  return { contentType: image.content_type, bytes: image.bytes };
}
