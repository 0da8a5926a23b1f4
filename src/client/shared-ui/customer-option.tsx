import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { HTMLAttributes } from 'react';
import type { LocalCustomer } from '../local/database';
import { rankCustomers } from './customer-search';

/**
 * Customers as the order screens offer them (/create-order and /sales): picked from the local
 * mirror, so choosing one works offline. Shared UI (not a feature's): both feature folders use it.
 */

/**
 * The name an order carries for a customer: the company when there is one, else the person —
 * the same rule the seeded orders follow, so an order's `customer_name` reads alike whichever
 * screen made it.
 */
export function customerDisplayName(customer: Pick<LocalCustomer, 'company_name' | 'full_name'>): string {
  return customer.company_name?.trim() || customer.full_name;
}

/** The order fields a chosen customer fills in. */
export function customerOrderFields(customer: LocalCustomer) {
  return {
    customer_id: customer.id,
    customer_name: customerDisplayName(customer),
    customer_phone: customer.phone ?? '',
    customer_email: customer.email ?? '',
    customer_address: customer.address ?? '',
  };
}

/**
 * Autocomplete filter: the customers ranked by the typed text (customer-search.ts: prefix matches
 * of the company or name first, then words, then anywhere, then city, number, tax number and
 * phone), with Turkish case folding. MUI's default lower-cases with the root locale, so 'istanbul'
 * would not find 'İSTANBUL'.
 */
export function filterCustomers(options: LocalCustomer[], inputValue: string): LocalCustomer[] {
  return rankCustomers(options, inputValue, 50);
}

/** One row of the customer list: the order's name, then who and which number. */
export function CustomerOption({
  customer,
  ...props
}: HTMLAttributes<HTMLLIElement> & { customer: LocalCustomer }) {
  const name = customerDisplayName(customer);
  return (
    <Box component="li" {...props} data-testid="customer-option">
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2">{name}</Typography>
        <Typography variant="caption" color="text.secondary">
          {[
            name === customer.full_name ? null : customer.full_name,
            customer.customer_number,
            customer.city,
            customer.phone,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      </Box>
    </Box>
  );
}
