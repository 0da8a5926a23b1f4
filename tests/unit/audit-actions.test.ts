import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_CODES, AUDIT_ACTIONS, type AuditAction } from '../../src/shared/api/audit-actions';
import {
  AUDIT_FIELD_LABELS,
  auditChanges,
  renderAuditChange,
  SECRET_FIELD,
  secretChanged,
} from '../../src/shared/api/audit-fields';
import {
  auditActionsShowing,
  placeholders,
  renderAuditMessage,
  UNCHANGED_PARAM,
} from '../../src/shared/api/audit-messages';
import { BULK_ACTIONS } from '../../src/shared/api/products';
import { REGISTRATION_ACTIONS } from '../../src/shared/domain/company-registration';
import { searchFold } from '../../src/shared/domain/turkish-text';

/** Every .ts file under a folder. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/**
 * The action codes the server writes, read from its source: `action: 'x.y'`, `action = 'x.y'`,
 * a union of codes typed for an `action` (`action: 'a.b' | 'c.d'`), and the two codes made from a
 * template (`product.bulk_${…}`, `registration.${…}`) expanded over their lists. A template this
 * test does not know fails it, so a new one cannot slip past.
 */
function serverActionCodes(): Set<string> {
  const codes = new Set<string>();
  const templates: Record<string, readonly string[]> = {
    'product.bulk_': BULK_ACTIONS,
    'registration.': REGISTRATION_ACTIONS,
  };
  for (const file of sources('src/server')) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\baction\??\s*[:=]\s*((?:'[a-z_]+\.[a-z_]+'\s*\|?\s*)+)/g)) {
      for (const code of (m[1] as string).matchAll(/'([a-z_]+\.[a-z_]+)'/g)) codes.add(code[1] as string);
    }
    for (const m of text.matchAll(/\baction\s*:\s*`([a-z_.]+)\$\{/g)) {
      const prefix = m[1] as string;
      const expansions = templates[prefix];
      if (!expansions) throw new Error(`${file}: an action made from an unknown template \`${prefix}\${…}\``);
      for (const tail of expansions) codes.add(`${prefix}${tail}`);
    }
  }
  return codes;
}

describe('the system log message table', () => {
  it('has a message in both languages for every action code the server writes', () => {
    const written = [...serverActionCodes()];
    // The reading found the writers (a broken pattern would find nothing and pass).
    expect(written).toEqual(
      expect.arrayContaining(['product.update', 'order.status', 'auth.login', 'invoice.cancel']),
    );
    expect(written.length).toBeGreaterThan(50);
    const missing = written.filter((code) => !AUDIT_ACTION_CODES.includes(code as AuditAction));
    expect(missing).toEqual([]);
    for (const code of written) {
      const entry = AUDIT_ACTIONS[code as AuditAction];
      expect(entry.tr.trim(), code).not.toBe('');
      expect(entry.en.trim(), code).not.toBe('');
      expect(entry.en, code).not.toBe(code);
    }
  });

  it('names the same parameters in Turkish and English, and only codes it knows as values', () => {
    for (const code of AUDIT_ACTION_CODES) {
      const entry: { trFull?: string; enFull?: string; values?: Record<string, string> } =
        AUDIT_ACTIONS[code];
      expect(Boolean(entry.trFull), code).toBe(Boolean(entry.enFull));
      if (!entry.trFull || !entry.enFull) continue;
      expect(placeholders(entry.trFull).sort(), code).toEqual(placeholders(entry.enFull).sort());
      expect(placeholders(entry.trFull), code).not.toContain(UNCHANGED_PARAM);
      for (const name of Object.keys(entry.values ?? {}))
        expect(placeholders(entry.trFull), code).toContain(name);
    }
  });

  it('renders what happened in the reader language, from the stored parameters', () => {
    const params = { name: 'Magic Keyboard', code: 'KB-001' };
    expect(renderAuditMessage({ action: 'product.update', params, message: null }, 'tr')).toBe(
      'Ürün güncellendi: Magic Keyboard (KB-001)',
    );
    expect(renderAuditMessage({ action: 'product.update', params, message: null }, 'en')).toBe(
      'Product updated: Magic Keyboard (KB-001)',
    );
    const status = { number: 'ORD-7', customer: 'Ayşe', from: 'pending_approval', to: 'approved' };
    expect(renderAuditMessage({ action: 'order.status', params: status, message: null }, 'tr')).toBe(
      'Sipariş durumu değişti: ORD-7 (Ayşe): Onay Bekliyor → Onaylandı',
    );
    expect(renderAuditMessage({ action: 'order.status', params: status, message: null }, 'en')).toBe(
      'Order status changed: ORD-7 (Ayşe): Awaiting Approval → Approved',
    );
    expect(renderAuditMessage({ action: 'auth.login', params: null, message: null }, 'en')).toBe(
      'User signed in',
    );
    // A replay that changed nothing says so.
    expect(
      renderAuditMessage(
        { action: 'product.update', params: { ...params, [UNCHANGED_PARAM]: 1 }, message: null },
        'en',
      ),
    ).toBe('Product updated: Magic Keyboard (KB-001) (no change: already applied)');
  });

  it('an old row without parameters shows the generic sentence (Turkish: its stored text); an unknown code its text', () => {
    const old = { action: 'user.create', params: null, message: null };
    expect(renderAuditMessage(old, 'tr')).toBe('Kullanıcı oluşturuldu');
    expect(renderAuditMessage(old, 'en')).toBe('User created');
    const stored = { action: 'auth.lockout', params: null, message: 'Hesap 15 dakika kilitlendi: ali' };
    expect(renderAuditMessage(stored, 'tr')).toBe('Hesap 15 dakika kilitlendi: ali');
    expect(renderAuditMessage(stored, 'en')).toBe('Account locked');
    // Parameters missing a placeholder's value: the generic sentence, never a raw '{name}'.
    expect(renderAuditMessage({ action: 'product.update', params: { name: 'X' }, message: null }, 'en')).toBe(
      'Product updated',
    );
    expect(renderAuditMessage({ action: 'backup.failed', params: null, message: 'disk dolu' }, 'en')).toBe(
      'disk dolu',
    );
    expect(renderAuditMessage({ action: 'fx.one', params: null, message: null }, 'tr')).toBe('fx.one');
  });

  it('finds the actions whose sentence holds the searched words, folded as every search folds', () => {
    const showing = (words: string) => auditActionsShowing(searchFold(words));
    expect(showing('giriş')).toEqual(expect.arrayContaining(['auth.login', 'auth.login_failed']));
    expect(showing('GİRİŞ')).toEqual(showing('giriş'));
    expect(showing('signed in')).toContain('auth.login');
    expect(showing('güncellendi')).toEqual(expect.arrayContaining(['product.update', 'user.update']));
    expect(showing('kullanıcı')).toEqual(expect.arrayContaining(['user.create', 'auth.login']));
    expect(showing('')).toEqual([]);
  });
});

describe('what an update changed', () => {
  it('keeps the listed fields that changed, never a secret, and renders them in both languages', () => {
    const before = {
      name: 'Magic Keyboard',
      selling_price_kurus: 90099,
      status: 'active',
      password_hash: 'scrypt$old',
      api_key: 'k1',
    };
    const after = {
      ...before,
      selling_price_kurus: 95000,
      status: 'inactive',
      password_hash: 'scrypt$new',
      api_key: 'k2',
    };
    const changes = auditChanges('product', before, after);
    expect(changes).toEqual([
      { field: 'selling_price_kurus', before: 90099, after: 95000 },
      { field: 'status', before: 'active', after: 'inactive' },
    ]);
    const price = renderAuditChange('product', changes[0]!, 'tr');
    expect(price.label).toBe('Satış fiyatı');
    expect(price.before).toBe('900,99 TL');
    // money reads the same in English: the one format of every screen
    expect(renderAuditChange('product', changes[0]!, 'en').after).toBe('950,00 TL');
    expect(renderAuditChange('product', changes[1]!, 'en')).toMatchObject({
      label: 'Status',
      before: 'Active',
      after: 'Inactive',
    });
    const password = renderAuditChange('user', secretChanged('password'), 'en');
    expect(password).toMatchObject({ label: 'Password', after: 'changed', secret: true });
  });

  it('no label table lists a secret as a field with values', () => {
    for (const [kind, fields] of Object.entries(AUDIT_FIELD_LABELS)) {
      for (const [field, label] of Object.entries(fields ?? {})) {
        if (SECRET_FIELD.test(field)) expect(label.kind, `${kind}.${field}`).toBe('secret');
      }
    }
    const user = { full_name: 'A', password: 'x', password_hash: 'h', token: 't' };
    expect(auditChanges('user', user, { ...user, password: 'y', password_hash: 'h2', token: 't2' })).toEqual(
      [],
    );
  });
});
