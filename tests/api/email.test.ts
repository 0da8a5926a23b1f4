/**
 * E-mail copies of notifications, from the queue (src/server/email): with SMTP_URL set, a
 * notification whose user has an e-mail address is also sent by e-mail when the tenant's
 * `email_notifications` is on — queued in the transaction that creates the notification, sent by
 * the worker to a real SMTP server started here, retried while that server is down, and sent
 * exactly once even with two processes. Without SMTP_URL nothing is queued.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EMAIL_MAX_ATTEMPTS, EMAIL_QUEUE_JOB } from '../../src/server/email/email-queue';
import { freePort } from '../helpers/free-port';
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import { type Api, type Session, startApi } from './support/harness';

let sink: SmtpSink;
let api: Api;
let sales: Session;
let manager: Session;
let admin: Session;

beforeAll(async () => {
  sink = await startSmtpSink(await freePort());
  api = await startApi({ config: { smtpUrl: sink.url, emailRetryBaseMs: 50 } });
  sales = await api.login('demo', 'sales');
  manager = await api.login('demo', 'manager');
  admin = await api.login('demo', 'admin');
});
afterAll(async () => {
  await api?.close();
  await sink?.stop();
});

beforeEach(async () => {
  await sink.start();
  // Everyone's queue empty; only the manager has an address; e-mail notifications on.
  await api.db.deleteFrom('email_outbox').execute();
  await api.db.updateTable('users').set({ email: null }).where('tenant_id', '=', 'demo').execute();
  await api.db
    .updateTable('users')
    .set({ email: 'mudur@example.com.tr' })
    .where('tenant_id', '=', 'demo')
    .where('id', '=', manager.user.id)
    .execute();
  await api.db.updateTable('tenants').set({ email_notifications: true }).where('id', '=', 'demo').execute();
  sink.messages.length = 0;
});

async function createOrder(customer = 'Işık & <Çelik> Ltd.') {
  const r = await api.call<{ data: { id: string; order_number: string } }>('POST', '/orders', {
    token: sales.token,
    body: {
      customer_name: customer,
      customer_phone: '+90 555 111 22 33',
      customer_address: 'Atatürk Cad. No:1, Kadıköy / İstanbul',
      items: [{ product_name: 'Kalem', quantity: 3, unit_price: 12.5 }],
    },
  });
  expect(r.status).toBe(201);
  return r.body.data;
}

function notificationsOf(userId: string, orderId: string) {
  return api.db
    .selectFrom('notifications')
    .select(['id', 'title', 'message'])
    .where('tenant_id', '=', 'demo')
    .where('user_id', '=', userId)
    .where('related_order_id', '=', orderId)
    .execute();
}

function outbox() {
  return api.db.selectFrom('email_outbox').selectAll().orderBy('created_at').execute();
}

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('notification e-mails', () => {
  it('sends one e-mail per notification to the right address with its Turkish text (escaped in the HTML)', async () => {
    const order = await createOrder();
    await api.app.scheduler.run(EMAIL_QUEUE_JOB);
    await until(() => sink.messages.length >= 1, 'the e-mail');
    // The manager got the notification and its e-mail; the admin (no address) only the notification.
    const [note] = await notificationsOf(manager.user.id, order.id);
    expect(note).toBeDefined();
    expect(await notificationsOf(admin.user.id, order.id)).toHaveLength(1);
    expect(sink.messages).toHaveLength(1);
    const mail = sink.messages[0]!;
    expect(mail.to).toEqual(['mudur@example.com.tr']);
    expect(mail.subject).toBe(`${note!.title} - Demo Ticaret A.Ş.`);
    expect(mail.text).toContain(note!.message);
    expect(mail.text).toContain(order.order_number);
    expect(mail.text).toContain('Işık & <Çelik> Ltd.');
    expect(mail.html).toContain('Işık &#38; &#60;Çelik&#62; Ltd.');
    expect(mail.html).not.toContain('<Çelik>');
    expect((await outbox()).map((r) => [r.status, r.attempts])).toEqual([['sent', 1]]);
    // Running the worker again sends nothing more.
    await api.app.scheduler.run(EMAIL_QUEUE_JOB);
    expect(sink.messages).toHaveLength(1);
  });

  it('the request itself queues the e-mail and a kick after it sends it without waiting for the next tick', async () => {
    await createOrder();
    await until(() => sink.messages.length === 1, 'the kicked send');
    expect(sink.messages[0]!.to).toEqual(['mudur@example.com.tr']);
  });

  it("a user without an e-mail address gets none; the tenant's email_notifications off: none at all", async () => {
    await api.db
      .updateTable('users')
      .set({ email: '' })
      .where('tenant_id', '=', 'demo')
      .where('id', '=', admin.user.id)
      .execute();
    await api.db
      .updateTable('tenants')
      .set({ email_notifications: false })
      .where('id', '=', 'demo')
      .execute();
    const order = await createOrder();
    expect(await notificationsOf(manager.user.id, order.id)).toHaveLength(1);
    expect(await outbox()).toHaveLength(0);
    await api.app.scheduler.run(EMAIL_QUEUE_JOB);
    expect(sink.messages).toHaveLength(0);
  });

  it('with the SMTP server down the e-mail is retried with backoff and delivered once when it is back', async () => {
    await sink.stop();
    await createOrder();
    await api.app.scheduler.run(EMAIL_QUEUE_JOB);
    let [row] = await outbox();
    expect(row!.status).toBe('pending');
    expect(row!.attempts).toBe(1);
    expect(row!.last_error).toBeTruthy();
    expect(row!.next_attempt_at.getTime()).toBeGreaterThan(Date.now() - 1000);
    // Still down: a second failure, and the wait doubles.
    await new Promise((r) => setTimeout(r, 60));
    await api.app.scheduler.run(EMAIL_QUEUE_JOB);
    [row] = await outbox();
    expect(row!.attempts).toBe(2);
    expect(sink.messages).toHaveLength(0);
    // Back up: the next run after the wait delivers it, once.
    await sink.start();
    await new Promise((r) => setTimeout(r, 120));
    await api.app.scheduler.run(EMAIL_QUEUE_JOB);
    await until(() => sink.messages.length >= 1, 'the retried e-mail');
    [row] = await outbox();
    expect([row!.status, row!.attempts]).toEqual(['sent', 3]);
    await api.app.scheduler.run(EMAIL_QUEUE_JOB);
    expect(sink.messages).toHaveLength(1);
  });

  it(`gives up after ${EMAIL_MAX_ATTEMPTS} attempts (status failed, the error kept)`, async () => {
    await sink.stop();
    await createOrder();
    // (the run the request kicked has failed its first attempt by the end of this one)
    await api.app.scheduler.run(EMAIL_QUEUE_JOB);
    await api.db
      .updateTable('email_outbox')
      .set({ attempts: EMAIL_MAX_ATTEMPTS - 1, next_attempt_at: new Date(Date.now() - 1000) })
      .execute();
    await api.app.scheduler.run(EMAIL_QUEUE_JOB);
    const [row] = await outbox();
    expect([row!.status, row!.attempts]).toEqual(['failed', EMAIL_MAX_ATTEMPTS]);
    expect(row!.last_error).toBeTruthy();
    await sink.start();
    await api.app.scheduler.run(EMAIL_QUEUE_JOB);
    expect(sink.messages).toHaveLength(0);
  });

  it('two processes sending at once send each e-mail exactly once', async () => {
    const second = await startApi({
      database: api.database,
      config: { smtpUrl: sink.url, emailRetryBaseMs: 50 },
    });
    try {
      // Twelve e-mails queued while the server is down, then both workers at once.
      await sink.stop();
      for (let i = 0; i < 12; i++) await createOrder(`Müşteri ${i}`);
      await api.db
        .updateTable('email_outbox')
        .set({ next_attempt_at: new Date(Date.now() - 1000) })
        .execute();
      await sink.start();
      await Promise.all([
        api.app.scheduler.run(EMAIL_QUEUE_JOB),
        second.app.scheduler.run(EMAIL_QUEUE_JOB),
        api.app.scheduler.run(EMAIL_QUEUE_JOB),
        second.app.scheduler.run(EMAIL_QUEUE_JOB),
      ]);
      await new Promise((r) => setTimeout(r, 150));
      await Promise.all([api.app.scheduler.run(EMAIL_QUEUE_JOB), second.app.scheduler.run(EMAIL_QUEUE_JOB)]);
      await until(() => sink.messages.length >= 12, 'twelve e-mails');
      const rows = await outbox();
      expect(rows).toHaveLength(12);
      expect(rows.every((r) => r.status === 'sent')).toBe(true);
      const customers = sink.messages.map((m) => /Müşteri \d+/.exec(m.text)?.[0]).sort();
      expect(customers).toEqual([...new Set(customers)]);
      expect(sink.messages).toHaveLength(12);
    } finally {
      await second.close();
    }
  });
});

describe('without SMTP_URL', () => {
  it('queues nothing and says password reset is not by e-mail', async () => {
    const plain = await startApi();
    try {
      const s = await plain.login('demo', 'sales');
      await plain.db
        .updateTable('users')
        .set({ email: 'x@example.com.tr' })
        .where('tenant_id', '=', 'demo')
        .execute();
      const r = await plain.call('POST', '/orders', {
        token: s.token,
        body: {
          customer_name: 'Deneme',
          customer_phone: '+90 555 111 22 33',
          customer_address: 'Adres',
          items: [{ product_name: 'Kalem', quantity: 1, unit_price: 1 }],
        },
      });
      expect(r.status).toBe(201);
      const notes = await plain.db
        .selectFrom('notifications')
        .select('id')
        .where('related_order_id', '=', (r.body as { data: { id: string } }).data.id)
        .execute();
      expect(notes.length).toBeGreaterThan(0);
      expect(await plain.db.selectFrom('email_outbox').selectAll().execute()).toHaveLength(0);
      const info = await plain.call<{ data: { password_reset_by_email: boolean } }>('GET', '/tenants/info');
      expect(info.body.data.password_reset_by_email).toBe(false);
    } finally {
      await plain.close();
    }
  });
});
