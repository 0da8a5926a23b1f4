import type { FastifyInstance } from 'fastify';
import { API } from '../../shared/api/endpoints';
import type { Role } from '../../shared/domain/roles';
import { describe } from '../idempotency/mutation';
import { route } from '../lib/route';
import * as settings from './invoice-settings.service';
import * as service from './invoices.service';

export default async function invoiceRoutes(app: FastifyInstance) {
  const actor = (request: { user: { id: string; role: string; full_name: string } }) => ({
    id: request.user.id,
    role: request.user.role as Role,
    full_name: request.user.full_name,
  });

  route(app, API.invoiceList, async (request) => ({
    success: true as const,
    data: await service.list(app.db, request.tenant.id, actor(request), request.query),
  }));

  // A static path before /invoices/:id, so "export" is never taken for an id.
  route(app, API.invoiceExport, async (request) => {
    const file = await service.exportPeriod(app.db, request.tenant.id, actor(request), request.query);
    return { body: file.zip, filename: file.filename };
  });

  route(app, API.invoiceReadiness, async (request) => ({
    success: true as const,
    data: await service.readiness(app.db, request.tenant.id),
  }));

  route(app, API.invoiceSettings, async (request) => ({
    success: true as const,
    data: await settings.getSettings(app.db, request.tenant.id),
  }));

  // The tenant row (its settings version) is in the read cache: emptied around the write.
  route(app, API.invoiceSettingsUpdate, async (request, reply) =>
    app.readCache.invalidateAround(() =>
      app.mutate(request, reply, { action: 'invoice.settings', entity: 'tenant' }, (trx) =>
        settings.updateSettings(trx, request.tenant.id, request.body),
      ),
    ),
  );

  route(app, API.invoicePdf, async (request) => {
    const file = await service.pdf(app.db, request.tenant.id, actor(request), request.params.id);
    return { body: file.pdf, filename: file.filename };
  });

  route(app, API.invoiceXml, async (request) => {
    const file = await service.xml(app.db, request.tenant.id, actor(request), request.params.id);
    return { body: Buffer.from(file.xml, 'utf8'), filename: file.filename };
  });

  route(app, API.invoiceGet, async (request) => ({
    success: true as const,
    data: await service.get(app.db, request.tenant.id, actor(request), request.params.id),
  }));

  route(app, API.invoiceIssue, async (request, reply) =>
    app.mutate(request, reply, { action: 'invoice.issue', entity: 'invoice' }, (trx) =>
      describe(service.issue(trx, request.tenant.id, actor(request), request.body), (i) => ({
        number: i.invoice_number ?? '',
        order: i.order_number,
      })),
    ),
  );

  route(app, API.invoiceCancel, async (request, reply) =>
    app.mutate(request, reply, { action: 'invoice.cancel', entity: 'invoice' }, (trx) =>
      describe(
        service.cancel(trx, request.tenant.id, actor(request), request.params.id, request.body),
        (i) => ({ number: i.invoice_number ?? '', order: i.order_number, reason: i.cancel_reason ?? '' }),
      ),
    ),
  );
}
