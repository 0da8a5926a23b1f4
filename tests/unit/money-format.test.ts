/**
 * Money is shown one way on every screen, in either language: '1.250,75 TL' (the amount the
 * Turkish way, two decimals, then 'TL') — the form lists and invoices use. A dashboard that showed
 * '₺1.250,75' beside a list that shows '1.250,75 TL' made the same figure read as two. So every
 * amount goes through `formatTL` (src/shared/domain/money.ts), and no other source file of the
 * client or of the code it shares with the server writes money another way: no lira sign, no
 * currency style of Intl, no template that appends 'TL' by itself.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatTL } from '../../src/shared/domain/money';

const root = join(import.meta.dirname, '..', '..');
/** The one formatter: the only file allowed to append 'TL' to an amount. */
const FORMATTER = 'src/shared/domain/money.ts';

/** Another way of writing money, each with what it catches. */
const OTHER_WAYS: { name: string; pattern: RegExp }[] = [
  { name: 'lira sign', pattern: /₺/ },
  { name: 'Intl currency style', pattern: /style\s*:\s*['"`]currency['"`]/ },
  { name: 'currency code given to Intl', pattern: /currency\s*:\s*['"`]TRY['"`]\s*[,}]\s*\)/ },
  { name: "'TL' appended by hand", pattern: /\}\s*TL\b|\)\s*\+\s*['"`]\s*TL\b/ },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(ts|tsx)$/.test(name))
    .map((name) => join(dir, name).split(sep).join('/'))
    .sort();
}

function offenders(): string[] {
  const found: string[] = [];
  for (const file of [...sourceFiles('src/client'), ...sourceFiles('src/shared')]) {
    if (file === FORMATTER) continue;
    readFileSync(join(root, file), 'utf8')
      .split(/\r?\n/)
      .forEach((line, i) => {
        for (const way of OTHER_WAYS) {
          if (way.pattern.test(line)) found.push(`${file}:${i + 1} (${way.name}): ${line.trim()}`);
        }
      });
  }
  return found;
}

describe('money is shown one way', () => {
  it("the formatter writes '1.250,75 TL' for any amount", () => {
    for (const kurus of [0, 5, 125_075, 612_529_174, 100_000_000_000]) {
      expect(formatTL(kurus)).toMatch(/^[\d.]+,\d{2} TL$/);
    }
    expect(formatTL(125_075)).toBe('1.250,75 TL');
  });

  it('the patterns catch the other ways and leave ordinary text alone', () => {
    const caught = [
      "unitPriceTl: 'Birim Fiyat (₺)',",
      "new Intl.NumberFormat('tr-TR', { style: 'currency', currency: 'TRY' })",
      "n.toLocaleString('tr-TR', { currency: 'TRY' })",
      // a template that appends 'TL' (joined, so this line is not a placeholder in a plain string)
      ['return `$', '{amount.toFixed(2)} TL`;'].join(''),
      "return String(amount) + ' TL';",
    ];
    for (const line of caught) expect(OTHER_WAYS.some((w) => w.pattern.test(line))).toBe(true);
    const fine = [
      "co_currencyOnlyTry: 'Şimdilik yalnızca TL desteklenir',",
      "currency: oneOf('Para birimi (currency)', COMPANY_CURRENCIES),",
      "{ field: 'currency', value: info.settings.currency },",
      '{formatTL(order.total_amount_kurus)}',
    ];
    for (const line of fine) expect(OTHER_WAYS.some((w) => w.pattern.test(line))).toBe(false);
  });

  it('no client or shared source file formats money another way than formatTL', () => {
    expect(offenders()).toEqual([]);
  });
});
