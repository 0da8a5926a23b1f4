import type { BodyIn, Endpoint, ParamsIn, ResponseOf } from '../../../shared/api/endpoint';
import type { OutboxEntry } from '../database';

export type Row = Record<string, unknown>;

/** An outbox entry as a mutation of endpoint E sees it: its body typed by E's body schema. */
export type EntryOf<E extends Endpoint> = Omit<OutboxEntry, 'body'> & { body: BodyIn<E> };

/**
 * One kind of outbox entry, defined from the endpoint it is sent to:
 * - `endpoint`: method, path and schemas — the entry's params and body are typed by it, and the
 *   server's answer is parsed by its response schema before `fromResponse` sees it;
 * - `apply`: the local (optimistic) effect on one record the entry names in `records`: takes the
 *   row as it is (null = absent) and returns it changed (null = removed). It must be pure: it is
 *   re-applied on top of every newer server version until the entry is acknowledged;
 * - `fromResponse`: the server's rows after success, by record key (the updated order, the created
 *   one with its real number). Records not returned get the effect folded into their base.
 */
export interface MutationDef<E extends Endpoint = Endpoint> {
  endpoint: E;
  apply: (row: Row | null, entry: EntryOf<E>, key: string) => Row | null;
  fromResponse?: (data: ResponseOf<E>, entry: EntryOf<E>) => Record<string, Row | null>;
  /**
   * A success that refused part of the request (a bulk delete refusing the products open orders
   * hold): that part, which stays in the outbox as a FAILED entry — so the refusal is shown, in
   * the sync panel and to a screen waiting for the answer, and not taken for done. Null: all done.
   */
  refusedPart?: (data: ResponseOf<E>, entry: EntryOf<E>) => RefusedPart | null;
}

/** What of an entry the server refused while applying the rest (see `refusedPart`). */
export interface RefusedPart {
  /** The request the refused part would be (a retry sends it). */
  body: unknown;
  /** The records it names (their rows show the server's version again). */
  records: string[];
  /**
   * Its ordering key: only the refused records where the key can name them, so the failed part
   * holds back later changes of those records only, not of every record of the collection.
   */
  record_key: string;
  summary: string;
  /** The server's Turkish reason(s), and the code and status to show with them. */
  error: string;
  code: string;
  http_status: number;
  /** Per-record details a screen shows (never sent). */
  local?: Record<string, unknown>;
}

export function defineMutation<E extends Endpoint>(
  endpoint: E,
  def: Omit<MutationDef<E>, 'endpoint'>,
): MutationDef<E> {
  return { endpoint, ...def };
}

/** The params/body a caller gives to enqueue a mutation of endpoint E. */
export interface MutationRequest<E extends Endpoint> {
  params: ParamsIn<E>;
  body: BodyIn<E>;
}

export function isRow(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
