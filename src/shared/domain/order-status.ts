import type { Role } from './roles';

/**
 * The order status machine. This table is the ONLY copy: the server checks every
 * status change against it and the client derives its buttons from it.
 */
export const PRODUCED_STATUSES = [
  'pending_approval',
  'approved',
  'rejected',
  'prepared',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'cancelled',
  'returned',
  'refunded',
] as const;

/** Statuses the spec shows; accepted for display with labels but never produced. */
const DISPLAY_ONLY_STATUSES = [
  'pending',
  'assigned',
  'preparing',
  'ready_for_shipping',
  'shipped',
  'in_production',
  'ready_for_delivery',
] as const;

export const ORDER_STATUSES = [...PRODUCED_STATUSES, ...DISPLAY_ONLY_STATUSES] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type ProducedStatus = (typeof PRODUCED_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Beklemede',
  pending_approval: 'Onay Bekliyor',
  approved: 'Onaylandı',
  rejected: 'Reddedildi',
  assigned: 'Atandı',
  prepared: 'Hazırlandı',
  preparing: 'Hazırlanıyor',
  ready_for_shipping: 'Sevkiyata Hazır',
  shipped: 'Kargoya Verildi',
  in_production: 'Üretimde',
  ready_for_delivery: 'Teslimata Hazır',
  out_for_delivery: 'Dağıtımda',
  in_transit: 'Yolda',
  delivered: 'Teslim Edildi',
  cancelled: 'İptal Edildi',
  returned: 'İade Edildi',
  refunded: 'Ücret İadesi Yapıldı',
};

/** The statuses' English labels (the device's English screens and the log's English messages). */
export const ORDER_STATUS_LABELS_EN: Record<OrderStatus, string> = {
  pending: 'Pending',
  pending_approval: 'Awaiting Approval',
  approved: 'Approved',
  rejected: 'Rejected',
  assigned: 'Assigned',
  prepared: 'Prepared',
  preparing: 'Preparing',
  ready_for_shipping: 'Ready for Shipping',
  shipped: 'Shipped',
  in_production: 'In Production',
  ready_for_delivery: 'Ready for Delivery',
  out_for_delivery: 'Out for Delivery',
  in_transit: 'In Transit',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  returned: 'Returned',
  refunded: 'Refunded',
};

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** Who may make a transition: a role, or a relation to the order. */
export type Actor = Role | 'own_salesperson' | 'assigned_driver';

export type NotificationType =
  | 'order_created'
  | 'order_approved'
  | 'order_rejected'
  | 'order_assigned'
  | 'order_in_transit'
  | 'order_shipped'
  | 'order_delivered'
  | 'order_cancelled'
  | 'system';

/**
 * Whom a change notifies: the order's salesperson, its (assigned) driver, the tenant's managers
 * and admins, or every active warehouse user of the tenant. Never the user who made the change.
 */
export type NotifyTarget = 'salesperson' | 'driver' | 'managers' | 'warehouse';

export interface Transition {
  from: ProducedStatus;
  to: ProducedStatus;
  who: readonly Actor[];
  /** UI label of the button that makes it, where the spec names one. */
  action?: string;
  /** A reason is required (delivery failed). */
  requiresNotes?: boolean;
  /**
   * Made only with a proof of delivery (POST /orders/{id}/deliver: recipient and signature);
   * PATCH …/status refuses it, and no status button offers it.
   */
  requiresProof?: boolean;
  /**
   * Made only when the order has an assigned driver. Shipping hands the goods to a driver: an
   * order on its way with nobody assigned would be seen by no driver's work list and could never
   * be delivered (nor invoiced). The server refuses it (409 DRIVER_REQUIRED) and the buttons that
   * offer it are disabled with the reason (transitionBlock).
   */
  requiresDriver?: boolean;
  /** One notification type, sent to every user of every target (the actor excluded). */
  notify?: { type: NotificationType; targets: readonly NotifyTarget[] };
  /**
   * Who is recorded on the order as having handled it: the move stamps the actor's id into
   * `column` when the actor is one of `by` (a manager's or admin's answer stamps `manager_id`,
   * preparing and shipping stamp `warehouse_id`; a salesperson withdrawing their own order is no
   * handling and stamps nothing).
   */
  stamps?: { column: HandlerColumn; by: readonly Actor[] };
}

/** The order columns naming who handled it (the detail shows them as manager and warehouse). */
export type HandlerColumn = 'manager_id' | 'warehouse_id';

const MANAGER_STAMP = { column: 'manager_id', by: ['manager', 'admin'] } as const;
const WAREHOUSE_STAMP = { column: 'warehouse_id', by: ['warehouse', 'admin'] } as const;

export const TRANSITIONS: readonly Transition[] = [
  {
    from: 'pending_approval',
    to: 'approved',
    who: ['manager', 'admin'],
    action: 'Onayla',
    // The salesperson learns of it; the warehouse has work to prepare.
    notify: { type: 'order_approved', targets: ['salesperson', 'warehouse'] },
    stamps: MANAGER_STAMP,
  },
  {
    from: 'pending_approval',
    to: 'rejected',
    who: ['manager', 'admin'],
    action: 'Reddet',
    notify: { type: 'order_rejected', targets: ['salesperson'] },
    stamps: MANAGER_STAMP,
  },
  {
    from: 'pending_approval',
    to: 'cancelled',
    who: ['manager', 'admin', 'own_salesperson'],
    action: 'Reddet',
    notify: { type: 'order_cancelled', targets: ['salesperson'] },
    stamps: MANAGER_STAMP,
  },
  {
    from: 'approved',
    to: 'prepared',
    who: ['warehouse', 'admin'],
    action: 'Hazırla',
    stamps: WAREHOUSE_STAMP,
  },
  {
    from: 'approved',
    to: 'cancelled',
    who: ['manager', 'admin'],
    notify: { type: 'order_cancelled', targets: ['salesperson'] },
    stamps: MANAGER_STAMP,
  },
  {
    from: 'prepared',
    to: 'in_transit',
    who: ['warehouse', 'admin'],
    action: 'Kargoya Ver',
    requiresDriver: true,
    // The salesperson learns of it; the assigned driver has a delivery coming.
    notify: { type: 'order_in_transit', targets: ['salesperson', 'driver'] },
    stamps: WAREHOUSE_STAMP,
  },
  // Out for delivery only with a driver too (an admin moving a driverless order would strand it
  // the same way); the failed delivery back to in_transit keeps the driver it has.
  { from: 'in_transit', to: 'out_for_delivery', who: ['assigned_driver', 'admin'], requiresDriver: true },
  {
    from: 'out_for_delivery',
    to: 'delivered',
    who: ['assigned_driver', 'admin'],
    requiresProof: true,
    notify: { type: 'order_delivered', targets: ['salesperson'] },
  },
  {
    from: 'out_for_delivery',
    to: 'in_transit',
    who: ['assigned_driver', 'admin'],
    requiresNotes: true,
  },
  { from: 'delivered', to: 'returned', who: ['manager', 'admin'] },
  { from: 'returned', to: 'refunded', who: ['manager', 'admin'] },
];

/** The acting user, as far as the machine cares. */
export interface ActingUser {
  id: string;
  role: Role;
}

/** The order, as far as the machine cares. */
export interface OrderRef {
  status: string;
  salesperson_id: string | null;
  driver_id: string | null;
}

export function findTransition(from: string, to: string): Transition | undefined {
  return TRANSITIONS.find((t) => t.from === from && t.to === to);
}

function actorMatches(actor: Actor, user: ActingUser, order: OrderRef): boolean {
  if (actor === 'own_salesperson') return user.role === 'salesperson' && order.salesperson_id === user.id;
  if (actor === 'assigned_driver') return user.role === 'driver' && order.driver_id === user.id;
  return actor === user.role;
}

/**
 * A precondition of a transition the order does not meet yet (beside who makes it): the move is
 * the user's to make, but not now. `driver_required`: a driver must be assigned first.
 */
export type TransitionBlock = 'driver_required';

/** What stands in the way of `transition` on `order` now (null: nothing). */
export function transitionBlock(
  transition: Transition,
  order: Pick<OrderRef, 'driver_id'>,
): TransitionBlock | null {
  if (transition.requiresDriver && !order.driver_id) return 'driver_required';
  return null;
}

export type TransitionCheck =
  | { ok: true; transition: Transition }
  | { ok: false; reason: 'invalid_transition' | 'forbidden' }
  | { ok: false; reason: TransitionBlock; transition: Transition };

/**
 * Can `user` move `order` to `to`? The single rule used by the server, by the device's outbox and
 * by the UI's buttons: the machine has the move, it is the user's, and its preconditions hold.
 */
export function checkTransition(user: ActingUser, order: OrderRef, to: string): TransitionCheck {
  const transition = findTransition(order.status, to);
  if (!transition) return { ok: false, reason: 'invalid_transition' };
  if (!transition.who.some((actor) => actorMatches(actor, user, order)))
    return { ok: false, reason: 'forbidden' };
  const blocked = transitionBlock(transition, order);
  if (blocked) return { ok: false, reason: blocked, transition };
  return { ok: true, transition };
}

/** The handler columns `user` making `transition` on `order` is stamped into (none, or one). */
export function handlerStamps(
  transition: Transition,
  user: ActingUser,
  order: OrderRef,
): Partial<Record<HandlerColumn, string>> {
  const stamp = transition.stamps;
  if (!stamp?.by.some((actor) => actorMatches(actor, user, order))) return {};
  return { [stamp.column]: user.id };
}

/**
 * Every status `user` may move `order` to (for buttons), including moves whose precondition is not
 * met yet (transitionBlock): those are shown disabled with their reason, never hidden, so the user
 * learns what to do first.
 */
export function allowedNextStatuses(user: ActingUser, order: OrderRef): ProducedStatus[] {
  return TRANSITIONS.filter(
    (t) => t.from === order.status && t.who.some((actor) => actorMatches(actor, user, order)),
  ).map((t) => t.to);
}

/**
 * Statuses in which a manager or admin may assign (or re-assign) the driver (no status change):
 * before shipping, and while the order is on its way — a driver who falls ill, is deactivated or
 * deleted leaves their orders to another driver, so no order in transit is ever stranded.
 */
export const DRIVER_ASSIGNABLE_STATUSES: readonly OrderStatus[] = [
  'approved',
  'prepared',
  'in_transit',
  'out_for_delivery',
];
export function canAssignDriver(user: ActingUser, order: OrderRef): boolean {
  return (
    (user.role === 'manager' || user.role === 'admin') &&
    DRIVER_ASSIGNABLE_STATUSES.includes(order.status as OrderStatus)
  );
}

/** Statuses a warehouse user sees (DESIGN/issue: approved, prepared, in_transit, delivered). */
export const WAREHOUSE_VISIBLE_STATUSES: readonly OrderStatus[] = [
  'approved',
  'prepared',
  'in_transit',
  'delivered',
];

/**
 * Which orders a user sees, as data: everything, the orders of one salesperson, of one driver, or
 * those in some statuses. The server turns it into the WHERE clause of its lists
 * (orders.repository.ts) and `canSeeOrder` below evaluates it for one order (the sync feed's
 * removals), so the two can never disagree.
 */
export type OrderScope =
  | { kind: 'all' }
  | { kind: 'salesperson'; salesperson_id: string }
  | { kind: 'driver'; driver_id: string }
  | { kind: 'statuses'; statuses: readonly OrderStatus[] }
  | { kind: 'none' };

export function orderScope(user: ActingUser): OrderScope {
  switch (user.role) {
    case 'admin':
    case 'manager':
      return { kind: 'all' };
    case 'salesperson':
      return { kind: 'salesperson', salesperson_id: user.id };
    case 'warehouse':
      return { kind: 'statuses', statuses: WAREHOUSE_VISIBLE_STATUSES };
    case 'driver':
      return { kind: 'driver', driver_id: user.id };
    default:
      return { kind: 'none' };
  }
}

/**
 * Which orders a user may see. Used by the server to scope lists and the sync feed; a change that
 * makes this false for a user is sent to that user as a removal.
 */
export function canSeeOrder(user: ActingUser, order: OrderRef): boolean {
  const scope = orderScope(user);
  switch (scope.kind) {
    case 'all':
      return true;
    case 'salesperson':
      return order.salesperson_id === scope.salesperson_id;
    case 'driver':
      return order.driver_id === scope.driver_id;
    case 'statuses':
      return scope.statuses.includes(order.status as OrderStatus);
    default:
      return false;
  }
}

/**
 * Statuses each role's lists show (GET /orders/role/{role}, the dashboards): the spec's dashboard
 * visibility for warehouse and driver; a salesperson's and a manager's lists show every status.
 */
export const ROLE_ORDER_STATUSES: Record<Role, readonly OrderStatus[] | null> = {
  admin: null,
  manager: null,
  salesperson: null,
  warehouse: ['approved', 'assigned', 'prepared', 'in_transit', 'delivered'],
  driver: ['assigned', 'in_transit', 'out_for_delivery', 'delivered'],
};

/**
 * EDITING (PUT /orders/{id}: who may edit what). The fields of an order fall in groups;
 * each role may change some groups of orders in some statuses:
 *  - admin: every group of any order;
 *  - manager: customer, items and notes of pending_approval orders;
 *  - salesperson: customer, items and notes of OWN orders in pending or pending_approval;
 *  - warehouse: notes and vehicle plate of approved orders;
 *  - driver: notes and vehicle plate of orders ASSIGNED TO THEM in ready_for_delivery or
 *    out_for_delivery.
 * Status is never edited here (PATCH …/status, the machine above); the driver through assign-driver.
 */
export const EDIT_FIELD_GROUPS = {
  customer: ['customer_id', 'customer_name', 'customer_phone', 'customer_email', 'customer_address'],
  items: ['items'],
  notes: ['notes'],
  vehicle: ['vehicle_plate'],
} as const;
export type EditGroup = keyof typeof EDIT_FIELD_GROUPS;
export type EditableField = (typeof EDIT_FIELD_GROUPS)[EditGroup][number];

const ALL_GROUPS: readonly EditGroup[] = ['customer', 'items', 'notes', 'vehicle'];

/** The field groups `user` may change on `order` now (empty: no edit button). */
export function editableGroups(user: ActingUser, order: OrderRef): readonly EditGroup[] {
  const status = order.status;
  switch (user.role) {
    case 'admin':
      return ALL_GROUPS;
    case 'manager':
      return status === 'pending_approval' ? ['customer', 'items', 'notes'] : [];
    case 'salesperson':
      return order.salesperson_id === user.id && (status === 'pending' || status === 'pending_approval')
        ? ['customer', 'items', 'notes']
        : [];
    case 'warehouse':
      return status === 'approved' ? ['notes', 'vehicle'] : [];
    case 'driver':
      return order.driver_id === user.id && (status === 'ready_for_delivery' || status === 'out_for_delivery')
        ? ['notes', 'vehicle']
        : [];
    default:
      return [];
  }
}

export function canEditOrder(user: ActingUser, order: OrderRef): boolean {
  return editableGroups(user, order).length > 0;
}

/** The group a field belongs to. */
export function editGroupOf(field: EditableField): EditGroup {
  for (const group of ALL_GROUPS)
    if ((EDIT_FIELD_GROUPS[group] as readonly string[]).includes(field)) return group;
  throw new Error(`unknown field ${field}`);
}

/** Deleting an order (soft delete): admin only. */
export function canDeleteOrder(user: ActingUser): boolean {
  return user.role === 'admin';
}

/** Notification sent when a driver is assigned. */
export const DRIVER_ASSIGNED_NOTIFICATION: { type: NotificationType; targets: readonly NotifyTarget[] } = {
  type: 'order_assigned',
  targets: ['driver'],
};
/** Notification sent when an order is created. */
export const ORDER_CREATED_NOTIFICATION: { type: NotificationType; targets: readonly NotifyTarget[] } = {
  type: 'order_created',
  targets: ['managers'],
};
