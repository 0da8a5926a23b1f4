import type { UpdateAccountTermsBody } from '../../shared/api/accounts';
import { API } from '../../shared/api/endpoints';
import { MAX_DUE_DAYS, PAYMENT_LIMITS } from '../../shared/domain/account';
import { canSeeAccount } from '../../shared/domain/account-access';
import { kurusToTl, MAX_ORDER_TOTAL_KURUS } from '../../shared/domain/money';
import { parseMoneyInput, parseQuantityInput } from '../../shared/domain/number-input';
import type { MessageKey } from '../shared-ui/i18n';

/**
 * The customer screen's account rules that need no screen: who sees the account on this device,
 * the statement's period and address, and what the terms and reversal dialogs send.
 */

/**
 * Whether the account section shows. The office roles see every account; a salesperson or a
 * driver only the accounts of customers of their own orders — exactly the accounts the sync feed
 * mirrors to their device, so on the device "own" is "the account is here".
 */
export function showsAccount(role: string | null | undefined, mirrored: boolean): boolean {
  return canSeeAccount(role, mirrored);
}

export interface Period {
  from: string;
  to: string;
}

/** The calendar month of a company day 'YYYY-MM-DD': its first and last day (the statement's default). */
export function monthOf(day: string): Period {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const pad = (n: number) => String(n).padStart(2, '0');
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${y}-${pad(m)}-01`, to: `${y}-${pad(m)}-${pad(last)}` };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Why a statement period cannot be asked for (both days, the start not after the end), or null. */
export function periodProblem(period: Period): MessageKey | null {
  if (!DAY.test(period.from) || !DAY.test(period.to)) return 'acct_periodDates';
  if (period.to < period.from) return 'acct_periodOrder';
  return null;
}

export type StatementFormat = 'pdf' | 'xlsx';

/**
 * The statement download: GET /customers/{id}/account/statement/pdf or …/xlsx with the period in
 * its query — the server's file, through the API client's file call like every other file.
 */
export function statementEntry(format: StatementFormat) {
  return format === 'pdf' ? API.accountStatementPdf : API.accountStatementXlsx;
}

/** The file's name when the server names none. */
export const statementFileName = (period: Period, format: StatementFormat): string =>
  `ekstre-${period.from}-${period.to}.${format}`;

export type TermsField = 'due_days' | 'credit_limit';

/**
 * The terms dialog's typed texts → the PUT body, or the errors under its fields. Due days are a
 * whole number 0…365; the risk limit is TL typed the Turkish way (sent in TL, as the API names
 * it), and an empty limit means none.
 */
export function termsBody(
  dueDaysText: string,
  limitText: string,
  termsVersion: number,
): { ok: true; body: UpdateAccountTermsBody } | { ok: false; errors: Partial<Record<TermsField, string>> } {
  const errors: Partial<Record<TermsField, string>> = {};
  const due = parseQuantityInput(dueDaysText, { max: MAX_DUE_DAYS });
  if (!due.ok) errors.due_days = due.error;
  const limit = limitText.trim() === '' ? null : parseMoneyInput(limitText, { max: MAX_ORDER_TOTAL_KURUS });
  if (limit && !limit.ok) errors.credit_limit = limit.error;
  if (!due.ok || (limit && !limit.ok)) return { ok: false, errors };
  return {
    ok: true,
    body: {
      due_days: due.value,
      credit_limit: limit?.ok ? kurusToTl(limit.value) : null,
      expected_version: termsVersion,
    },
  };
}

/** The terms field a server refusal names (`credit_limit_kurus` is the limit's exact companion). */
export function termsFieldOf(field: unknown): TermsField | null {
  if (field === 'due_days') return 'due_days';
  if (field === 'credit_limit' || field === 'credit_limit_kurus') return 'credit_limit';
  return null;
}

/** A reversal's reason is long enough (the server's minimum, counted without the spaces around it). */
export function reasonLongEnough(reason: string): boolean {
  return reason.trim().length >= PAYMENT_LIMITS.reasonMinLength;
}
