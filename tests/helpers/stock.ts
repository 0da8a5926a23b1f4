import { api, apiLogin } from './browser';

/**
 * Approving an order reserves its lines, and an approval beyond the available stock is refused.
 * Browser tests that make and approve their own orders first give the products they use enough
 * stock, through the real adjustment endpoint (the warehouse receiving goods), as admin.
 */
export async function ensureAvailable(
  baseURL: string,
  tenant: string,
  productIds: readonly string[],
  needed: number,
): Promise<void> {
  const admin = await apiLogin(baseURL, tenant, 'admin');
  for (const id of productIds) {
    for (let attempt = 0; attempt < 5; attempt++) {
      const { body } = await api<{ data: { id: string; available_stock: number; version: number }[] }>(
        baseURL,
        tenant,
        '/products?limit=100&sort_by=name&sort_order=asc',
        { token: admin.token },
      );
      const product =
        body.data.find((p) => p.id === id) ?? (await findById(baseURL, tenant, admin.token, id));
      if (product.available_stock >= needed) break;
      const r = await api(baseURL, tenant, `/products/${id}/stock`, {
        method: 'PATCH',
        token: admin.token,
        body: {
          adjustment: needed - product.available_stock,
          reason: 'manual_adjustment',
          expected_version: product.version,
        },
      });
      if (r.status === 200) break;
      if (r.status !== 409) throw new Error(`stock adjustment failed: ${r.status} ${JSON.stringify(r.body)}`);
    }
  }
}

async function findById(baseURL: string, tenant: string, token: string, id: string) {
  for (let page = 1; page <= 20; page++) {
    const { body } = await api<{ data: { id: string; available_stock: number; version: number }[] }>(
      baseURL,
      tenant,
      `/products?limit=100&page=${page}`,
      { token },
    );
    const found = body.data.find((p) => p.id === id);
    if (found) return found;
    if (body.data.length < 100) break;
  }
  throw new Error(`product ${id} not found`);
}
