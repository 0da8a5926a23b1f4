import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { type ErrorCode, MESSAGES } from '../../shared/api/errors';

/**
 * Failures Node's HTTP parser meets before Fastify sees a request — an over-long URL or header
 * block (431), a malformed request line or header (400), a request not finished in time (408) —
 * answered with the JSON error envelope every other failure has (`{ success: false, error, code }`,
 * Turkish `error`), instead of Node's or Fastify's own bodies. The connection is closed after it:
 * the parser cannot find where the next request would start.
 */
export function clientErrorAnswer(code: string | undefined): {
  status: number;
  body: Record<string, unknown>;
} {
  const envelope = (status: number, errorCode: ErrorCode, error: string) => ({
    status,
    body: { success: false, error, code: errorCode },
  });
  if (code === 'HPE_HEADER_OVERFLOW') return envelope(431, 'HEADERS_TOO_LARGE', MESSAGES.headersTooLarge);
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return envelope(408, 'REQUEST_TIMEOUT', MESSAGES.requestTimeout);
  return envelope(400, 'VALIDATION_ERROR', MESSAGES.badRequest);
}

/** Fastify's `clientErrorHandler`: writes the envelope on the raw socket, then closes it. */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const { status, body } = clientErrorAnswer(error.code);
    const text = JSON.stringify(body);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(text)}\r\n` +
        'Cache-Control: no-store\r\n' +
        'Connection: close\r\n\r\n' +
        text,
    );
  }
  socket.destroy(error);
}
