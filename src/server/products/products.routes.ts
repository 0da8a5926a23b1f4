import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API } from '../../shared/api/endpoints';
import { PRODUCT_LIMITS, PRODUCT_MESSAGES } from '../../shared/api/products';
import { describe } from '../idempotency/mutation';
import { AppError } from '../lib/errors';
import { route } from '../lib/route';
import * as admin from './product-admin.service';
import { deleteOrphanImages } from './product-images.repository';
import * as images from './product-images.service';
import * as service from './products.service';

/** Multipart errors of the upload, as the product API's own texts (never a bare 413 or 500). */
function uploadError(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError(413, 'PAYLOAD_TOO_LARGE', PRODUCT_MESSAGES.imageTooLarge, { field: 'file' });
  }
  if (code === 'FST_FILES_LIMIT') {
    return new AppError(400, 'VALIDATION_ERROR', PRODUCT_MESSAGES.imageOneFile, { field: 'file' });
  }
  if (typeof code === 'string' && code.startsWith('FST_')) {
    return new AppError(400, 'VALIDATION_ERROR', PRODUCT_MESSAGES.imageRequired, { field: 'file' });
  }
  return error;
}

/**
 * The one file of a multipart upload, bounded. It must come in the documented field `file`: a file
 * under another name is refused (400 naming `file`) rather than taken; plain fields are ignored.
 */
async function readUpload(request: FastifyRequest): Promise<Buffer | undefined> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', PRODUCT_MESSAGES.imageRequired, { field: 'file' });
  }
  let file: Buffer | undefined;
  let misnamed = false;
  try {
    const parts = request.parts({
      limits: { files: 1, fileSize: PRODUCT_LIMITS.imageBytesMax, fields: 10, fieldSize: 1024, parts: 11 },
    });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      file = await part.toBuffer();
      misnamed = part.fieldname !== 'file';
    }
  } catch (error) {
    throw uploadError(error);
  }
  if (misnamed) throw new AppError(400, 'VALIDATION_ERROR', PRODUCT_MESSAGES.imageField, { field: 'file' });
  return file;
}

/**
 * The catalogue: the product list and detail, product management (admin), the tenant's category
 * and brand lists, and product images. Multipart bodies are accepted only here (the image upload).
 */
/** The scheduler job that deletes product images no product names (a day after upload). */
export const ORPHAN_IMAGES_JOB = 'product-image-prune';

export default async function productRoutes(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { files: 1, fileSize: PRODUCT_LIMITS.imageBytesMax, fields: 10, fieldSize: 1024, parts: 11 },
  });
  const actor = (request: FastifyRequest) => ({ id: request.user.id, role: request.user.role });

  // An image uploaded in a form that was never saved (or replaced since) is named by no product:
  // after a day's grace (a form may stay open that long) it is deleted, in batches.
  app.scheduler.every({
    name: ORPHAN_IMAGES_JOB,
    everyMs: 6 * 3600_000,
    run: async () => {
      const before = new Date(Date.now() - 24 * 3600_000);
      let deleted = 0;
      for (let batch = 500; batch === 500; ) {
        batch = await deleteOrphanImages(app.db, before, 500);
        deleted += batch;
      }
      if (deleted > 0) app.log.info({ deleted }, 'orphaned product images deleted');
    },
  });

  // The list body is the spec's own shape (data + pagination side by side), replied whole.
  route(app, API.productList, async (request) =>
    service.list(app.db, request.tenant.id, request.user.role, request.query),
  );

  route(app, API.productCategories, async (request) => ({
    success: true as const,
    data: await service.listNamesSorted(app.db, request.tenant.id, 'product_categories'),
  }));

  route(app, API.productBrands, async (request) => ({
    success: true as const,
    data: await service.listNamesSorted(app.db, request.tenant.id, 'product_brands'),
  }));

  route(app, API.productCategoryCreate, async (request, reply) =>
    app.mutate(request, reply, { action: 'product.category_create', entity: 'product_category' }, (trx) =>
      describe(service.addListName(trx, request.tenant.id, 'product_categories', request.body.name), (c) => ({
        name: c.name,
      })),
    ),
  );

  route(app, API.productBrandCreate, async (request, reply) =>
    app.mutate(request, reply, { action: 'product.brand_create', entity: 'product_brand' }, (trx) =>
      describe(service.addListName(trx, request.tenant.id, 'product_brands', request.body.name), (b) => ({
        name: b.name,
      })),
    ),
  );

  route(app, API.productGet, async (request) => ({
    success: true as const,
    data: await admin.get(app.db, request.tenant.id, request.user.role, request.params.id),
  }));

  route(app, API.productCreate, async (request, reply) =>
    app.mutate(request, reply, { action: 'product.create', entity: 'product' }, (trx) =>
      describe(admin.create(trx, request.tenant.id, actor(request), request.body), (p) => ({
        name: p.name,
        code: p.product_code,
      })),
    ),
  );

  route(app, API.productUpdate, async (request, reply) =>
    app.mutate(request, reply, { action: 'product.update', entity: 'product' }, (trx) =>
      describe(
        admin.update(trx, request.tenant.id, actor(request), request.params.id, request.body),
        (p) => ({ name: p.name, code: p.product_code }),
      ),
    ),
  );

  route(app, API.productDelete, async (request, reply) =>
    app.mutate(request, reply, { action: 'product.delete', entity: 'product' }, (trx) =>
      admin.remove(
        trx,
        request.tenant.id,
        actor(request),
        request.params.id,
        request.body.expected_version ?? request.query.expected_version,
      ),
    ),
  );

  route(app, API.productBulk, async (request, reply) =>
    app.mutate(request, reply, { action: `product.bulk_${request.body.action}`, entity: 'product' }, (trx) =>
      describe(admin.bulk(trx, request.tenant.id, actor(request), request.body), (r) => ({
        count: r.applied,
      })),
    ),
  );

  route(app, API.productImageUpload, async (request, reply) => {
    const upload = images.checkUpload(await readUpload(request));
    const hash = images.imageHash(upload.bytes);
    // What makes two uploads "the same request" for the Idempotency-Key: their content.
    request.body = { file_sha256: hash };
    const tenantId = request.tenant.id;
    const urlOf = (h: string) => `${app.prefix}/products/images/${h}?tenant=${encodeURIComponent(tenantId)}`;
    return app.mutate(request, reply, { action: 'product.image_upload', entity: 'product_image' }, (trx) =>
      images.store(trx, tenantId, { ...upload, hash }, urlOf),
    );
  });

  route(app, API.productImage, async (request) => {
    const image = await images.read(app.db, request.tenant.id, request.params.hash);
    return { body: image.bytes, contentType: image.contentType, cacheControl: images.IMAGE_CACHE_CONTROL };
  });
}
