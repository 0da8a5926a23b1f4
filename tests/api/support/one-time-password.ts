import { expect } from 'vitest';
import type { User } from '../../../src/shared/api/auth';
import type { Api, Session } from './harness';

/**
 * The first sign-in of a user whose password an admin made (a one-time password): the sign-in
 * says the password must change, the user sets `ownPassword` through PUT /auth/profile (the one
 * call besides the profile and sign-out such a session may make), and the same session is then
 * open for everything its role allows. Returns that session.
 */
export async function signInAndSetOwnPassword(
  api: Api,
  tenant: string,
  username: string,
  oneTimePassword: string,
  ownPassword: string,
): Promise<Session> {
  const r = await api.call<{ token: string; user: User; must_change_password: boolean }>(
    'POST',
    '/auth/login',
    { tenant, body: { username, password: oneTimePassword } },
  );
  expect(r.status, r.raw).toBe(200);
  expect(r.body.must_change_password).toBe(true);
  const changed = await api.call<{ data: User }>('PUT', '/auth/profile', {
    tenant,
    token: r.body.token,
    body: { current_password: oneTimePassword, new_password: ownPassword },
  });
  expect(changed.status, changed.raw).toBe(200);
  expect(changed.body.data.must_change_password).toBe(false);
  return { token: r.body.token, user: changed.body.data, tenant };
}
