import type { LocalOrder } from '../local';

/**
 * The order edit dialog, shared by /orders and /my-orders (being built). Edits only the fields
 * `editableGroups(user, order)` allows; saves through updateOrderAction (outbox).
 */
export interface OrderEditDialogProps {
  order: LocalOrder | null;
  open: boolean;
  onClose: () => void;
}

export function OrderEditDialog(_props: OrderEditDialogProps) {
  return null;
}
