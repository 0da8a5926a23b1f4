import { z } from 'zod';

/** GET /health (no tenant, no token): liveness and the database's state; 503 while the database is down. */
export const healthData = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'unavailable']),
  time: z.string(),
  /** Demo mode: the warehouse screen shows the spec's debug buttons (the /debug calls exist). */
  demo: z.boolean(),
});
