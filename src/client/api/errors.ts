/** Errors the client's API layer raises. Screens show `message` (the server's Turkish text when given). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly body: Record<string, unknown> | undefined;
  constructor(message: string, status: number, code?: string, body?: Record<string, unknown>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

/** No answer from the server (offline, DNS, refused, timeout). Never signs the user out. */
export class NetworkError extends Error {
  constructor(message = 'Sunucuya ulaşılamıyor. Bağlantınızı kontrol edin.') {
    super(message);
    this.name = 'NetworkError';
  }
}

export function isNetworkError(error: unknown): error is NetworkError {
  return error instanceof NetworkError;
}
