import { randomUUID } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../src/server/db/schema';
import type { Invoice } from '../../../src/shared/api/invoices';
import type { Api, Session } from './harness';

/**
 * Orders ready to invoice, written straight into the database (the status path to "delivered"
 * has its own tests): each with lines at KDV 20, 10 and 1 whose totals add up to the order's, a
 * customer with a VKN, and the given status and salesperson.
 */
export interface TestOrder {
  id: string;
  order_number: string;
  total_kurus: number;
}

let made = 0;

export async function insertOrders(
  db: Kysely<Database>,
  tenantId: string,
  count: number,
  options: {
    status?: string;
    salespersonId?: string | null;
    customerTaxNumber?: string | null;
    lines?: number;
  } = {},
): Promise<TestOrder[]> {
  const status = options.status ?? 'delivered';
  const salesperson =
    options.salespersonId === undefined
      ? (
          await db
            .selectFrom('users')
            .select('id')
            .where('tenant_id', '=', tenantId)
            .where('username', '=', 'sales')
            .executeTakeFirstOrThrow()
        ).id
      : options.salespersonId;
  const customerId = randomUUID();
  made += 1;
  await db
    .insertInto('customers')
    .values({
      tenant_id: tenantId,
      id: customerId,
      customer_number: `INV-T-${made}-${randomUUID().slice(0, 8)}`,
      full_name: 'Şükrü Öztürk',
      company_name: 'Öztürk Gıda Ltd. Şti.',
      phone: '0532 111 22 33',
      email: 'sukru@ozturk.com.tr',
      address: 'Atatürk Cad. No:5 Çankaya',
      city: 'Ankara',
      tax_office: 'Çankaya',
      tax_number: options.customerTaxNumber === undefined ? '2701341846' : options.customerTaxNumber,
      change_seq: 0,
    })
    .execute();
  const rates = [20, 10, 1, 0];
  const lineCount = options.lines ?? 3;
  const orders: TestOrder[] = [];
  const orderRows = [];
  const itemRows = [];
  for (let n = 0; n < count; n++) {
    const id = randomUUID();
    const order_number = `INV-${made}-${n}-${id.slice(0, 6)}`;
    let total = 0;
    for (let p = 1; p <= lineCount; p++) {
      const unit = 1999 + p * 101 + n; // kuruş
      const quantity = 1 + (p % 4);
      total += unit * quantity;
      itemRows.push({
        tenant_id: tenantId,
        id: randomUUID(),
        order_id: id,
        position: p,
        product_id: null,
        product_name: `Ürün İğne Şişe ${p}`,
        barcode: null,
        quantity,
        unit_price: (unit / 100).toFixed(2),
        total_price: ((unit * quantity) / 100).toFixed(2),
        vat_rate: rates[(p - 1) % rates.length] as number,
      });
    }
    orderRows.push({
      tenant_id: tenantId,
      id,
      order_number,
      customer_id: customerId,
      customer_name: 'Şükrü Öztürk',
      customer_phone: null,
      customer_email: null,
      customer_address: null,
      status,
      total_amount: (total / 100).toFixed(2),
      salesperson_id: salesperson,
      manager_id: null,
      warehouse_id: null,
      driver_id: null,
      vehicle_plate: null,
      notes: null,
      change_seq: 0,
    });
    orders.push({ id, order_number, total_kurus: total });
  }
  for (let i = 0; i < orderRows.length; i += 500) {
    await db
      .insertInto('orders')
      .values(orderRows.slice(i, i + 500))
      .execute();
  }
  for (let i = 0; i < itemRows.length; i += 1000) {
    await db
      .insertInto('order_items')
      .values(itemRows.slice(i, i + 1000))
      .execute();
  }
  return orders;
}

/** The demo tenant's company profile complete enough to issue (legal name, VKN, tax office). */
export async function completeCompany(db: Kysely<Database>, tenantId: string): Promise<void> {
  await sql`UPDATE tenants SET legal_name = coalesce(legal_name, 'Demo Ticaret A.Ş.'),
    tax_number = coalesce(tax_number, '9876543217'), tax_office = coalesce(tax_office, 'Kadıköy')
    WHERE id = ${tenantId}`.execute(db);
}

export async function issue(
  api: Api,
  session: Session,
  orderId: string,
  id: string = randomUUID(),
  idempotencyKey?: string,
) {
  return api.call<{ data: Invoice; error?: string; code?: string }>('POST', '/invoices', {
    tenant: session.tenant,
    token: session.token,
    body: { id, order_id: orderId },
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });
}

/** The files of a ZIP (its central directory; stored or deflated entries). */
export function readZip(zip: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory');
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const offset = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const localName = zip.readUInt16LE(offset + 26);
    const localExtra = zip.readUInt16LE(offset + 28);
    const start = offset + 30 + localName + localExtra;
    const data = zip.subarray(start, start + size);
    files.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + extra + comment;
  }
  return files;
}

/** An XML element as parsed back: its name, attributes, children and text. */
export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
}

const unescapeXml = (s: string) =>
  s.replace(
    /&(lt|gt|quot|apos|amp);/g,
    (_, e: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[e] as string,
  );

/**
 * A strict little XML reader for the invoice files (elements, attributes, text; no CDATA or
 * DTD): throws on a tag closed out of order, an unclosed element or text outside the root.
 */
export function parseXml(text: string): XmlNode {
  const body = text.replace(/^<\?xml[^>]*\?>\s*/, '');
  const stack: XmlNode[] = [];
  let root: XmlNode | undefined;
  const token = /<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[\w:.-]+="[^"]*")*)\s*(\/?)>|([^<]+)/gy;
  let m: RegExpExecArray | null = token.exec(body);
  let consumed = 0;
  while (m !== null) {
    consumed = token.lastIndex;
    const [, closing, name, attrText, selfClosing, chars] = m;
    if (chars !== undefined) {
      const top = stack.at(-1);
      if (!top) {
        if (chars.trim()) throw new Error('text outside the root');
      } else top.text += unescapeXml(chars);
    } else if (closing) {
      const open = stack.pop();
      if (!open || open.name !== name) throw new Error(`</${name}> closes <${open?.name}>`);
    } else {
      const attrs: Record<string, string> = {};
      for (const a of (attrText ?? '').matchAll(/([\w:.-]+)="([^"]*)"/g))
        attrs[a[1] as string] = unescapeXml(a[2] as string);
      const node: XmlNode = { name: name as string, attrs, children: [], text: '' };
      const parent = stack.at(-1);
      if (parent) parent.children.push(node);
      else if (root) throw new Error('two roots');
      else root = node;
      if (!selfClosing) stack.push(node);
    }
    m = token.exec(body);
  }
  if (consumed !== body.length)
    throw new Error(`unparsable at ${consumed}: ${body.slice(consumed, consumed + 40)}`);
  if (stack.length > 0 || !root) throw new Error('unclosed element');
  return root;
}

/** The first child of `node` named `name`, or throws. */
export function child(node: XmlNode, name: string): XmlNode {
  const found = node.children.find((c) => c.name === name);
  if (!found) throw new Error(`${node.name} has no ${name}`);
  return found;
}

export function path(node: XmlNode, ...names: string[]): XmlNode {
  return names.reduce(child, node);
}
