import type { OrderEvent } from '../../shared/api/entities';
import { eventNoteSchema, renderEventNote } from '../../shared/api/stored-texts';
import { useUi } from '../state/ui';
import { t } from './i18n';

/**
 * An order event's notes in the reader's language. The server stores them in Turkish and, where
 * they are a known sentence ('Teslim alan: X', a failed delivery's reason, a driver assignment,
 * an edit, a completed scan, the demo's remarks), what they say as data (`params`,
 * src/shared/api/stored-texts.ts). Turkish shows the stored text (the spec's wording); another
 * language renders `params` with its catalogue — words a user typed stay as typed. Without
 * `params` (a user's own notes, a row from before they existed) or with a key this client does
 * not know, the stored text is shown.
 */
export function eventNotesText(event: Pick<OrderEvent, 'notes' | 'params'>): string | null {
  if (useUi.getState().language === 'tr' || !event.params) return event.notes;
  const parsed = eventNoteSchema.safeParse(event.params);
  return parsed.success ? renderEventNote(parsed.data, t) : event.notes;
}
