import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { COMPANY_LIMITS, COMPANY_MESSAGES } from '../../shared/api/company';
import { API } from '../../shared/api/endpoints';
import { AppError } from '../lib/errors';
import { route } from '../lib/route';
import * as service from './company.service';

const UPLOAD_LIMITS = {
  files: 1,
  fileSize: COMPANY_LIMITS.logoBytesMax,
  fields: 10,
  fieldSize: 1024,
  parts: 11,
} as const;

/** Multipart errors of the logo upload, as the company API's own texts (never a bare 413 or 500). */
function uploadError(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError(413, 'PAYLOAD_TOO_LARGE', COMPANY_MESSAGES.logoTooLarge, { field: 'file' });
  }
  if (code === 'FST_FILES_LIMIT') {
    return new AppError(400, 'VALIDATION_ERROR', COMPANY_MESSAGES.logoOneFile, { field: 'file' });
  }
  if (typeof code === 'string' && code.startsWith('FST_')) {
    return new AppError(400, 'VALIDATION_ERROR', COMPANY_MESSAGES.logoRequired, { field: 'file' });
  }
  return error;
}

/**
 * The one file of a multipart upload, bounded. It must come in the documented field `file`: a file
 * under another name is refused (400 naming `file`) rather than taken; plain fields are ignored.
 */
async function readUpload(request: FastifyRequest): Promise<Buffer | undefined> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', COMPANY_MESSAGES.logoRequired, { field: 'file' });
  }
  let file: Buffer | undefined;
  let misnamed = false;
  try {
    for await (const part of request.parts({ limits: UPLOAD_LIMITS })) {
      if (part.type !== 'file') continue;
      file = await part.toBuffer();
      misnamed = part.fieldname !== 'file';
    }
  } catch (error) {
    throw uploadError(error);
  }
  if (misnamed) throw new AppError(400, 'VALIDATION_ERROR', COMPANY_MESSAGES.logoField, { field: 'file' });
  return file;
}

/**
 * The company profile (admin) and its public logo. Every write changes the tenant row that each
 * request reads through the read cache, so it runs inside `invalidateAround`: the next request
 * (the top bar's tenant info included) sees the change.
 */
export default async function companyRoutes(app: FastifyInstance) {
  await app.register(multipart, { limits: UPLOAD_LIMITS });
  const baseDomain = app.config.baseDomain;

  route(app, API.companyGet, async (request) => ({
    success: true as const,
    data: await service.get(app.db, request.tenant.id, baseDomain),
  }));

  route(app, API.companyUpdate, async (request, reply) =>
    app.readCache.invalidateAround(() =>
      app.mutate(request, reply, { action: 'company.update', entity: 'company' }, (trx) =>
        service.update(trx, request.tenant.id, request.body, baseDomain),
      ),
    ),
  );

  route(app, API.companyLogoUpload, async (request, reply) => {
    const logo = service.checkLogo(await readUpload(request));
    // What makes two uploads "the same request" for the Idempotency-Key: their content.
    request.body = { file_sha256: logo.hash };
    const tenantId = request.tenant.id;
    const url = `${app.prefix}/tenants/logo/${logo.hash}?tenant=${encodeURIComponent(tenantId)}`;
    return app.readCache.invalidateAround(() =>
      app.mutate(request, reply, { action: 'company.logo_upload', entity: 'company' }, (trx) =>
        service.setLogo(trx, tenantId, logo, url, baseDomain),
      ),
    );
  });

  route(app, API.companyLogoDelete, async (request, reply) =>
    app.readCache.invalidateAround(() =>
      app.mutate(request, reply, { action: 'company.logo_delete', entity: 'company' }, (trx) =>
        service.removeLogo(trx, request.tenant.id, baseDomain),
      ),
    ),
  );

  route(app, API.companyLogo, async (request) => {
    const logo = await service.readLogo(app.db, request.tenant.id, request.params.hash);
    return { body: logo.bytes, contentType: logo.contentType, cacheControl: service.LOGO_CACHE_CONTROL };
  });
}
