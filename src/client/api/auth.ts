import type { AuthResponse, LoginBody, ProfileUpdateBody, TenantInfo, User } from '../../shared/api';
import { ROUTES } from '../../shared/api/routes';
import { ApiError } from './errors';
import { request } from './http';

/*
 * Calls made before or around signing in. They read their routes from the schema-free half of the
 * endpoint table (ROUTES) and check the answers by hand, so that the sign-in screen does not pull
 * the schema library into the first download. Everything after sign-in uses `call(API.x)`.
 */

/** Login and register responses must contain both user and token; anything else is an invalid answer. */
function checkAuthResponse(body: AuthResponse | undefined): AuthResponse {
  if (!body?.user || !body.token) throw new ApiError('Invalid response from server', 200);
  return body;
}

export async function login(body: LoginBody): Promise<AuthResponse> {
  return checkAuthResponse(
    await request<AuthResponse>(ROUTES.login.path, {
      method: ROUTES.login.method,
      json: body,
      whole: true,
      ignoreUnauthorized: true,
      token: null,
    }),
  );
}

/**
 * Logout tells the server (the session is revoked); the caller clears local state whatever happens.
 * `tenant`: the session's own tenant, when the page shows another company's address.
 */
export async function logout(tenant?: string): Promise<void> {
  await request(ROUTES.logout.path, { method: ROUTES.logout.method, ignoreUnauthorized: true, tenant });
}

/** A tenant's public info (name, branding) by its id, whatever the page's tenant is. */
export async function fetchTenantInfoOf(tenant: string): Promise<TenantInfo> {
  return request<TenantInfo>(ROUTES.tenantInfo.path, { token: null, tenant });
}

export async function fetchProfile(): Promise<User> {
  const user = await request<User>(ROUTES.profile.path);
  if (!user?.id) throw new ApiError('Invalid response from server', 200);
  return user;
}

export async function updateProfile(body: ProfileUpdateBody): Promise<User> {
  const user = await request<User>(ROUTES.profileUpdate.path, {
    method: ROUTES.profileUpdate.method,
    json: body,
  });
  if (!user?.id) throw new ApiError('Invalid response from server', 200);
  return user;
}

export async function fetchTenantInfo(): Promise<TenantInfo> {
  return request<TenantInfo>(ROUTES.tenantInfo.path, { token: null });
}

/** POST /auth/forgot-password: the server answers the same whether or not the user exists. */
export async function forgotPassword(username: string): Promise<{ message: string }> {
  return request<{ message: string }>(ROUTES.forgotPassword.path, {
    method: ROUTES.forgotPassword.method,
    json: { username },
    ignoreUnauthorized: true,
    token: null,
  });
}

/** POST /auth/reset-password with the token of a reset link. */
export async function resetPassword(token: string, newPassword: string): Promise<{ message: string }> {
  return request<{ message: string }>(ROUTES.resetPassword.path, {
    method: ROUTES.resetPassword.method,
    json: { token, new_password: newPassword },
    ignoreUnauthorized: true,
    token: null,
  });
}
