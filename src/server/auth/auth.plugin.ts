import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { TokenClaims } from '../../shared/api/auth';
import { mayCall } from '../../shared/api/endpoint';
import { MESSAGES } from '../../shared/api/errors';
import { oneTimePasswordExpired, PASSWORD_CHANGE_REQUIRED } from '../../shared/domain/one-time-password';
import type { Role } from '../../shared/domain/roles';
import { runOf } from '../idempotency/active-runs';
import { AppError, forbidden, unauthorized } from '../lib/errors';
import { findSessionWithUser, revokeSession, touchSession } from './sessions.repository';
import { bearerToken, verifyToken } from './tokens';

export interface AuthUser {
  id: string;
  username: string;
  full_name: string;
  role: Role;
  tenantId: string;
  sessionId: string;
  /** Signed in with a one-time password not yet replaced: only `beforePasswordChange` routes are open. */
  mustChangePassword: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user (set by app.authenticate). */
    user: AuthUser;
    /** Token claims already verified earlier in this request (idempotency's in-flight check). */
    verifiedClaims: TokenClaims | undefined;
  }
  interface FastifyInstance {
    /** onRequest hook: 401 without a valid token and live session; 403 for another tenant's token. */
    authenticate: onRequestAsyncHookHandler;
  }
}

/**
 * Authentication. Order of checks:
 * 1. a bearer token that verifies (HS256 only, signature, exp, all claims) — else 401 UNAUTHORIZED;
 * 2. its tenant claim equals `?tenant=` — else 403 TENANT_MISMATCH (the token is genuine, it just
 *    belongs to another company: "forbidden", not "who are you");
 * 3. its session (jti) exists (read through the app's short-lived cache, lib/read-cache.ts), is not revoked (logout) or expired, and its user exists and is
 *    active — else 401. Role and name come from the database, not the token, so a role change or a
 *    deactivation applies to the next request;
 * 4. the session was not idle longer than the tenant's CURRENT `session_timeout` minutes — else 401
 *    (and the session is revoked, so raising the setting later does not bring it back). JWT_TTL
 *    stays the absolute cap of a session's life;
 * 5. a session signed in with a one-time password (shared/domain/one-time-password.ts) that is
 *    not yet replaced: past the password's expiry → 401 (it could no longer sign in either); else
 *    every route but the few whose entry says `beforePasswordChange` (the own profile, the
 *    password change, sign-out) → 403 PASSWORD_CHANGE_REQUIRED — checked here, once, for every
 *    /api route: the sync feed, the pushes and the event stream included. The flag comes with
 *    the session's row (read cache); the password change empties that cache when it commits, so
 *    the very next request is open.
 * A request records itself on its session (`last_seen_at`) when the last record is a minute old or
 * more: one small write per session and minute, not one per request. `touch: false` (an open event
 * stream checking itself) reads without counting as use: a screen left open is still idle.
 */
export const TOUCH_EVERY_MS = 60_000;

async function resolveUser(app: FastifyInstance, request: FastifyRequest, touch = true): Promise<AuthUser> {
  const token = bearerToken(request.headers.authorization);
  if (!token) throw unauthorized();
  const claims = request.verifiedClaims ?? (await verifyToken(app.config.jwtSecret, token));
  if (!claims) throw unauthorized();
  if (claims.tid !== request.tenant.id) throw new AppError(403, 'TENANT_MISMATCH', MESSAGES.tenantMismatch);
  const tenantId = request.tenant.id;
  const row = await app.readCache.sessions.get(`${tenantId}:${claims.jti}`, () =>
    findSessionWithUser(app.db, tenantId, claims.jti),
  );
  if (!row || row.user_id !== claims.sub) throw unauthorized();
  if (row.session_revoked_at !== null || row.session_expires_at.getTime() <= Date.now()) throw unauthorized();
  if (!row.is_active) throw unauthorized(MESSAGES.userInactive);
  const now = Date.now();
  const oneTime = {
    must_change_password: row.password_must_change,
    password_expires_at: row.password_expires_at,
  };
  if (oneTimePasswordExpired(oneTime, new Date(now))) throw unauthorized(MESSAGES.temporaryPasswordExpired);
  const idle = now - row.session_last_seen_at.getTime();
  if (idle > request.tenant.session_timeout * 60_000) {
    await revokeSession(app.db, tenantId, row.session_id, new Date(now)).catch(() => {});
    throw unauthorized();
  }
  if (touch && idle >= TOUCH_EVERY_MS) {
    // The cached row is the one later requests read: they see the new time and do not write again.
    row.session_last_seen_at = new Date(now);
    await touchSession(app.db, tenantId, row.session_id, row.session_last_seen_at).catch(() => {
      /* best effort: the next request a minute on tries again */
    });
  }
  return {
    id: row.user_id,
    username: row.username,
    full_name: row.full_name,
    role: row.role as Role,
    tenantId: request.tenant.id,
    sessionId: row.session_id,
    mustChangePassword: row.password_must_change,
  };
}

/**
 * Is the request's session still what it was when the request was authenticated — not revoked,
 * not expired, the user active and in the same role? For answers that outlive their request:
 * an open event stream (GET /events) asks it now and then and ends when it is not.
 */
export async function stillSignedIn(app: FastifyInstance, request: FastifyRequest): Promise<boolean> {
  try {
    const now = await resolveUser(app, request, false);
    return (
      now.id === request.user.id && now.role === request.user.role && now.sessionId === request.user.sessionId
    );
  } catch {
    return false;
  }
}

export default fp(
  async function authPlugin(app: FastifyInstance) {
    app.decorateRequest('user', null as unknown as AuthUser);
    app.decorateRequest('verifiedClaims', undefined);
    app.decorate('authenticate', async function authenticate(request: FastifyRequest) {
      request.user ??= await resolveUser(app, request);
    });
    /*
     * AUTH BY DEFAULT. Every route of this scope (/api) requires a signed-in user unless its
     * endpoint entry says `public`; a route registered without an entry (or one that forgets to
     * say anything) is therefore authenticated, never accidentally public. Role lists come from the
     * entry too (`access`). tests/api/route-walker.test.ts walks every registered route and holds
     * the public list to exactly what src/shared/api/routes.ts says.
     */
    app.addHook('onRequest', async (request: FastifyRequest) => {
      const config = request.routeOptions.config;
      const access = config?.access;
      if (access === 'public') return;
      // An entry of a POST /sync/push run (same token, same tenant): the batch request's user,
      // authenticated at its start — no session look-up outside the run's transaction.
      const run = runOf(app, request);
      if (run && run.tenant.id === request.tenant.id) request.user ??= run.user;
      request.user ??= await resolveUser(app, request);
      if (request.user.mustChangePassword && config?.beforePasswordChange !== true)
        throw new AppError(403, PASSWORD_CHANGE_REQUIRED, MESSAGES.passwordChangeRequired);
      // A route without an entry is "any signed-in user"; an entry's role list is checked by the
      // same rule the client uses to offer a call (mayCall).
      if (access !== undefined && !mayCall({ access }, request.user.role)) throw forbidden(config?.denied);
    });
  },
  { name: 'auth', dependencies: ['tenant'] },
);
