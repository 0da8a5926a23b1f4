import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DnsProvider, DnsRecord } from '../../src/server/dns/provider';
import { REGISTRATION_MESSAGES as M } from '../../src/shared/api/registrations';
import { freePort } from '../helpers/free-port';
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import { act, api, form, setUpRegistrationsApi, signUp } from './support/company-registrations';
import { startApi } from './support/harness';

/**
 * DNS and e-mail around a company sign-up: approval writes the DNS record (a provider failure is
 * recorded and the approval stands), and with SMTP the sign-up mails a verification link and the first
 * password is mailed, not shown.
 */
setUpRegistrationsApi();

/**
 * A DNS provider that records what it is asked, or fails like a provider that is down; its
 * resolver answers `resolves` (a record just written may not resolve yet).
 */
function fakeDns(
  fail: string | null,
  written: string[],
  resolves: 'active' | 'pending' = 'active',
): DnsProvider {
  return {
    configured: true,
    zone: 'example.com.',
    upsertHost: async (label: string): Promise<DnsRecord> => {
      if (fail) throw new Error(fail);
      written.push(label);
      return { name: `${label}.example.com.`, type: 'A', content: ['192.0.2.1'], ttl: 300 };
    },
    removeHost: async () => {},
    listRecords: async () => [],
    check: async (label: string) => ({
      status: resolves,
      host: `${label}.example.com`,
      answers: [],
      target: null,
    }),
  };
}

describe('DNS and e-mail on approval', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink(await freePort());
  });
  afterAll(async () => sink?.stop());

  it('writes the DNS record (active); a provider failure is dns_status error with the reason and the approval stands', async () => {
    const written: string[] = [];
    const ok = await startApi({ database: api.database, dns: fakeDns(null, written) });
    const down = await startApi({ database: api.database, dns: fakeDns('bağlantı reddedildi', []) });
    try {
      const a = form(ok);
      await signUp(ok, a, '10.7.0.1');
      const r1 = await act(ok, await ok.login('default', 'admin'), a.id, 'approve');
      expect(r1.body.data.tenant?.dns_status).toBe('active');
      expect(written).toEqual([a.subdomain]);
      const b = form(down);
      await signUp(down, b, '10.7.0.2');
      const r2 = await act(down, await down.login('default', 'admin'), b.id, 'approve');
      expect(r2.status).toBe(200);
      expect(r2.body.data.registration.status).toBe('approved');
      expect(r2.body.data.tenant).toMatchObject({
        dns_status: 'error',
        dns_message: M.dnsError('bağlantı reddedildi'),
      });
      const row = await ok.db
        .selectFrom('tenants')
        .select('dns_status')
        .where('id', '=', b.subdomain)
        .executeTakeFirst();
      expect(row?.dns_status).toBe('error');
      // written, but the resolver does not answer it yet: pending, never 'active' on trust
      const slow = await startApi({ database: api.database, dns: fakeDns(null, [], 'pending') });
      try {
        const c = form(slow);
        await signUp(slow, c, '10.7.0.3');
        const r3 = await act(slow, await slow.login('default', 'admin'), c.id, 'approve');
        expect(r3.body.data.tenant).toMatchObject({ dns_status: 'pending', dns_message: M.dnsPending });
      } finally {
        await slow.close();
      }
    } finally {
      await ok.close();
      await down.close();
    }
  });

  it('with SMTP: the sign-up mails a verification link that sets email_verified; the first password is mailed, not shown', async () => {
    const mailing = await startApi({ database: api.database, config: { smtpUrl: sink.url } });
    try {
      const body = form(mailing);
      const r = await signUp(mailing, body, '10.8.0.1');
      expect(r.body.data).toMatchObject({ verification_sent: true });
      // the mail as the SMTP server received it (the outbox forgets a sent link's body)
      await expect
        .poll(() => sink.messages.some((m) => m.to.includes(body.contact_person_email)), { timeout: 15_000 })
        .toBe(true);
      const mail = sink.messages.find((m) => m.to.includes(body.contact_person_email));
      await expect
        .poll(
          async () =>
            (
              await mailing.db
                .selectFrom('email_outbox')
                .select(['status', 'text_body'])
                .where('kind', '=', 'registration_verify')
                .where('to_address', '=', body.contact_person_email)
                .executeTakeFirst()
            )?.text_body,
        )
        .toBe('');
      const token = /verify=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
      expect(token.length).toBeGreaterThan(20);
      const bad = await mailing.call('POST', '/company-registrations/verify-email', {
        tenant: null,
        body: { token: 'yanlis' },
      });
      expect(bad.status).toBe(400);
      for (let i = 0; i < 2; i++) {
        const v = await mailing.call('POST', '/company-registrations/verify-email', {
          tenant: null,
          body: { token },
        });
        expect(v.status).toBe(200);
      }
      const row = await mailing.db
        .selectFrom('company_registrations')
        .select('email_verified')
        .where('id', '=', body.id)
        .executeTakeFirstOrThrow();
      expect(row.email_verified).toBe(true);
      const approved = await act(mailing, await mailing.login('default', 'admin'), body.id, 'approve');
      expect(approved.body.data.tenant).toMatchObject({ one_time_password: null, password_emailed: true });
      const isApproval = (m: (typeof sink.messages)[number]) =>
        m.to.includes(body.contact_person_email) && m.subject.startsWith('Şirket kaydınız onaylandı');
      await expect.poll(() => sink.messages.some(isApproval), { timeout: 15_000 }).toBe(true);
      const sent = { text_body: sink.messages.find(isApproval)?.text ?? '' };
      const password = /Geçici şifre: (\S+)/.exec(sent.text_body)?.[1] ?? '';
      const username = /Kullanıcı adı: (\S+)/.exec(sent.text_body)?.[1] ?? '';
      expect(sent.text_body).toMatch(/tek kullanımlıktır/);
      const session = await mailing.login(body.subdomain, username, password);
      expect(session.user.role).toBe('admin');
    } finally {
      await mailing.close();
    }
  });
});
