import { z } from 'zod';
import { endpoint } from '../endpoint';
import { pushBody, pushResponse } from '../push';
import { ROUTES } from '../routes';
import { syncPullQuery, syncPullResponse } from '../sync';

/**
 * Offline sync: the pull, the push of the outbox, the live event stream. Spread into `API`
 * (./index.ts).
 */
export const SYNC_ENDPOINTS = {
  syncPull: endpoint({ ...ROUTES.syncPull, query: syncPullQuery, response: syncPullResponse }),
  syncPush: endpoint({ ...ROUTES.syncPush, body: pushBody, response: pushResponse }),
  events: endpoint({ ...ROUTES.events, response: z.unknown(), stream: 'text/event-stream' }),
} as const;
