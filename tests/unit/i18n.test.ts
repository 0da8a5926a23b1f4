/**
 * The client's language switch: choosing English must change every screen, not only the
 * shell. Two guards:
 *  1. every key of the catalogue (src/client/shared-ui/i18n.ts) has a non-empty Turkish and
 *     English text, and so do the status and role labels;
 *  2. no Turkish text is left in the screens' source outside the catalogue: the string literals,
 *     template texts and JSX texts of src/client's screen folders are parsed with Babel
 *     (comments are not looked at) and none may contain a Turkish-specific letter, except
 *     an explicit allow-list and the arguments of console.* calls (developer logs, not UI).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { en, ROLE_LABELS_EN, STATUS_LABELS_EN } from '../../src/client/app/catalogue-en';
import { statusActions } from '../../src/client/orders/order-ui';
import {
  loadEnglish,
  roleLabel,
  statusLabel,
  TR_CATALOGUE,
  t,
  unitLabel,
} from '../../src/client/shared-ui/i18n';
import { notificationText } from '../../src/client/shared-ui/notifications-data';
import { outboxSummary } from '../../src/client/shared-ui/outbox-summary';
import { useUi } from '../../src/client/state/ui';
import { PRODUCT_UNITS } from '../../src/shared/api/product-data';
import { ORDER_STATUSES, TRANSITIONS } from '../../src/shared/domain/order-status';
import { ROLES } from '../../src/shared/domain/roles';

const root = join(import.meta.dirname, '..', '..');
const CATALOGUES = { tr: TR_CATALOGUE, en };

// English is its own chunk, loaded on demand (i18n.ts loadEnglish).
beforeAll(() => loadEnglish());

/** The little of @babel/core (a dev dependency, shipped without types) this test uses. */
interface BabelNode {
  type: string;
  value?: string | { raw: string; cooked?: string | null };
  loc?: { start: { line: number } };
  callee?: BabelNode;
  object?: BabelNode;
  name?: string;
}
interface NodePath {
  node: BabelNode;
  parentPath: NodePath | null;
  findParent(test: (path: NodePath) => boolean): NodePath | null;
}
type Visitor = (path: NodePath) => void;
const babel = createRequire(import.meta.url)('@babel/core') as {
  parseSync(code: string, options: object): object | null;
  traverse(ast: object, visitors: Record<string, Visitor>): void;
};
const TURKISH = /[çğıİöşüÇĞÖŞÜ]/;

/**
 * Folders holding screens: every folder of src/client (features added later included) except the
 * local store and the API client, whose few Turkish texts are errors for the developer's log and
 * the outbox entries' summaries, stored in Turkish (outbox-summary.ts rebuilds them in English).
 */
const NOT_SCREENS = new Set(['api', 'local']);
/** A feature's own local-store code (its `local.ts`), which is local-store code like local/'s. */
const isLocalStoreCode = (rel: string) => /^src\/client\/[^/]+\/local\.ts$/.test(rel);
const SCREEN_DIRS = readdirSync(join(import.meta.dirname, '..', '..', 'src', 'client'), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory() && !NOT_SCREENS.has(entry.name))
  .map((entry) => entry.name);
/**
 * The catalogue itself: its shared Turkish texts live in i18n-tr.ts, each feature's in its own
 * messages-tr.ts, which i18n-tr.ts combines.
 */
const CATALOGUE_FILES = new Set(['src/client/shared-ui/i18n.ts', 'src/client/shared-ui/i18n-tr.ts']);
const isCatalogue = (rel: string) =>
  CATALOGUE_FILES.has(rel) || /^src\/client\/.+\/messages-tr\.ts$/.test(rel);
/**
 * Texts that are the same in every language: the language picker names Turkish in Turkish
 * (a user who cannot read the current language must still find their own).
 */
const ALLOWED = new Set(['Türkçe']);

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path));
    else if (/\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

function isConsoleCall(path: NodePath): boolean {
  const callee = path.findParent((p) => p.node.type === 'CallExpression')?.node.callee;
  return (
    callee?.type === 'MemberExpression' &&
    callee.object?.type === 'Identifier' &&
    callee.object.name === 'console'
  );
}

/** Turkish texts in one file's code (not comments): "path:line: text". */
function turkishLiterals(path: string, source: string): string[] {
  const ast = babel.parseSync(source, {
    filename: path,
    babelrc: false,
    configFile: false,
    parserOpts: { plugins: path.endsWith('.tsx') ? ['typescript', 'jsx'] : ['typescript'] },
  });
  if (!ast) throw new Error(`could not parse ${path}`);
  const found: string[] = [];
  const check = (p: NodePath) => {
    const value = p.node.value;
    const text = (typeof value === 'string' ? value : (value?.cooked ?? value?.raw))?.trim();
    if (!text || !TURKISH.test(text) || ALLOWED.has(text)) return;
    if (p.parentPath?.node.type === 'ImportDeclaration' || isConsoleCall(p)) return;
    found.push(`${path}:${p.node.loc?.start.line ?? 0}: ${text}`);
  };
  babel.traverse(ast, { StringLiteral: check, TemplateElement: check, JSXText: check });
  return found;
}

describe('i18n catalogue', () => {
  it('has a non-empty Turkish and English text for every key', () => {
    const keys = new Set([...Object.keys(CATALOGUES.tr), ...Object.keys(CATALOGUES.en)]);
    const missing: string[] = [];
    for (const key of keys)
      for (const language of ['tr', 'en'] as const) {
        const text = (CATALOGUES[language] as Record<string, string | undefined>)[key];
        if (typeof text !== 'string' || !text.trim()) missing.push(`${language}.${key}`);
      }
    expect(missing).toEqual([]);
  });

  it('English texts contain no Turkish letter', () => {
    const turkish = Object.entries(CATALOGUES.en).filter(([, text]) => TURKISH.test(text));
    expect(turkish).toEqual([]);
  });

  it('labels every order status and role in both languages', () => {
    for (const status of ORDER_STATUSES) expect(STATUS_LABELS_EN[status]?.trim()).toBeTruthy();
    for (const role of ROLES) expect(ROLE_LABELS_EN[role]?.trim()).toBeTruthy();
    useUi.getState().setLanguage('en');
    try {
      expect(statusLabel('pending_approval')).toBe('Awaiting Approval');
      expect(roleLabel('driver')).toBe('Driver');
      expect(t('page_orders')).toBe('Orders');
    } finally {
      useUi.getState().setLanguage('tr');
    }
    // The spec's button labels the status machine carries are all in the catalogue (order-ui.ts
    // maps them to keys, so an English label exists for each).
    const turkish = new Set(Object.values(CATALOGUES.tr));
    for (const transition of TRANSITIONS) if (transition.action) expect(turkish).toContain(transition.action);
    // Turkish stays the spec's (and the server's) text.
    expect(statusLabel('pending_approval')).toBe('Onay Bekliyor');
    expect(roleLabel('driver')).toBe('Sürücü');
    expect(t('page_orders')).toBe('Siparişler');
  });

  it("names a product's unit in English ('adet' → 'pcs'), and every screen shows units through unitLabel", () => {
    useUi.getState().setLanguage('en');
    try {
      expect(unitLabel('adet')).toBe('pcs');
      expect(unitLabel('koli')).toBe('carton');
      for (const unit of PRODUCT_UNITS) expect(TURKISH.test(unitLabel(unit))).toBe(false);
    } finally {
      useUi.getState().setLanguage('tr');
    }
    expect(unitLabel('adet')).toBe('adet');
    // A unit put on screen as it is stored ({product.unit}, {line.unit}) stays Turkish in English;
    // a form's value (value={form.unit}) is the wire value, not a text.
    const raw: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (path.endsWith('.tsx') && /(?<!=)\{\s*[\w.?]+\.unit\s*\}/.test(readFileSync(path, 'utf8')))
          raw.push(relative(root, path));
      }
    };
    walk(join(root, 'src', 'client'));
    expect(raw).toEqual([]);
  });
});

describe('status buttons', () => {
  it("carry the spec's Turkish labels, and English ones, told apart the same way in both", () => {
    const manager = { id: 'm', role: 'manager' as const };
    const pending = { status: 'pending_approval', salesperson_id: 's', driver_id: null };
    const driver = { id: 'd', role: 'driver' as const };
    const outForDelivery = { status: 'out_for_delivery', salesperson_id: 's', driver_id: 'd' };
    const labels = () => [
      statusActions(manager, pending).map((a) => `${a.to}:${a.label}`),
      statusActions(driver, outForDelivery).map((a) => `${a.to}:${a.label}`),
    ];
    expect(labels()).toEqual([
      ['approved:Onayla', 'rejected:Reddet', 'cancelled:İptal Et'],
      // The delivery itself needs its proof: made from the driver's work list, not a button here.
      ['in_transit:Teslim Edilemedi'],
    ]);
    useUi.getState().setLanguage('en');
    try {
      expect(labels()).toEqual([
        ['approved:Approve', 'rejected:Reject', 'cancelled:Cancel Order'],
        ['in_transit:Delivery Failed'],
      ]);
    } finally {
      useUi.getState().setLanguage('tr');
    }
  });
});

describe('texts stored in Turkish', () => {
  const order = { id: 'o1', order_number: 'ORD-2026-00001', customer_name: 'Ayşe Yılmaz' };

  it('an order notification is rendered in English from its type and order; Turkish shows the stored text', () => {
    const rejected = {
      type: 'order_rejected' as const,
      title: 'Sipariş Reddedildi',
      message: 'ORD-2026-00001 numaralı sipariş (Ayşe Yılmaz) reddedildi. Not: Stok yetersiz',
      related_order: order,
    };
    const system = {
      type: 'system' as const,
      title: 'Planlı bakım',
      message: 'Pazar günü',
      related_order: null,
    };
    expect(notificationText(rejected)).toEqual({
      title: rejected.title,
      message: rejected.message,
      stored: true,
    });
    useUi.getState().setLanguage('en');
    try {
      expect(notificationText(rejected)).toEqual({
        title: 'Order Rejected',
        message: 'Order ORD-2026-00001 (Ayşe Yılmaz) was rejected. Note: Stok yetersiz',
        stored: false,
      });
      // No English for free text: shown as stored, marked so (the screens tag it as data).
      expect(notificationText(system)).toEqual({
        title: system.title,
        message: system.message,
        stored: true,
      });
      expect(notificationText({ ...rejected, related_order: null }).stored).toBe(true);
    } finally {
      useUi.getState().setLanguage('tr');
    }
  });

  it('an outbox summary is rebuilt in English from its kind; unknown kinds stay as stored', () => {
    const status = { kind: 'order.status', summary: 'ORD-1: Onay Bekliyor → Onaylandı' };
    const driver = { kind: 'order.assign-driver', summary: 'ORD-1: sürücü Ali Öz' };
    const unknown = { kind: 'order.future', summary: 'Gelecek sürüm' };
    expect(outboxSummary(status)).toBe(status.summary);
    useUi.getState().setLanguage('en');
    try {
      expect(outboxSummary(status)).toBe('ORD-1: Awaiting Approval → Approved');
      expect(outboxSummary(driver)).toBe('ORD-1: driver Ali Öz');
      expect(outboxSummary({ kind: 'order.create', summary: 'Sipariş oluşturuldu: Ayşe' })).toBe(
        'Order created: Ayşe',
      );
      expect(outboxSummary({ kind: 'notification.read-all', summary: 'x' })).toBe(
        'All notifications marked as read',
      );
      expect(outboxSummary(unknown)).toBe(unknown.summary);
    } finally {
      useUi.getState().setLanguage('tr');
    }
  });
});

describe('screens use the catalogue', () => {
  it('the scanner finds Turkish in strings and JSX text, not in comments or console calls', () => {
    const sample = [
      '// Sipariş in a comment',
      "const a = 'Sipariş';",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the sample is source code with a template
      'const b = `${n} sipariş`;',
      "console.error('Yerel veri deposu açılamadı:', e);",
      'const c = <p title="Düzenle">Sürücü Ata</p>;',
      "const d = <p>{t('save')}</p>;",
      "const e = 'Türkçe';",
    ].join('\n');
    const found = turkishLiterals('sample.tsx', sample).map((line) => line.replace(/^sample\.tsx:/, ''));
    expect(found).toEqual(['2: Sipariş', '3: sipariş', '5: Düzenle', '5: Sürücü Ata']);
  });

  it('no Turkish literal is left in src/client screens outside the catalogue', { timeout: 180_000 }, () => {
    const files = SCREEN_DIRS.flatMap((dir) => filesUnder(join(root, 'src', 'client', dir)));
    expect(files.length).toBeGreaterThan(50);
    const found: string[] = [];
    for (const path of files) {
      const rel = relative(root, path).replaceAll('\\', '/');
      if (isCatalogue(rel) || isLocalStoreCode(rel)) continue;
      found.push(...turkishLiterals(rel, readFileSync(path, 'utf8')));
    }
    expect(found).toEqual([]);
  });
});
