import { randomUUID } from 'node:crypto';
import { startApi } from '../tests/api/support/harness';
import { insertBulkOrders } from '../tests/helpers/bulk-orders';
import { runClaimed } from '../src/server/backups/backups.service';
const api = await startApi({ config: { backupDir: '/tmp/bigtest-backups' } });
const s = await api.login('demo', 'sales');
console.log('login ok', new Date().toISOString());
await insertBulkOrders(api.db, 'demo', 5000, 'LOAD');
console.log('bulk ok', new Date().toISOString());
const id = randomUUID();
await api.db.insertInto('tenant_backups').values({ tenant_id: 'demo', id, trigger: 'manual', status: 'running' }).execute();
let finished = false;
const b = runClaimed({ db: api.db, config: api.config }, 'demo', id).finally(() => { finished = true; });
let n = 0; { const r = await api.call('GET', '/orders', { token: s.token, query: { limit: 20 } }); console.log('first', r.status, r.raw.slice(0, 300)); }
while (!finished) { const t = performance.now(); const r = await api.call('GET', '/orders', { token: s.token, query: { limit: 20 } }); await new Promise((r) => setTimeout(r, 5)); n++; if (n % 200 === 0) console.log(n, r.status, (performance.now()-t).toFixed(0), (await import('node:fs')).readdirSync('/tmp/bigtest-backups/demo').map(f => f + ':' + (require('node:fs').statSync('/tmp/bigtest-backups/demo/' + f).size)).join(' ')); }
await b;
console.log('done', n, await api.db.selectFrom('tenant_backups').selectAll().where('id','=',id).executeTakeFirst());
await api.close();
