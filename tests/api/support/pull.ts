import type { SyncPullResponse } from '../../../src/shared/api/sync';
import { syncPullResponse } from '../../../src/shared/api/sync';
import type { Api, Session } from './harness';

export async function pullOnce(api: Api, s: Session, cursor: string, limit = 500): Promise<SyncPullResponse> {
  const r = await api.call<{ success: true; data: unknown }>('GET', '/sync/pull', {
    tenant: s.tenant,
    token: s.token,
    query: { cursor, limit },
  });
  if (r.status !== 200) throw new Error(`pull failed: ${r.status} ${r.raw}`);
  const page = syncPullResponse.parse(r.body.data);
  // Every answer repeats its next cursor and has_more in headers a device reads before the body.
  const next = { cursor: r.headers['x-sync-next-cursor'], hasMore: r.headers['x-sync-has-more'] };
  const expected = { cursor: page.cursor, hasMore: page.has_more ? '1' : '0' };
  if (next.cursor !== expected.cursor || next.hasMore !== expected.hasMore)
    throw new Error(
      `pull headers ${JSON.stringify(next)} differ from the body's ${JSON.stringify(expected)}`,
    );
  return page;
}

/** Pulls until has_more is false; returns the pages. */
export async function pullAll(api: Api, s: Session, cursor = '0', limit = 500): Promise<SyncPullResponse[]> {
  const pages: SyncPullResponse[] = [];
  let at = cursor;
  for (let i = 0; i < 10_000; i++) {
    const page = await pullOnce(api, s, at, limit);
    pages.push(page);
    at = page.cursor;
    if (!page.has_more) return pages;
  }
  throw new Error('pull never finished');
}

export function ids<T extends { id: string }>(rows: T[]): string[] {
  return rows.map((r) => r.id).sort();
}
