/**
 * "Şifrenizi mi unuttunuz?" by e-mail: POST /auth/forgot-password mails a single-use link (token
 * kept only as a hash, valid for an hour) and answers the same whoever asked; POST
 * /auth/reset-password sets the new password under the tenant's rules, ends every session of the
 * user and writes an audit row. A real SMTP server started here catches the links.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EMAIL_QUEUE_JOB } from '../../src/server/email/email-queue';
import { PASSWORD_RESET_MESSAGES as M } from '../../src/shared/api/password-reset';
import { PASSWORD_NOT_STRONG_MESSAGE } from '../../src/shared/domain/password-rules';
import { freePort } from '../helpers/free-port';
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import { type Api, countRows, startApi } from './support/harness';

let sink: SmtpSink;
let api: Api;
let ipCounter = 0;
/** Each test asks from its own address (the per-IP limit is tested on its own). */
let ip = '';

beforeAll(async () => {
  sink = await startSmtpSink(await freePort());
  api = await startApi({ config: { smtpUrl: sink.url } });
  await api.db
    .updateTable('users')
    .set({ email: 'depo@example.com.tr' })
    .where('tenant_id', '=', 'demo')
    .where('username', '=', 'warehouse')
    .execute();
  await api.db
    .updateTable('users')
    .set({ email: 'surucu@example.com.tr' })
    .where('tenant_id', '=', 'demo')
    .where('username', '=', 'driver')
    .execute();
  await api.db
    .updateTable('users')
    .set({ email: null })
    .where('tenant_id', '=', 'demo')
    .where('username', '=', 'sales')
    .execute();
});
afterAll(async () => {
  await api?.close();
  await sink?.stop();
});
beforeEach(async () => {
  ip = `10.0.0.${++ipCounter}`;
  await api.db.deleteFrom('password_reset_tokens').execute();
  await api.db.deleteFrom('email_outbox').execute();
  await api.db
    .updateTable('tenants')
    .set({ password_min_length: 6, require_strong_password: false })
    .where('id', '=', 'demo')
    .execute();
  sink.messages.length = 0;
});

function forgot(username: string, options: { tenant?: string; host?: string; remoteAddress?: string } = {}) {
  return api.call<{ success: boolean; data: { message: string } }>('POST', '/auth/forgot-password', {
    tenant: options.tenant ?? 'demo',
    body: { username },
    remoteAddress: options.remoteAddress ?? ip,
    headers: options.host ? { host: options.host } : {},
  });
}

function reset(token: string, new_password: string, tenant = 'demo') {
  return api.call<{ success: boolean; data?: { message: string }; error?: string; field?: string }>(
    'POST',
    '/auth/reset-password',
    { tenant, body: { token, new_password }, remoteAddress: ip },
  );
}

/** Sends what is queued and returns the token of the last link mailed to `to`. */
async function linkSentTo(to: string): Promise<{ token: string; tenant: string; url: string }> {
  await api.app.scheduler.run(EMAIL_QUEUE_JOB);
  for (let i = 0; i < 100 && !sink.messages.some((m) => m.to.includes(to)); i++)
    await new Promise((r) => setTimeout(r, 25));
  const mail = sink.messages.filter((m) => m.to.includes(to)).at(-1);
  if (!mail) throw new Error(`no e-mail to ${to}`);
  const match = /(https?:\/\/\S+\/reset-password\?token=([A-Za-z0-9_-]+)&tenant=([a-z0-9-]+))/.exec(
    mail.text,
  );
  if (!match) throw new Error(`no link in: ${mail.text}`);
  expect(mail.html).toContain(match[1]!.replace(/&/g, '&#38;'));
  return { url: match[1]!, token: match[2]!, tenant: match[3]! };
}

describe('POST /auth/forgot-password', () => {
  it('tenant info says the reset goes by e-mail', async () => {
    const r = await api.call<{ data: { password_reset_by_email: boolean } }>('GET', '/tenants/info');
    expect(r.body.data.password_reset_by_email).toBe(true);
  });

  it('mails a link to the user, in Turkish; the token is stored only as its hash and leaves the outbox once sent', async () => {
    const r = await forgot('Warehouse');
    expect(r.status).toBe(200);
    expect(r.body.data.message).toBe(M.requested);
    const link = await linkSentTo('depo@example.com.tr');
    expect(link.tenant).toBe('demo');
    const mail = sink.messages.at(-1)!;
    expect(mail.subject).toBe('Şifre sıfırlama - Demo Ticaret A.Ş.');
    expect(mail.text).toContain('60 dakika geçerlidir');
    const rows = await api.db.selectFrom('password_reset_tokens').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(link.token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(link.token);
    const expiresIn = rows[0]!.expires_at.getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(55 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(60 * 60_000);
    const outbox = await api.db.selectFrom('email_outbox').selectAll().execute();
    expect(outbox.map((o) => [o.kind, o.status, o.text_body, o.html_body])).toEqual([
      ['password_reset', 'sent', '', ''],
    ]);
  });

  it('answers the same for an unknown user, a user without e-mail, and an inactive user — and mails none of them', async () => {
    const known = await forgot('warehouse');
    await api.app.scheduler.run(EMAIL_QUEUE_JOB);
    sink.messages.length = 0;
    await api.db
      .updateTable('users')
      .set({ is_active: false })
      .where('tenant_id', '=', 'demo')
      .where('username', '=', 'manager')
      .execute();
    try {
      for (const [username, tenant] of [
        ['yok-boyle-biri', 'demo'],
        ['sales', 'demo'],
        ['manager', 'demo'],
      ] as const) {
        const r = await forgot(username, { tenant });
        expect([username, r.status, r.raw]).toEqual([username, known.status, known.raw]);
      }
    } finally {
      await api.db
        .updateTable('users')
        .set({ is_active: true })
        .where('tenant_id', '=', 'demo')
        .where('username', '=', 'manager')
        .execute();
    }
    await api.app.scheduler.run(EMAIL_QUEUE_JOB);
    expect(sink.messages).toHaveLength(0);
    expect(await api.db.selectFrom('password_reset_tokens').selectAll().execute()).toHaveLength(1);
  });

  it('a request through an address that is not ours (forged Host) mails nothing, with the same answer', async () => {
    const r = await forgot('warehouse', { host: 'kotu-site.example' });
    expect(r.status).toBe(200);
    expect(r.body.data.message).toBe(M.requested);
    await api.app.scheduler.run(EMAIL_QUEUE_JOB);
    expect(sink.messages).toHaveLength(0);
  });

  it('is limited per username (3 links an hour, silently) and per IP (429 after 10 requests)', async () => {
    for (let i = 0; i < 5; i++) expect((await forgot('driver')).status).toBe(200);
    expect(await api.db.selectFrom('password_reset_tokens').selectAll().execute()).toHaveLength(3);
    for (let i = 0; i < 5; i++) expect((await forgot(`biri-${i}`)).status).toBe(200);
    const limited = await forgot('driver');
    expect(limited.status).toBe(429);
    expect((limited.body as unknown as { code: string }).code).toBe('RATE_LIMITED');
    // Another address is not limited.
    expect((await forgot('biri', { remoteAddress: '10.9.9.9' })).status).toBe(200);
  });

  it('names the field of a malformed request and writes nothing', async () => {
    const r = await api.call<{ error: string; field?: string }>('POST', '/auth/forgot-password', {
      body: { username: '' },
      remoteAddress: ip,
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toContain('Kullanıcı adı');
    expect(await api.db.selectFrom('password_reset_tokens').selectAll().execute()).toHaveLength(0);
  });
});

describe('POST /auth/reset-password', () => {
  it("sets the password under the tenant's rules, once; every session ends; audited", async () => {
    await api.db
      .updateTable('tenants')
      .set({ password_min_length: 10, require_strong_password: true })
      .where('id', '=', 'demo')
      .execute();
    const session = await api.login('demo', 'warehouse');
    await forgot('warehouse');
    const { token } = await linkSentTo('depo@example.com.tr');

    // The rules: too short, then not strong — the token is not used up by a refused password.
    let r = await reset(token, 'Kisa1');
    expect([r.status, r.body.error, r.body.field]).toEqual([
      400,
      'Şifre en az 10 karakter olmalıdır',
      'new_password',
    ]);
    r = await reset(token, 'sadecekucukharf');
    expect([r.status, r.body.error, r.body.field]).toEqual([
      400,
      PASSWORD_NOT_STRONG_MESSAGE,
      'new_password',
    ]);

    r = await reset(token, 'YeniŞifre2026');
    expect(r.status).toBe(200);
    expect(r.body.data?.message).toBe(M.done);
    // Every session of the user has ended; the new password signs in, the old one does not.
    expect((await api.call('GET', '/auth/profile', { token: session.token })).status).toBe(401);
    expect(
      (await api.call('POST', '/auth/login', { body: { username: 'warehouse', password: 'demo1234' } }))
        .status,
    ).toBe(401);
    await api.login('demo', 'warehouse', 'YeniŞifre2026');
    expect(await countRows(api.db, 'audit_logs', { tenant_id: 'demo', action: 'auth.password_reset' })).toBe(
      1,
    );

    // The link works once.
    r = await reset(token, 'BaşkaŞifre2027');
    expect([r.status, r.body.error, r.body.field]).toEqual([400, M.tokenUsed, 'token']);
    await api.login('demo', 'warehouse', 'YeniŞifre2026');
  });

  it('refuses an expired link with a clear Turkish message, and an unknown one; nothing changes', async () => {
    await forgot('driver');
    const { token } = await linkSentTo('surucu@example.com.tr');
    await api.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    let r = await reset(token, 'YeniSifre1');
    expect([r.status, r.body.error, r.body.field]).toEqual([400, M.tokenExpired, 'token']);
    r = await reset('bu-bir-anahtar-degil', 'YeniSifre1');
    expect([r.status, r.body.error, r.body.field]).toEqual([400, M.tokenInvalid, 'token']);
    // A token of this tenant means nothing in another.
    await api.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: new Date(Date.now() + 60_000) })
      .execute();
    r = await reset(token, 'YeniSifre1', 'client1');
    expect([r.status, r.body.error]).toEqual([400, M.tokenInvalid]);
    await api.login('demo', 'driver');
  });

  it("the link's password is the user's own: it replaces a one-time password an admin gave, even an expired one", async () => {
    await api.db
      .updateTable('users')
      .set({ password_must_change: true, password_expires_at: new Date(Date.now() - 1000) })
      .where('tenant_id', '=', 'demo')
      .where('username', '=', 'warehouse')
      .execute();
    await forgot('warehouse');
    const { token } = await linkSentTo('depo@example.com.tr');
    expect((await reset(token, 'KendiSifrem2026')).status).toBe(200);
    const signedIn = await api.call<{ must_change_password: boolean }>('POST', '/auth/login', {
      body: { username: 'warehouse', password: 'KendiSifrem2026' },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.must_change_password).toBe(false);
    const row = await api.db
      .selectFrom('users')
      .select(['password_must_change', 'password_expires_at'])
      .where('tenant_id', '=', 'demo')
      .where('username', '=', 'warehouse')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ password_must_change: false, password_expires_at: null });
  });

  it('a link used twice at once sets the password once', async () => {
    await forgot('driver');
    const { token } = await linkSentTo('surucu@example.com.tr');
    const results = await Promise.all([reset(token, 'IlkSifre123'), reset(token, 'IkinciSifre123')]);
    expect(results.map((x) => x.status).sort()).toEqual([200, 400]);
    const won = results[0]!.status === 200 ? 'IlkSifre123' : 'IkinciSifre123';
    await api.login('demo', 'driver', won);
    expect(
      await countRows(api.db, 'audit_logs', { tenant_id: 'demo', action: 'auth.password_reset' }),
    ).toBeGreaterThan(0);
  });
});

describe('without e-mail configured', () => {
  it('both calls say to ask the admin', async () => {
    const plain = await startApi();
    try {
      const a = await plain.call<{ error: string }>('POST', '/auth/forgot-password', {
        body: { username: 'admin' },
      });
      expect([a.status, a.body.error]).toEqual([403, M.notConfigured]);
      const b = await plain.call<{ error: string }>('POST', '/auth/reset-password', {
        body: { token: 'x', new_password: 'YeniSifre1' },
      });
      expect([b.status, b.body.error]).toEqual([403, M.notConfigured]);
    } finally {
      await plain.close();
    }
  });
});
