import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { API } from '../../../shared/api/endpoints';
import { IMPORT_LIMITS } from '../../../shared/domain/product-import';
import { inBackground, lendingReads } from '../../db/database';
import { runOf } from '../../idempotency/active-runs';
import { AppError } from '../../lib/errors';
import { route } from '../../lib/route';
import * as service from './import.service';
import { IMPORT_FILE_MESSAGES, ImportFileError } from './import-errors';
import { refusedXlsx, templateCsv, templateXlsx } from './import-files';

/** Bulk product import (admin): preview, rows, confirm, templates, refused rows. */
export default async function importRoutes(app: FastifyInstance) {
  // The upload is multipart; the parser is registered here unless the app already has one.
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, {
      limits: { fileSize: IMPORT_LIMITS.maxFileBytes, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
    });
  }

  route(app, API.productImportPreview, async (request, reply) => {
    let file: { filename: string; bytes: Buffer };
    try {
      const part = request.isMultipart() ? await request.file() : undefined;
      if (!part) throw new ImportFileError('NO_FILE');
      file = { filename: part.filename, bytes: await part.toBuffer() };
      // The documented field is `file`: a file under another name is refused, not guessed at.
      if (part.fieldname !== 'file') throw new ImportFileError('WRONG_FIELD');
    } catch (error) {
      if (error instanceof ImportFileError) throw fileRefusal(error);
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw new AppError(413, 'PAYLOAD_TOO_LARGE', IMPORT_FILE_MESSAGES.FILE_TOO_LARGE, { field: 'file' });
      throw new AppError(400, 'VALIDATION_ERROR', IMPORT_FILE_MESSAGES.NO_FILE, { field: 'file' });
    }
    try {
      // Background work on the embedded database: other users' statements go first.
      const data = await inBackground(() =>
        service.preview(app.db, request.tenant.id, request.user.id, {
          name: file.filename || 'dosya',
          bytes: file.bytes,
        }),
      );
      return reply.code(200).send({ success: true, data });
    } catch (error) {
      if (error instanceof ImportFileError) throw fileRefusal(error);
      throw error;
    }
  });

  route(app, API.productImportTemplateXlsx, async () => ({
    body: await templateXlsx(),
    filename: 'urun-sablonu.xlsx',
  }));
  route(app, API.productImportTemplateCsv, async () => ({
    body: templateCsv(),
    filename: 'urun-sablonu.csv',
  }));

  route(app, API.productImportGet, async (request) => ({
    success: true as const,
    data: await service.summary(app.db, request.tenant.id, request.params.id),
  }));

  route(app, API.productImportRows, async (request) => ({
    success: true as const,
    data: await service.rows(app.db, request.tenant.id, request.params.id, request.query),
  }));

  // In-memory only (no database access): it answers while the import's transaction runs.
  route(app, API.productImportProgress, async (request) => ({
    success: true as const,
    data: service.importProgress(request.params.id),
  }));

  // Staging first (short statements, other requests in between), then the one short transaction
  // that makes the staged rows live (import.service.ts); the staged rows are deleted either way.
  // An entry of a POST /sync/push run may touch the database only inside the run's transaction
  // (on the embedded database it holds the one connection): there the confirmation stages, applies
  // and deletes its staged rows all inside that transaction.
  route(app, API.productImportConfirm, async (request, reply) => {
    const tenantId = request.tenant.id;
    const { id } = request.params;
    const fingerprint = request.body.expected_fingerprint;
    const staged: { run: service.StagedRun | null } = { run: null };
    // The staged rows are deleted before the answer leaves (a client that has it never sees the
    // confirmation still writing), or, when it failed, before the refusal does.
    const unstage = async () => {
      const run = staged.run;
      staged.run = null;
      if (run)
        await service
          .unstage(app.db, tenantId, id, run)
          .catch((error) => request.log.warn({ err: error }, 'import staging clean-up failed'));
    };
    try {
      // Background work on the embedded database: other users' statements go first, and the
      // confirmation's one transaction starts only when none is waiting (db/pglite-priority.ts);
      // once under way it lets their reads of the tables it does not write run between its
      // statements (db/pglite-lending.ts).
      return await inBackground(() =>
        lendingReads(service.CONFIRMATION_WRITES, () =>
          app.mutate(
            request,
            reply,
            {
              action: 'product.import',
              entity: 'product_import',
              prepare: async () => {
                if (!runOf(app, request)) staged.run = await service.stage(app.db, tenantId, id, fingerprint);
              },
              finish: unstage,
            },
            async (trx) => {
              const inside = staged.run ? null : await service.stage(trx, tenantId, id, fingerprint);
              const { report, changed } = await service.confirm(
                trx,
                tenantId,
                request.user.id,
                id,
                fingerprint,
                staged.run ?? inside,
              );
              if (inside) await service.unstage(trx, tenantId, id, inside);
              return {
                data: report,
                changed,
                entityId: id,
                audit: {
                  params: { created: report.created, updated: report.updated, unchanged: report.unchanged },
                },
              };
            },
          ),
        ),
      );
    } finally {
      await inBackground(unstage);
    }
  });

  route(app, API.productImportRefused, async (request) => {
    const { file_name, columns, rows } = await service.refusedRows(
      app.db,
      request.tenant.id,
      request.params.id,
    );
    const base = file_name.replace(/\.[^.]*$/, '') || 'urunler';
    return { body: await refusedXlsx(columns, rows), filename: `${base}-reddedilen.xlsx` };
  });
}

function fileRefusal(error: ImportFileError): AppError {
  return new AppError(400, 'VALIDATION_ERROR', error.message, { field: 'file', reason: error.reason });
}
