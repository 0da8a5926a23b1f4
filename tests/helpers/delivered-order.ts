import { expect } from 'vitest';
import { api } from './browser';

/** A 1×1 PNG: the smallest signature a delivery accepts. */
const SIGNATURE_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export interface DeliveredOrder {
  id: string;
  order_number: string;
  status: string;
  customer_id: string | null;
  customer_name: string;
  total_amount_kurus: number;
}

/**
 * An order made and taken all the way to delivered (with its proof) through the API, as an admin
 * (who may do every step). Tests that invoice a delivered order make their own: the demo seed's
 * few delivered orders are shared by every file of a run, and each can be invoiced only once.
 */
export async function deliveredOrder(
  baseURL: string,
  tenant: string,
  adminToken: string,
  options: {
    customer_name: string;
    customer_id?: string;
    /** The driver to assign; else the company's first driver. */
    driverId?: string;
  },
): Promise<DeliveredOrder> {
  let driverId = options.driverId;
  if (!driverId) {
    const drivers = await api<{ data: { drivers: { id: string }[] } }>(baseURL, tenant, '/drivers', {
      token: adminToken,
    });
    expect(drivers.status, JSON.stringify(drivers.body)).toBe(200);
    driverId = drivers.body.data.drivers[0]?.id;
    if (!driverId) throw new Error(`the company ${tenant} has no driver`);
  }
  const created = await api<{ data: DeliveredOrder }>(baseURL, tenant, '/orders', {
    method: 'POST',
    token: adminToken,
    body: {
      customer_name: options.customer_name,
      ...(options.customer_id ? { customer_id: options.customer_id } : {}),
      items: [{ product_name: 'Zeytinyağı 1 L', quantity: 2, unit_price: 250 }],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const order = created.body.data;
  for (const status of ['approved', 'prepared', 'in_transit', 'out_for_delivery']) {
    // Shipping needs a driver: the driver is assigned once the order is prepared.
    if (status === 'in_transit') {
      const assigned = await api(baseURL, tenant, `/orders/${order.id}/assign-driver`, {
        method: 'PATCH',
        token: adminToken,
        body: { driver_id: driverId },
      });
      expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    }
    const moved = await api(baseURL, tenant, `/orders/${order.id}/status`, {
      method: 'PATCH',
      token: adminToken,
      body: { status },
    });
    expect(moved.status, `${status}: ${JSON.stringify(moved.body)}`).toBe(200);
  }
  const delivered = await api(baseURL, tenant, `/orders/${order.id}/deliver`, {
    method: 'POST',
    token: adminToken,
    body: {
      recipient_name: options.customer_name,
      signature: `data:image/png;base64,${SIGNATURE_PNG}`,
      delivered_at: new Date().toISOString(),
    },
  });
  expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
  return { ...order, status: 'delivered' };
}
