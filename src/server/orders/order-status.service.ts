import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Order } from '../../shared/api/entities';
import { ORDER_MESSAGES } from '../../shared/api/orders';
import { deliveryFailureNote, type EventNote, storedEventNote } from '../../shared/api/stored-texts';
import {
  type ActingUser,
  checkTransition,
  handlerStamps,
  ORDER_STATUS_LABELS,
  type OrderRef,
  type OrderStatus,
  TRANSITIONS,
} from '../../shared/domain/order-status';
import { approvalCreditCheck } from '../accounts/accounts.service';
import { reserveChangeSeqs } from '../db/change-seq';
import type { Database } from '../db/schema';
import type { MutationResult } from '../idempotency/mutation';
import { statusInvoiceStep } from '../invoices/invoices.service';
import { AppError, validation } from '../lib/errors';
import { planOrderNotices } from '../notifications/order-notices';
import { moveOrderStock, orderStockLines } from '../stock/order-stock';
import { decisionOf } from './order-decisions.service';
import * as repo from './orders.repository';
import { applied, lockVisible, type OrderActor, reload } from './orders.service';

/**
 * The status-change path of the orders API, beside orders.service.ts (reads, create, edit, driver,
 * delete), whose lock order and visibility rule it follows: the order row first, then the checks,
 * then the tenant counter, then the writes; an order the caller may not see is the 404 of an
 * unknown one. The moves themselves come from the status machine in
 * src/shared/domain/order-status.ts — this file only applies it.
 */

type Trx = Transaction<Database>;

/** Could `user` have moved this order into `status` from some state? (a retried change is satisfied) */
function couldHaveMade(user: ActingUser, order: OrderRef, status: string): boolean {
  return TRANSITIONS.some(
    (t) => t.to === status && checkTransition(user, { ...order, status: t.from }, status).ok,
  );
}

/**
 * A status change's notes as stored: the caller's note as data (a delivery's 'Teslim alan'), else
 * the user's words — which, on a failed delivery, are one of the dialog's reasons and details,
 * kept as data too so they read in the reader's language.
 */
function eventNotes(
  notes: string | null,
  note: EventNote | undefined,
  reasonRequired: boolean,
): { notes: string | null; params?: string } {
  const asData = note ?? (reasonRequired ? deliveryFailureNote(notes) : null);
  return asData ? storedEventNote(asData) : { notes };
}

const label = (status: string) => ORDER_STATUS_LABELS[status as OrderStatus] ?? status;

/**
 * PATCH /orders/{id}/status. A device may send a change queued offline on an order that has since
 * moved, so the caller names the status it saw (`expected_status`). In this order:
 *  - invisible / deleted / unknown → 404;
 *  - `expected_version` given and the order left the status the caller saw after it (the status
 *    came back: in transit ↔ out for delivery): satisfied when the order is where the move asks,
 *    else 409 CONFLICT — a late replay is never applied twice;
 *  - `expected_status` given and the order has left it: already in the asked status and the caller
 *    could have made that very change → success, nothing written (a duplicate that lost the race to
 *    itself, or a second device doing the same); otherwise 409 CONFLICT with `current`;
 *  - already in the asked status (nothing expected, or expected = current) → success, nothing
 *    written, if some transition into it is the caller's; else the machine's refusal;
 *  - the machine: no such transition → 409 INVALID_TRANSITION with `current`; not the caller's →
 *    403; a driver required (shipping) and none assigned → 409 DRIVER_REQUIRED with `current`; a
 *    reason required and missing → 400 naming `notes`;
 *  - an approval over the customer's risk limit → 409 CREDIT_LIMIT with the figures, unless a
 *    manager or an admin gives `credit_override_reason` (audited).
 * Then: the status, who handled it (the transition's `stamps`), the order's decision when this is
 * it (decisionOf), the event, the notification the transition implies, one change number per row.
 */
export async function changeStatus(
  trx: Trx,
  tenantId: string,
  actor: OrderActor,
  id: string,
  body: {
    status: OrderStatus;
    notes: string | null;
    expected_status?: OrderStatus;
    expected_version?: number | undefined;
    credit_override_reason?: string | null | undefined;
  },
  /**
   * `eventId`: the id of the event a change writes (a delivery's proof points at it);
   * `withProof`: the caller stores a proof of delivery with the change (delivery.service.ts);
   * `note`: what the event's notes say as data, when the caller made them (the notes are then
   * its Turkish sentence).
   */
  options: { eventId?: string; withProof?: boolean; note?: EventNote } = {},
): Promise<MutationResult<Order>> {
  const locked = await lockVisible(trx, tenantId, actor, id);
  const target = body.status;
  const conflict = async () =>
    new AppError(409, 'CONFLICT', ORDER_MESSAGES.conflict(label(locked.status)), {
      current: await reload(trx, tenantId, id),
    });

  // The version the user saw: a status can come back (in transit ↔ out for delivery), so a late
  // replay of a move already made would find its `expected_status` true again. If the order LEFT
  // the status the user saw since that version, the move is satisfied when the order is where it
  // asks and the caller could have moved it there, and a conflict otherwise. Other changes since
  // (a note, a driver re-assigned, scans) do not refuse a status move.
  if (body.expected_version !== undefined && body.expected_version !== locked.version) {
    const moved =
      body.expected_version > locked.version ||
      (await repo.leftStatusSince(trx, tenantId, id, body.expected_status ?? null, body.expected_version));
    if (moved) {
      const seen = body.expected_status;
      const satisfied =
        locked.status === target &&
        (seen !== undefined
          ? checkTransition(actor, { ...locked, status: seen }, target).ok
          : couldHaveMade(actor, locked, target));
      if (!satisfied) throw await conflict();
      return { data: applied(await reload(trx, tenantId, id), locked.version), entityId: id, changed: false };
    }
  }
  if (body.expected_status !== undefined && body.expected_status !== locked.status) {
    if (
      locked.status === target &&
      checkTransition(actor, { ...locked, status: body.expected_status }, target).ok
    ) {
      return { data: applied(await reload(trx, tenantId, id), locked.version), entityId: id, changed: false };
    }
    throw await conflict();
  }
  if (locked.status === target && couldHaveMade(actor, locked, target)) {
    return { data: applied(await reload(trx, tenantId, id), locked.version), entityId: id, changed: false };
  }

  const check = checkTransition(actor, locked, target);
  if (!check.ok) {
    if (check.reason === 'forbidden') throw new AppError(403, 'FORBIDDEN', ORDER_MESSAGES.cannotChangeStatus);
    // The move is the caller's, but the order is not ready for it (shipping without a driver).
    if (check.reason === 'driver_required')
      throw new AppError(409, 'DRIVER_REQUIRED', ORDER_MESSAGES.driverRequired(label(target)), {
        current: await reload(trx, tenantId, id),
      });
    throw new AppError(
      409,
      'INVALID_TRANSITION',
      ORDER_MESSAGES.invalidTransition(label(locked.status), label(target)),
      {
        current: await reload(trx, tenantId, id),
      },
    );
  }
  const transition = check.transition;
  if (transition.requiresNotes && !body.notes) throw validation(ORDER_MESSAGES.notesRequired, 'notes');
  if (transition.requiresProof && !options.withProof)
    throw validation(ORDER_MESSAGES.proofRequired, 'status');

  // An approval is within the customer's risk limit, or a manager says why not (audited).
  if (target === 'approved') {
    await approvalCreditCheck(trx, tenantId, actor, id, body.credit_override_reason);
  }

  // Who handled the order is data of the transition (`stamps`: manager_id / warehouse_id).
  const change: repo.OrderChange = { status: target, ...handlerStamps(transition, actor, locked) };

  const notices = await planOrderNotices(
    trx,
    tenantId,
    { kind: 'status_changed', transition },
    locked,
    actor.id,
  );

  // Stock follows the status in the same transaction (approving reserves, cancelling releases,
  // shipping takes the goods out, a return puts them back); a reservation beyond the available
  // stock refuses the whole change. Product locks come before the tenant counter.
  const lines = await orderStockLines(trx, tenantId, id);
  await moveOrderStock(
    trx,
    tenantId,
    actor.id,
    id,
    { status: locked.status, lines },
    { status: target, lines },
  );

  // The invoice this move brings (the automatic one of a delivery, the return invoice of a
  // return): its number is taken here, before the tenant counter (invoices.service.ts).
  const invoice = await statusInvoiceStep(trx, tenantId, actor, id, target);

  const seqs = await reserveChangeSeqs(trx, tenantId, 1 + notices.count + invoice.count);
  const at = new Date();
  const event = {
    id: options.eventId ?? randomUUID(),
    order_id: id,
    event_type: 'status_changed' as const,
    from_status: locked.status,
    to_status: target,
    user_id: actor.id,
    user_name: actor.full_name,
    ...eventNotes(body.notes, options.note, transition.requiresNotes === true),
    created_at: at,
    change_seq: seqs[0] as number,
  };
  // A step of its own: when this move is the order's first answer to its approval, it is the
  // order's decision (the dashboards' rule), written with the status in the same update.
  change.decision = decisionOf(event, locked);
  await repo.updateOrder(trx, tenantId, id, change, seqs[0] as number, at);
  await repo.insertOrderEvents(trx, tenantId, [event]);
  await notices.write(locked, seqs.slice(1, 1 + notices.count), at, body.notes);
  await invoice.write(seqs.slice(1 + notices.count));
  return {
    data: applied(await reload(trx, tenantId, id), locked.version),
    entityId: id,
    changed: true,
    audit: { params: { from: locked.status } },
  };
}
