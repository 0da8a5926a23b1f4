import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema } from '../../src/shared/api/entities';
import { ORDER_MESSAGES } from '../../src/shared/api/orders';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../src/shared/domain/order-status';
import { type Api, type Session, startApi } from './support/harness';

/**
 * Two devices act on one order at the same moment (conflicts are refused, never merged; rows are
 * locked in one order, so writers cannot deadlock): a
 * manager approves and an admin cancels the same pending_approval order, both expecting
 * pending_approval. Exactly one wins; the other gets 409 CONFLICT carrying the order as the winner
 * left it; exactly one status_changed event exists. On PGlite the two requests serialize on the
 * single connection; on PostgreSQL (TEST_DATABASE_URL) they truly race on SELECT … FOR UPDATE.
 */
let api: Api;
let sales: Session;
let manager: Session;
let admin: Session;
let sales2: Session;

beforeAll(async () => {
  api = await startApi();
  [sales, manager, admin, sales2] = await Promise.all([
    api.login('demo', 'sales'),
    api.login('demo', 'manager'),
    api.login('demo', 'admin'),
    api.login('demo', 'sales2'),
  ]);
});
afterAll(async () => api?.close());

type Reply = {
  status: number;
  body: { success: boolean; code?: string; error?: string; current?: unknown; data?: unknown };
};

describe('concurrent approve and cancel of one order', () => {
  it('one wins, the other gets 409 CONFLICT with the winner’s order; one event, one notification', async () => {
    const rounds = 6;
    const winners: string[] = [];
    for (let round = 0; round < rounds; round++) {
      const created = await api.call<{ data: { id: string } }>('POST', '/orders', {
        token: sales.token,
        body: {
          customer_name: `Yarış Müşterisi ${round}`,
          items: [{ product_name: 'Yarış ürünü', quantity: 1, unit_price: 99.9 }],
        },
      });
      expect(created.status).toBe(201);
      const id = created.body.data.id;
      // Alternate who is sent first, so either side can win.
      const approve = () =>
        api.call<Reply['body']>('PATCH', `/orders/${id}/status`, {
          token: manager.token,
          body: { status: 'approved', expected_status: 'pending_approval' },
        });
      const cancel = () =>
        api.call<Reply['body']>('PATCH', `/orders/${id}/status`, {
          token: admin.token,
          body: { status: 'cancelled', notes: 'Müşteri vazgeçti', expected_status: 'pending_approval' },
        });
      const [a, c] = (
        round % 2 === 0
          ? await Promise.all([approve(), cancel()])
          : await Promise.all([cancel(), approve()]).then(([x, y]) => [y, x])
      ) as [Reply, Reply];

      expect([a.status, c.status].sort()).toEqual([200, 409]);
      const [winner, loser, winnerStatus] = a.status === 200 ? [a, c, 'approved'] : [c, a, 'cancelled'];
      winners.push(winnerStatus as string);
      expect(orderSchema.parse(winner.body.data).status).toBe(winnerStatus);
      expect(loser.body).toMatchObject({
        success: false,
        code: 'CONFLICT',
        error: ORDER_MESSAGES.conflict(ORDER_STATUS_LABELS[winnerStatus as OrderStatus]),
      });
      const current = orderSchema.parse(loser.body.current);
      expect(current).toMatchObject({ id, status: winnerStatus });
      expect(current.events.filter((e) => e.event_type === 'status_changed')).toHaveLength(1);

      const events = await api.db
        .selectFrom('order_events')
        .selectAll()
        .where('tenant_id', '=', 'demo')
        .where('order_id', '=', id)
        .where('event_type', '=', 'status_changed')
        .execute();
      expect(events.map((e) => e.to_status)).toEqual([winnerStatus]);
      const row = await api.db
        .selectFrom('orders')
        .select(['status', 'manager_id'])
        .where('tenant_id', '=', 'demo')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe(winnerStatus);
      expect(row.manager_id).toBe(winnerStatus === 'approved' ? manager.user.id : admin.user.id);
      const notes = await api.db
        .selectFrom('notifications')
        .select(['type', 'user_id'])
        .where('tenant_id', '=', 'demo')
        .where('related_order_id', '=', id)
        .where('type', '!=', 'order_created')
        .execute();
      // Only the winner's notifications: the salesperson (and, for an approval, every active
      // warehouse user: work to prepare).
      const warehouseIds = (
        await api.db
          .selectFrom('users')
          .select('id')
          .where('tenant_id', '=', 'demo')
          .where('role', '=', 'warehouse')
          .where('is_active', '=', true)
          .execute()
      ).map((u) => u.id);
      const type = winnerStatus === 'approved' ? 'order_approved' : 'order_cancelled';
      const expected = [sales.user.id, ...(winnerStatus === 'approved' ? warehouseIds : [])];
      expect(notes.map((n) => n.type)).toEqual(expected.map(() => type));
      expect(notes.map((n) => n.user_id).sort()).toEqual(expected.sort());
    }
    expect(winners).toHaveLength(rounds);
  });

  it('many racers on one order: exactly one status change, every loser sees the same current order', async () => {
    const created = await api.call<{ data: { id: string } }>('POST', '/orders', {
      token: sales.token,
      body: { customer_name: 'Kalabalık', items: [{ product_name: 'Ürün', quantity: 2, unit_price: 5 }] },
    });
    const id = created.body.data.id;
    const racers = [manager, admin, manager, admin, manager, admin].map((s, i) =>
      api.call<Reply['body']>('PATCH', `/orders/${id}/status`, {
        token: s.token,
        body: { status: i % 2 === 0 ? 'approved' : 'rejected', expected_status: 'pending_approval' },
      }),
    );
    const replies: Reply[] = await Promise.all(racers);
    const final = await api.db
      .selectFrom('orders')
      .select('status')
      .where('tenant_id', '=', 'demo')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    // The winner and every racer asking for the same status get 200 (already satisfied); the rest 409.
    for (const [i, r] of replies.entries()) {
      const asked = i % 2 === 0 ? 'approved' : 'rejected';
      if (asked === final.status) expect(r.status).toBe(200);
      else {
        expect(r.status).toBe(409);
        expect(orderSchema.parse(r.body.current).status).toBe(final.status);
      }
    }
    const events = await api.db
      .selectFrom('order_events')
      .select('to_status')
      .where('tenant_id', '=', 'demo')
      .where('order_id', '=', id)
      .where('event_type', '=', 'status_changed')
      .execute();
    expect(events).toEqual([{ to_status: final.status }]);
  });
});

describe('concurrent creation of one client-made id', () => {
  const body = (id: string) => ({
    id,
    customer_name: 'Çift Gönderim',
    items: [{ product_name: 'Ürün', quantity: 1, unit_price: 1 }],
  });
  async function rows(id: string) {
    const orders = await api.db
      .selectFrom('orders')
      .select(['id', 'salesperson_id'])
      .where('tenant_id', '=', 'demo')
      .where('id', '=', id)
      .execute();
    const events = await api.db
      .selectFrom('order_events')
      .select('id')
      .where('tenant_id', '=', 'demo')
      .where('order_id', '=', id)
      .execute();
    return { orders, events };
  }

  it('the same user sending it twice at once (two keys): one order, the other answer is that order', async () => {
    const id = randomUUID();
    const replies = await Promise.all(
      [0, 1].map(() =>
        api.call<{ data: { id: string; order_number: string } }>('POST', '/orders', {
          token: sales.token,
          body: body(id),
          idempotencyKey: randomUUID(),
        }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 201]);
    const strip = (data: unknown) => {
      const { applied_on_version: _applied, ...order } = data as Record<string, unknown>;
      return order;
    };
    expect(strip(replies[0]?.body.data)).toEqual(strip(replies[1]?.body.data));
    const { orders, events } = await rows(id);
    expect(orders).toHaveLength(1);
    expect(events).toHaveLength(1);
  });

  it('two users racing for one id: one creates it, the other gets 409', async () => {
    const id = randomUUID();
    const replies = await Promise.all(
      [sales, sales2].map((s) =>
        api.call<{ code?: string }>('POST', '/orders', { token: s.token, body: body(id) }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(replies.find((r) => r.status === 409)?.body.code).toBe('CONFLICT');
    const { orders, events } = await rows(id);
    expect(orders).toHaveLength(1);
    expect(events).toHaveLength(1);
  });
});
