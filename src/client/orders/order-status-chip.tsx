/** Moved to shared-ui (the dashboards show it too); kept here so the order screens' imports stand. */
export { OrderStatusChip } from '../shared-ui/order-status-chip';
