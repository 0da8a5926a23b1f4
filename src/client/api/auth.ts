import type { AuthResponse, LoginBody, ProfileUpdateBody, RegisterBody, TenantInfo, User } from '../../shared/api';
import { PATHS } from '../../shared/api/paths';
import { ApiError } from './errors';
import { request } from './http';

/** Spec §5: login and register responses must contain both user and token. */
function checkAuthResponse(body: AuthResponse | undefined): AuthResponse {
  if (!body || !body.user || !body.token) throw new ApiError('Invalid response from server', 200);
  return body;
}

export async function login(body: LoginBody): Promise<AuthResponse> {
  return checkAuthResponse(
    await request<AuthResponse>(PATHS.login, { method: 'POST', json: body, whole: true, ignoreUnauthorized: true, token: null }),
  );
}

export async function register(body: RegisterBody): Promise<AuthResponse> {
  return checkAuthResponse(
    await request<AuthResponse>(PATHS.register, { method: 'POST', json: body, whole: true, ignoreUnauthorized: true, token: null }),
  );
}

/** Logout tells the server (the session is revoked); the caller clears local state whatever happens. */
export async function logout(): Promise<void> {
  await request(PATHS.logout, { method: 'POST', ignoreUnauthorized: true });
}

export async function fetchProfile(): Promise<User> {
  return request<User>(PATHS.profile);
}

export async function updateProfile(body: ProfileUpdateBody): Promise<User> {
  return request<User>(PATHS.profile, { method: 'PUT', json: body });
}

export async function fetchTenantInfo(): Promise<TenantInfo> {
  return request<TenantInfo>(PATHS.tenantInfo, { token: null });
}
