import type { FastifyInstance } from 'fastify';
import { API } from '../../shared/api/endpoints';
import type { Role } from '../../shared/domain/roles';
import { route } from '../lib/route';
import * as service from './accounts.service';

/** Customer accounts and payments (rules: accounts.service.ts; who may: shared/domain/account-access.ts). */
export default async function accountRoutes(app: FastifyInstance) {
  const actor = (request: { user: { id: string; role: string; full_name: string } }) => ({
    id: request.user.id,
    role: request.user.role as Role,
    full_name: request.user.full_name,
  });

  route(app, API.accountGet, async (request) => ({
    success: true as const,
    data: await service.getAccount(app.db, request.tenant.id, actor(request), request.params.id),
  }));

  route(app, API.accountMovements, async (request) => ({
    success: true as const,
    data: await service.listMovements(
      app.db,
      request.tenant.id,
      actor(request),
      request.params.id,
      request.query,
    ),
  }));

  route(app, API.accountStatementPdf, async (request) => {
    const file = await service.statementPdf(
      app.db,
      request.tenant.id,
      actor(request),
      request.params.id,
      request.query,
    );
    return { body: file.pdf, filename: file.filename };
  });

  route(app, API.accountStatementXlsx, async (request) => {
    const file = await service.statementXlsx(
      app.db,
      request.tenant.id,
      actor(request),
      request.params.id,
      request.query,
    );
    return { body: file.xlsx, filename: file.filename };
  });

  route(app, API.accountTermsUpdate, async (request, reply) =>
    app.mutate(request, reply, { action: 'account.terms', entity: 'customer' }, (trx) =>
      service.updateTerms(trx, request.tenant.id, actor(request), request.params.id, request.body),
    ),
  );

  route(app, API.accountAdjustment, async (request, reply) =>
    app.mutate(request, reply, { action: 'account.adjust', entity: 'customer' }, (trx) =>
      service.adjust(trx, request.tenant.id, actor(request), request.params.id, request.body),
    ),
  );

  route(app, API.paymentList, async (request) => ({
    success: true as const,
    data: await service.listPayments(app.db, request.tenant.id, actor(request), request.query),
  }));

  route(app, API.paymentGet, async (request) => ({
    success: true as const,
    data: await service.getPayment(app.db, request.tenant.id, actor(request), request.params.id),
  }));

  route(app, API.paymentReceipt, async (request) => {
    const file = await service.receiptPdf(
      app.db,
      request.tenant.id,
      actor(request),
      request.params.id,
      request.query.size ?? 'a5',
    );
    return { body: file.pdf, filename: file.filename };
  });

  route(app, API.paymentCreate, async (request, reply) =>
    app.mutate(request, reply, { action: 'payment.create', entity: 'customer' }, (trx) =>
      service.createPayment(trx, request.tenant.id, actor(request), request.body),
    ),
  );

  route(app, API.dayEndGet, async (request) => ({
    success: true as const,
    data: await service.getDayEnd(app.db, request.tenant.id, actor(request), request.query.day),
  }));

  route(app, API.dayEndConfirm, async (request, reply) =>
    app.mutate(request, reply, { action: 'dayend.confirm', entity: 'user' }, (trx) =>
      service.confirmDayEnd(trx, request.tenant.id, actor(request), request.body),
    ),
  );

  route(app, API.paymentReverse, async (request, reply) =>
    app.mutate(request, reply, { action: 'payment.reverse', entity: 'customer' }, (trx) =>
      service.reversePayment(trx, request.tenant.id, actor(request), request.params.id, request.body),
    ),
  );
}
