import { ApiError, NetworkError } from './errors';
import { getHttpConfig } from './http';

/**
 * Download a file the API produces (the delivery-note PDF): the same base, tenant and bearer
 * token as every other call (http.ts), but the body is kept as bytes and handed to the browser
 * as a download named `filename`. Errors: NetworkError when the server is not reached (the caller
 * may fall back to something local), ApiError with the server's text otherwise.
 */
export async function fetchBlob(path: string): Promise<Blob> {
  const config = getHttpConfig();
  const base = config.baseUrl.replace(/\/$/, '');
  const url = new URL(`${base}${path}`, /^https?:\/\//.test(base) ? undefined : window.location.origin);
  url.searchParams.set('tenant', config.getTenant());
  const token = config.getToken();
  let response: Response;
  try {
    response = await (config.fetch ?? fetch)(url, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new NetworkError();
  }
  if (!response.ok) {
    let message = response.statusText;
    let code: string | undefined;
    try {
      const body = (await response.json()) as { error?: string; code?: string };
      if (body.error) message = body.error;
      code = body.code;
    } catch {
      // not JSON
    }
    const error = new ApiError(message, response.status, code);
    if (response.status === 401) config.onUnauthorized(error);
    throw error;
  }
  return response.blob();
}

/** Hand a blob to the browser as a download. */
export function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export async function downloadFile(path: string, filename: string): Promise<void> {
  saveBlob(await fetchBlob(path), filename);
}
