import type { adminOrdersTr } from './messages-tr';

/** Texts of the admin panel's 'Order management' tab (English). */
export const adminOrdersEn: Record<keyof typeof adminOrdersTr, string> = {
  ao_orderNumber: 'Order no.',
  ao_date: 'Date',
  ao_actions: 'Actions',
  ao_details: 'Details',
  ao_detailsOf: 'Details of order {number}',
  ao_searchPlaceholder: 'Order number or customer name',
  ao_empty: 'No orders found.',
  ao_storeUnavailable: 'The local data store could not be opened; orders cannot be shown.',
};
