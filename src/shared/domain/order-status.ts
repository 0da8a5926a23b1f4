import type { Role } from './roles';

/**
 * The order status machine (DESIGN §5). This table is the ONLY copy: the server checks every
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
export const DISPLAY_ONLY_STATUSES = [
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

/** Whom a change notifies (besides nobody): the order's salesperson, its driver, or the tenant's managers and admins. */
export type NotifyTarget = 'salesperson' | 'driver' | 'managers';

export interface Transition {
  from: ProducedStatus;
  to: ProducedStatus;
  who: readonly Actor[];
  /** UI label of the button that makes it, where the spec names one. */
  action?: string;
  /** A reason is required (delivery failed). */
  requiresNotes?: boolean;
  notify?: { type: NotificationType; target: NotifyTarget };
}

export const TRANSITIONS: readonly Transition[] = [
  {
    from: 'pending_approval',
    to: 'approved',
    who: ['manager', 'admin'],
    action: 'Onayla',
    notify: { type: 'order_approved', target: 'salesperson' },
  },
  {
    from: 'pending_approval',
    to: 'rejected',
    who: ['manager', 'admin'],
    action: 'Reddet',
    notify: { type: 'order_rejected', target: 'salesperson' },
  },
  {
    from: 'pending_approval',
    to: 'cancelled',
    who: ['manager', 'admin', 'own_salesperson'],
    action: 'Reddet',
    notify: { type: 'order_cancelled', target: 'salesperson' },
  },
  {
    from: 'approved',
    to: 'prepared',
    who: ['warehouse', 'admin'],
    action: 'Hazırla',
  },
  {
    from: 'approved',
    to: 'cancelled',
    who: ['manager', 'admin'],
    notify: { type: 'order_cancelled', target: 'salesperson' },
  },
  {
    from: 'prepared',
    to: 'in_transit',
    who: ['warehouse', 'admin'],
    action: 'Kargoya Ver',
    notify: { type: 'order_in_transit', target: 'salesperson' },
  },
  { from: 'in_transit', to: 'out_for_delivery', who: ['assigned_driver', 'admin'] },
  {
    from: 'out_for_delivery',
    to: 'delivered',
    who: ['assigned_driver', 'admin'],
    notify: { type: 'order_delivered', target: 'salesperson' },
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

export function actorMatches(actor: Actor, user: ActingUser, order: OrderRef): boolean {
  if (actor === 'own_salesperson') return user.role === 'salesperson' && order.salesperson_id === user.id;
  if (actor === 'assigned_driver') return user.role === 'driver' && order.driver_id === user.id;
  return actor === user.role;
}

export type TransitionCheck =
  | { ok: true; transition: Transition }
  | { ok: false; reason: 'invalid_transition' | 'forbidden' };

/** Can `user` move `order` to `to`? The single rule used by the server and by the UI's buttons. */
export function checkTransition(user: ActingUser, order: OrderRef, to: string): TransitionCheck {
  const transition = findTransition(order.status, to);
  if (!transition) return { ok: false, reason: 'invalid_transition' };
  if (!transition.who.some((actor) => actorMatches(actor, user, order))) return { ok: false, reason: 'forbidden' };
  return { ok: true, transition };
}

/** Every status `user` may move `order` to now (for buttons). */
export function allowedNextStatuses(user: ActingUser, order: OrderRef): ProducedStatus[] {
  return TRANSITIONS.filter(
    (t) => t.from === order.status && t.who.some((actor) => actorMatches(actor, user, order)),
  ).map((t) => t.to);
}

/** Statuses from which a manager or admin may assign a driver (no status change). */
export const DRIVER_ASSIGNABLE_STATUSES: readonly OrderStatus[] = ['approved', 'prepared'];
export function canAssignDriver(user: ActingUser, order: OrderRef): boolean {
  return (user.role === 'manager' || user.role === 'admin') && DRIVER_ASSIGNABLE_STATUSES.includes(order.status as OrderStatus);
}

/** Statuses a warehouse user sees (DESIGN/issue: approved, prepared, in_transit, delivered). */
export const WAREHOUSE_VISIBLE_STATUSES: readonly OrderStatus[] = ['approved', 'prepared', 'in_transit', 'delivered'];

/**
 * Which orders a user may see. Used by the server to scope lists and the sync feed; a change that
 * makes this false for a user is sent to that user as a removal.
 */
export function canSeeOrder(user: ActingUser, order: OrderRef): boolean {
  switch (user.role) {
    case 'admin':
    case 'manager':
      return true;
    case 'salesperson':
      return order.salesperson_id === user.id;
    case 'warehouse':
      return WAREHOUSE_VISIBLE_STATUSES.includes(order.status as OrderStatus);
    case 'driver':
      return order.driver_id === user.id;
    default:
      return false;
  }
}

/** Notification sent when a driver is assigned. */
export const DRIVER_ASSIGNED_NOTIFICATION: { type: NotificationType; target: NotifyTarget } = {
  type: 'order_assigned',
  target: 'driver',
};
/** Notification sent when an order is created. */
export const ORDER_CREATED_NOTIFICATION: { type: NotificationType; target: NotifyTarget } = {
  type: 'order_created',
  target: 'managers',
};
