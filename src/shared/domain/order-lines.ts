import { kurusToTl, MAX_UNIT_PRICE_TL, toKurus } from './money';
import {
  formatMoneyInput,
  formatQuantityInput,
  type NumberInputResult,
  parseMoneyInput,
  parseQuantityInput,
} from './number-input';
import { EDIT_FIELD_GROUPS, type EditableField } from './order-status';

/**
 * The lines of an order, one model for every place that builds or edits them: the create-order
 * form, the order edit dialog, the sales cart, the outbox's optimistic apply and the server.
 *
 * - `OrderLine` is a line as it is decided: a catalogue product (`product_id`) or a free-text one
 *   (null), its name, a whole quantity and the unit price in integer kuruş (money is never a
 *   float until it goes on the wire).
 * - `LineDraft` is a line being typed: the numbers as the person typed them, read with the one
 *   Turkish number reading (./number-input.ts) so that every form says the same thing about
 *   '1.250,75' or '2,5'.
 * - `changedOrderFields` is THE rule for "what does this edit change": a field absent from the
 *   edit is not part of it; a text field changes when its value differs (blank and null are both
 *   "empty"); the lines change when any line differs in product, trimmed name, quantity or unit
 *   price in kuruş, or when lines were added, removed or reordered. The dialog sends only those
 *   fields, the device applies only those (so an edit that changes nothing leaves the order and
 *   its history as they are), and the server writes only those — all three agree because they
 *   call this one function.
 */

/** The server's bounds on one line (the order schema's), said under the field while typing. */
export const LINE_QUANTITY_MAX = 100_000;
export const LINE_PRICE_MAX_KURUS = MAX_UNIT_PRICE_TL * 100;

export interface OrderLine {
  product_id: string | null;
  product_name: string;
  quantity: number;
  unit_price_kurus: number;
}

/** A line as the order payload carries it (TL with at most two decimals on the wire). */
export interface OrderLineInput {
  product_id?: string | null;
  product_name: string;
  quantity: number;
  unit_price: number;
}

/** A line's total in kuruş (integer × integer: exact). */
export function lineTotalKurus(line: Pick<OrderLine, 'quantity' | 'unit_price_kurus'>): number {
  return line.quantity * line.unit_price_kurus;
}

/** The lines' total in kuruş: exactly what the server computes from the same lines. */
export function linesTotalKurus(lines: readonly Pick<OrderLine, 'quantity' | 'unit_price_kurus'>[]): number {
  return lines.reduce((sum, line) => sum + lineTotalKurus(line), 0);
}

/** The lines as the order payload carries them (a free-text line sends no product_id). */
export function linesToItems(lines: readonly OrderLine[]): OrderLineInput[] {
  return lines.map((line) => ({
    ...(line.product_id ? { product_id: line.product_id } : {}),
    product_name: line.product_name,
    quantity: line.quantity,
    unit_price: kurusToTl(line.unit_price_kurus),
  }));
}

/**
 * Wire lines back to lines in kuruş. A price that is no amount (an unreadable typed value on its
 * way to the schema's error) becomes NaN, which equals no line.
 */
export function itemsToLines(items: readonly OrderLineInput[]): OrderLine[] {
  return items.map((item) => ({
    product_id: item.product_id ?? null,
    product_name: item.product_name,
    quantity: item.quantity,
    unit_price_kurus: kurusOrNaN(item.unit_price),
  }));
}

function kurusOrNaN(tl: number): number {
  try {
    return toKurus(tl);
  } catch {
    return Number.NaN;
  }
}

/** Whether two lines are the same line: product, trimmed name, quantity, unit price in kuruş. */
export function sameLine(a: OrderLine, b: OrderLine): boolean {
  return (
    (a.product_id ?? null) === (b.product_id ?? null) &&
    a.product_name.trim() === b.product_name.trim() &&
    a.quantity === b.quantity &&
    a.unit_price_kurus === b.unit_price_kurus
  );
}

/** Whether two lists hold the same lines in the same order (a reordering is a change). */
export function sameLines(a: readonly OrderLine[], b: readonly OrderLine[]): boolean {
  return a.length === b.length && a.every((line, index) => sameLine(line, b[index] as OrderLine));
}

const EDITABLE_FIELDS = Object.values(EDIT_FIELD_GROUPS).flat() as EditableField[];

/** An edit of an order: any of its editable fields, each absent (untouched), null/blank (cleared) or a value. */
export type OrderEdit = { [F in EditableField]?: F extends 'items' ? readonly OrderLineInput[] : unknown };

/** The order's side of the comparison: its editable fields as stored, lines in kuruş. */
export type OrderFieldsNow = { [F in Exclude<EditableField, 'items'>]?: unknown } & {
  items: readonly OrderLine[];
};

const empty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * THE rule "which fields does this edit change" (see the top of this file): the editable fields
 * of `edit` whose value differs from `current`, in the order of the edit groups.
 */
export function changedOrderFields(edit: OrderEdit, current: OrderFieldsNow): EditableField[] {
  const changed: EditableField[] = [];
  for (const field of EDITABLE_FIELDS) {
    const wanted = edit[field];
    if (wanted === undefined) continue;
    if (field === 'items') {
      if (!sameLines(itemsToLines((wanted ?? []) as readonly OrderLineInput[]), current.items))
        changed.push(field);
      continue;
    }
    const now = current[field];
    if (empty(wanted) ? !empty(now) : wanted !== now) changed.push(field);
  }
  return changed;
}

// ------------------------------------------------------------------------ lines being typed ---

/** A line being typed: its numbers as text until they are read. `key` is React's (lines may repeat). */
export interface LineDraft {
  key: string;
  product_id: string | null;
  product_name: string;
  quantity: string;
  unit_price: string;
}

/** A typed line's numbers, read the Turkish way, within the server's bounds. */
export function readLineDraft(draft: Pick<LineDraft, 'quantity' | 'unit_price'>): {
  quantity: NumberInputResult;
  price: NumberInputResult;
} {
  return {
    quantity: parseQuantityInput(draft.quantity, { max: LINE_QUANTITY_MAX }),
    price: parseMoneyInput(draft.unit_price, { max: LINE_PRICE_MAX_KURUS }),
  };
}

/**
 * The line a draft makes, or null while it makes none: the name typed, a quantity ≥ 1 and a
 * price > 0 (one line of an order needs all three).
 */
export function draftToLine(draft: LineDraft): OrderLine | null {
  const { quantity, price } = readLineDraft(draft);
  if (!draft.product_name.trim() || draftTotalKurus(draft) === null || !quantity.ok || !price.ok) return null;
  return {
    product_id: draft.product_id,
    product_name: draft.product_name.trim(),
    quantity: quantity.value,
    unit_price_kurus: price.value,
  };
}

/** A typed line's total in kuruş (quantity ≥ 1 × price > 0), or null while its numbers make none. */
export function draftTotalKurus(draft: Pick<LineDraft, 'quantity' | 'unit_price'>): number | null {
  const { quantity, price } = readLineDraft(draft);
  if (!quantity.ok || quantity.value < 1 || !price.ok || price.value <= 0) return null;
  return quantity.value * price.value;
}

/**
 * A draft as the order payload would carry it. A number that cannot be read goes as NaN, which
 * the order schema refuses under the line's field ("… bir sayı olmalıdır"); a form reports a
 * format error under its field before that.
 */
export function draftToItem(draft: LineDraft): OrderLineInput {
  const { quantity, price } = readLineDraft(draft);
  return {
    ...(draft.product_id ? { product_id: draft.product_id } : {}),
    product_name: draft.product_name,
    quantity: quantity.ok ? quantity.value : Number.NaN,
    unit_price: price.ok ? kurusToTl(price.value) : Number.NaN,
  };
}

/** A draft of an existing line, its numbers written the way a person types them. */
export function lineToDraft(line: OrderLine, key: string): LineDraft {
  return {
    key,
    product_id: line.product_id,
    product_name: line.product_name,
    quantity: formatQuantityInput(line.quantity),
    unit_price: formatMoneyInput(line.unit_price_kurus),
  };
}

/** The typed numbers' format errors, by field (`quantity`, `unit_price`); empty fields are not errors here. */
export function draftFormatErrors(draft: LineDraft): Partial<Record<'quantity' | 'unit_price', string>> {
  const { quantity, price } = readLineDraft(draft);
  const errors: Partial<Record<'quantity' | 'unit_price', string>> = {};
  if (!quantity.ok && !quantity.empty) errors.quantity = quantity.error;
  if (!price.ok && !price.empty) errors.unit_price = price.error;
  return errors;
}

// ------------------------------------------------------------------------------ stock cap ---

/**
 * THE stock cap of a sale, one rule for the /sales cart and the /create-order lines: a catalogue
 * product can be sold up to its AVAILABLE stock (on hand minus what approved orders already
 * reserve) — never the on-hand figure, which still counts goods promised to other customers. A
 * product with 0 or less available cannot be added at all. Free-text lines (no product id) are not
 * catalogue goods and are not capped. Quantities are whole pieces.
 */
export function sellableStock(available: number): number {
  return Number.isFinite(available) ? Math.max(0, Math.trunc(available)) : 0;
}

/** Whether one more piece of a product can go into an order that already holds `inOrder` of it. */
export function canAddToOrder(available: number, inOrder = 0): boolean {
  return sellableStock(available) - inOrder > 0;
}

/** A wanted quantity capped at what is available, counting what other lines already hold. */
export function capToAvailable(wanted: number, available: number, elsewhere = 0): number {
  return Math.max(0, Math.min(Math.trunc(wanted), sellableStock(available) - elsewhere));
}

/** Per catalogue product (free-text lines have none): its lines' pieces together, and its name. */
function quantitiesByProduct(
  lines: readonly Pick<OrderLine, 'product_id' | 'product_name' | 'quantity'>[],
): Map<string, { name: string; quantity: number }> {
  const wanted = new Map<string, { name: string; quantity: number }>();
  for (const line of lines) {
    if (!line.product_id) continue;
    const seen = wanted.get(line.product_id);
    wanted.set(line.product_id, {
      name: seen?.name ?? line.product_name,
      quantity: (seen?.quantity ?? 0) + line.quantity,
    });
  }
  return wanted;
}

/**
 * The first catalogue product whose lines together ask for more than its available stock, or null
 * when every line fits. `availableOf` answers null for a product the device does not know (then
 * the server decides).
 */
export function overStockLine(
  lines: readonly Pick<OrderLine, 'product_id' | 'product_name' | 'quantity'>[],
  availableOf: (productId: string) => number | null,
): { product_id: string; product_name: string; wanted: number; available: number } | null {
  for (const [id, { name, quantity }] of quantitiesByProduct(lines)) {
    const available = availableOf(id);
    if (available === null) continue;
    if (quantity > sellableStock(available))
      return { product_id: id, product_name: name, wanted: quantity, available: sellableStock(available) };
  }
  return null;
}

/**
 * The stock cap of an EDIT: a product's lines may ask for more than before only up to what is
 * available to this order — the product's available stock, plus what the order itself already
 * reserves when it holds a reservation (an approved order's own pieces are not "taken" from it).
 * A product whose quantity stays or falls is never refused, even if its stock fell meanwhile (the
 * user is not blocked from fixing a note or a name because of a line they did not touch).
 */
export function overStockEdit(
  before: readonly Pick<OrderLine, 'product_id' | 'quantity'>[],
  after: readonly Pick<OrderLine, 'product_id' | 'product_name' | 'quantity'>[],
  availableOf: (productId: string) => number | null,
  orderHoldsStock: boolean,
): { product_id: string; product_name: string; wanted: number; available: number } | null {
  const had = quantitiesByProduct(before.map((line) => ({ ...line, product_name: '' })));
  for (const [id, { name, quantity }] of quantitiesByProduct(after)) {
    const previous = had.get(id)?.quantity ?? 0;
    if (quantity <= previous) continue;
    const available = availableOf(id);
    if (available === null) continue;
    const cap = sellableStock(available) + (orderHoldsStock ? previous : 0);
    if (quantity > cap) return { product_id: id, product_name: name, wanted: quantity, available: cap };
  }
  return null;
}
