import { describe, expect, it } from 'vitest';
import { issueFormToken } from '../../src/server/registrations/form-token';
import { REGISTRATION_MESSAGES as M } from '../../src/shared/api/registrations';
import { SUBDOMAIN_MESSAGES as S } from '../../src/shared/domain/platform';
import {
  api,
  countRegs,
  form,
  ip,
  newAddress,
  setUpRegistrationsApi,
  signUp,
  tokenAged,
} from './support/company-registrations';

/**
 * The public company sign-up: the form token, the live subdomain check, one schema with Turkish
 * errors naming the field, the time trap, the honeypot and the per-address limit.
 */
setUpRegistrationsApi();

describe('public sign-up', () => {
  it('serves a form token without a tenant or a session', async () => {
    const r = await api.call<{ data: { form_token: string; min_seconds: number } }>(
      'GET',
      '/company-registrations/form',
      { tenant: null },
    );
    expect(r.status).toBe(200);
    expect(r.body.data.min_seconds).toBe(3);
    expect(r.body.data.form_token.split('.')).toHaveLength(3);
  });

  it('checks a subdomain live: malformed, reserved, taken and free, each with a Turkish reason', async () => {
    const check = async (subdomain: string) =>
      (
        await api.call<{ data: { available: boolean; reason: string; message: string } }>(
          'GET',
          '/company-registrations/subdomain-check',
          { tenant: null, query: { subdomain }, remoteAddress: ip },
        )
      ).body.data;
    expect(await check('ab')).toMatchObject({ available: false, reason: 'invalid', message: S.tooShort });
    expect(await check('-abc')).toMatchObject({ available: false, message: S.hyphenEdge });
    expect(await check('abc-')).toMatchObject({ available: false, message: S.hyphenEdge });
    expect(await check('ab_c')).toMatchObject({ available: false, message: S.characters });
    expect(await check('şirket')).toMatchObject({ available: false, message: S.characters });
    expect(await check('a'.repeat(64))).toMatchObject({ available: false, message: S.tooLong });
    // an IDN A-label: browsers show xn--dmo-rdd as 'dеmo' (Cyrillic е), a look-alike of demo
    expect(await check('xn--dmo-rdd')).toMatchObject({
      available: false,
      reason: 'invalid',
      message: S.hyphenPair,
    });
    expect(await check('ab--cd')).toMatchObject({
      available: false,
      reason: 'invalid',
      message: S.hyphenPair,
    });
    for (const reserved of ['www', 'api', 'admin', 'mail', 'default', 'app', 'ns1', 'smtp', 'ftp'])
      expect(await check(reserved)).toMatchObject({
        available: false,
        reason: 'reserved',
        message: S.reserved,
      });
    expect(await check('demo')).toMatchObject({ available: false, reason: 'taken', message: S.taken });
    expect(await check('Client1')).toMatchObject({ available: false, reason: 'taken' });
    expect(await check('yeni-firma')).toMatchObject({ available: true, reason: 'ok' });
  });

  it('stores a valid sign-up as pending (201), and a replay of the same id once (200)', async () => {
    const body = form(api);
    const before = await countRegs(api);
    const r = await signUp(api, body);
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({
      id: body.id,
      subdomain: body.subdomain,
      status: 'pending',
      verification_sent: false,
    });
    const again = await signUp(api, body);
    expect(again.status).toBe(200);
    expect(await countRegs(api)).toBe(before + 1);
    // the same id for another company is refused
    const other = await signUp(api, { ...form(api), id: body.id });
    expect(other.status).toBe(409);
    // the name is now pending for anyone else
    const second = await signUp(api, form(api, { subdomain: body.subdomain }));
    expect(second.status).toBe(400);
    expect(second.body).toMatchObject({ error: S.pending, field: 'subdomain' });
  });

  it('refuses bad input with a Turkish error naming the field, writing nothing', async () => {
    const before = await countRegs(api);
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ company_name: '' }, 'company_name', /^Şirket Adı gereklidir$/],
      [{ contact_person_name: undefined }, 'contact_person_name', /^Yetkili Adı Soyadı gereklidir$/],
      [{ contact_person_email: '' }, 'contact_person_email', /^Yetkili E-posta gereklidir$/],
      [{ contact_person_email: 'yok@' }, 'contact_person_email', /Geçerli bir email adresi giriniz/],
      [{ contact_person_phone: '12' }, 'contact_person_phone', /geçerli bir telefon numarası/],
      [{ subscription_plan: 'gold' }, 'subscription_plan', /Ücretsiz, Temel, Pro veya Kurumsal/],
      [{ subdomain: 'www' }, 'subdomain', /ayrılmıştır/],
      [{ subdomain: 'ab' }, 'subdomain', /en az 3 karakter/],
      [{ subdomain: 'a_b_c' }, 'subdomain', /küçük harf/],
      [{ subdomain: 'xn--dmo-rdd' }, 'subdomain', /iki tire \(--\) içeremez/],
      [{ subdomain: 'client1' }, 'subdomain', /başka bir şirket tarafından kullanılıyor/],
      [{ company_name: 'x'.repeat(201) }, 'company_name', /en fazla 200 karakter/],
      [{ address_city: 'a\u0000b' }, 'address_city', /geçersiz karakter/],
    ];
    for (const [index, [patch, field, message]] of cases.entries()) {
      const r = await signUp(api, form(api, patch), `10.2.${index + 1}.1`);
      expect({ field, status: r.status }).toEqual({ field, status: 400 });
      expect(r.body.code).toBe('VALIDATION_ERROR');
      expect(r.body.error, field).toMatch(message);
      expect(r.body.field ?? '', field).toContain(field);
    }
    expect(await countRegs(api)).toBe(before);
  });

  it('time trap: a form sent sooner than 3 s after it was served, a forged or an old token is refused', async () => {
    const before = await countRegs(api);
    const fast = await signUp(api, form(api, { form_token: issueFormToken(api.config.jwtSecret) }));
    expect(fast.status).toBe(400);
    expect(fast.body).toMatchObject({ error: M.tooFast, field: 'form_token' });
    const served = await api.call<{ data: { form_token: string } }>('GET', '/company-registrations/form', {
      tenant: null,
    });
    const atOnce = await signUp(api, form(api, { form_token: served.body.data.form_token }));
    expect(atOnce.body.error).toBe(M.tooFast);
    const [time, nonce] = tokenAged(api).split('.');
    const forged = await signUp(api, form(api, { form_token: `${time}.${nonce}.AAAA` }));
    expect(forged.body).toMatchObject({ error: M.formTokenInvalid, field: 'form_token' });
    newAddress('10.4.0');
    const old = await signUp(api, form(api, { form_token: tokenAged(api, 25 * 3600_000) }));
    expect(old.body.error).toBe(M.formExpired);
    expect(await countRegs(api)).toBe(before);
  });

  it('honeypot: a filled hidden field is refused', async () => {
    const before = await countRegs(api);
    const r = await signUp(api, form(api, { website: 'http://spam.example' }));
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: M.botSuspected, field: 'website' });
    expect(await countRegs(api)).toBe(before);
  });

  it('is rate-limited per address: the sixth sign-up in a quarter hour is 429', async () => {
    const from = '10.9.9.9';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await signUp(api, {}, from)).status);
    expect(statuses.slice(0, 5).every((s) => s === 400)).toBe(true);
    expect(statuses[5]).toBe(429);
    // another address is not affected
    expect((await signUp(api, {}, '10.9.9.10')).status).toBe(400);
  });
});
