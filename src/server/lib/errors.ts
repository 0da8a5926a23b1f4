import type { ErrorCode } from '../../shared/api/errors';
import { MESSAGES } from '../../shared/api/errors';
import { refusalText } from '../../shared/api/field-labels';

/**
 * A failure a client can cause and is told about: HTTP status, Turkish message, machine code and
 * optional extra fields (login: remainingAttempts/lockedOut/remainingTime; conflicts: current).
 * Services throw it; the error envelope plugin renders it as
 * `{ success: false, error, code, ...extra }`. Anything else thrown becomes a bare 500.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  toBody(): Record<string, unknown> {
    return { success: false, error: this.message, code: this.code, ...this.extra };
  }
}

export const notFound = (message: string = MESSAGES.notFound) => new AppError(404, 'NOT_FOUND', message);
export const forbidden = (message: string = MESSAGES.forbidden) => new AppError(403, 'FORBIDDEN', message);
export const unauthorized = (message: string = MESSAGES.unauthorized) =>
  new AppError(401, 'UNAUTHORIZED', message);
/**
 * A 400 naming `field` (its wire name, for the client's form) — the message names it by its label,
 * and a field inside a list by its position too ('2. kalem: Ürün bulunamadı'), as every validation
 * refusal does (shared/api/field-labels.ts).
 */
export const validation = (message: string, field?: string) =>
  new AppError(400, 'VALIDATION_ERROR', refusalText(field, message), field ? { field } : {});
