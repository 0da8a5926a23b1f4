import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { type ImageUploadResponse, PRODUCT_MESSAGES, type ProductImageType } from '../../shared/api/products';
import type { Database } from '../db/schema';
import type { MutationResult } from '../idempotency/mutation';
import { AppError, notFound } from '../lib/errors';
import { findImage, insertImage } from './product-images.repository';

/**
 * Product images: stored in the database once per content (sha256) per tenant, served under a URL
 * that names the content, so a browser may keep it for a year without asking again.
 *
 * The type is decided by the file's first bytes — never by its name or the type the client
 * declares: a text file named photo.png is refused, and what is served as image/png is a PNG.
 */

/** Seconds a browser may keep an image: the URL changes whenever the content does. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** The image type of `bytes` by their magic numbers: JPEG, PNG or WebP, else null. */
export function sniffImageType(bytes: Uint8Array): ProductImageType | null {
  const starts = (...values: number[]) => values.every((v, i) => bytes[i] === v);
  if (bytes.length >= 3 && starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (bytes.length >= 8 && starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

export function imageHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Checks the uploaded bytes before anything is written: present and an image by their content. */
export function checkUpload(bytes: Uint8Array | undefined): { bytes: Uint8Array; type: ProductImageType } {
  if (!bytes || bytes.byteLength === 0) {
    throw new AppError(400, 'VALIDATION_ERROR', PRODUCT_MESSAGES.imageRequired, { field: 'file' });
  }
  const type = sniffImageType(bytes);
  if (!type) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', PRODUCT_MESSAGES.imageType, { field: 'file' });
  return { bytes, type };
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
