import { z } from 'zod';

/** `{ success: true, data }` — the envelope of every response except login/register. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

/** Every call carries `?tenant=`. */
export const tenantQuery = z.object({
  tenant: z
    .string({ error: 'tenant parametresi gereklidir' })
    .trim()
    .min(1, 'tenant parametresi gereklidir')
    .max(63, 'tenant parametresi en fazla 63 karakter olabilir')
    .regex(/^[a-z0-9][a-z0-9-]*$/i, 'tenant parametresi geçersiz'),
});

export const idParam = z.object({ id: z.uuid({ error: 'Geçersiz kimlik (id)' }) });

/** ISO-8601 UTC timestamp on the wire. */
export const timestamp = z.string();

/** A TL amount on the wire: a non-negative number with at most two decimals. */
export const tlAmount = z.number();
