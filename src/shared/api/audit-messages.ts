import { searchFold } from '../domain/turkish-text';
import {
  AUDIT_ACTION_CODES,
  AUDIT_ACTIONS,
  type AuditAction,
  type AuditParams,
  isAuditAction,
} from './audit-actions';
import { type AuditLanguage, auditValueText } from './audit-fields';
import { fillTemplate } from './stored-texts';

/**
 * The parameter that marks a row whose request changed nothing (already applied); no template
 * names it (a unit test checks).
 */
export const UNCHANGED_PARAM = 'already_applied';

/** The `{name}` placeholders of a template. */
export const placeholders = (template: string): string[] =>
  [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);

/**
 * A log row's message in the reader's language (audit-actions.ts):
 * - with parameters: the action's full sentence, when every placeholder has a value (codes such as
 *   an order status shown through their label table), else its generic sentence;
 * - without (rows written before parameters were stored, or an action whose sentence has none):
 *   in Turkish the text the row stored, else the generic sentence; in English the generic one;
 * - an action this table does not know (a newer server's, a test fixture's): the stored text, else
 *   the code itself.
 * A row whose change was already in place (a replay of an applied request) says so after it.
 */
export function renderAuditMessage(
  row: { action: string; params: AuditParams | null | undefined; message: string | null | undefined },
  language: AuditLanguage,
): string {
  if (!isAuditAction(row.action)) return row.message || row.action;
  const entry: { tr: string; en: string; trFull?: string; enFull?: string; values?: Record<string, string> } =
    AUDIT_ACTIONS[row.action];
  const params = row.params;
  if (!params) return language === 'tr' && row.message ? row.message : entry[language];
  const full = language === 'en' ? entry.enFull : entry.trFull;
  let text = entry[language];
  if (full && placeholders(full).every((name) => Object.hasOwn(params, name))) {
    const shown: Record<string, string> = {};
    for (const [name, value] of Object.entries(params)) {
      const kind = entry.values?.[name] as Parameters<typeof auditValueText>[1];
      shown[name] = kind ? auditValueText(value, kind, language) : String(value);
    }
    text = fillTemplate(full, shown);
  }
  if (params[UNCHANGED_PARAM])
    text += language === 'en' ? ' (no change: already applied)' : ' (değişiklik yok: zaten uygulanmış)';
  return text;
}

/**
 * The actions whose generic sentence, in either language, contains the folded search text — what
 * rows without parameters show (searched by their action code: their stored text may lack it).
 */
export function auditActionsShowing(folded: string): AuditAction[] {
  if (!folded) return [];
  return AUDIT_ACTION_CODES.filter((code) => {
    const entry = AUDIT_ACTIONS[code];
    return searchFold(entry.tr).includes(folded) || searchFold(entry.en).includes(folded);
  });
}
