import { phoneDigits } from '../../shared/api/customers';
import type { Customer } from '../../shared/api/entities';
import { searchFold } from '../../shared/domain/turkish-text';

/**
 * Finding customers as people type: the product's one search fold (shared/domain/turkish-text.ts
 * `searchFold`, the server's GET /customers?search= folds alike: 'ISTANBUL', 'Istanbul' and
 * 'ıstanbul' find 'İstanbul', 'sahin' finds 'Şahin'), and a ranking by how well the typed text
 * matches. Pure, so the /customers list, the order screens' picker and their tests share one rule.
 */

type Searchable = Pick<
  Customer,
  'full_name' | 'company_name' | 'customer_number' | 'phone' | 'email' | 'city' | 'tax_number'
>;

function words(text: string): string[] {
  return text.split(/[\s.,;:/()&'"-]+/).filter(Boolean);
}

/**
 * How well `customer` matches the folded query `q` (lower is better), or null for no match:
 * 0 — the company or the person's name starts with it ('Ege' → 'Ege Yapı Market');
 * 1 — a word of the company or the name starts with it ('yapı' → 'Ege Yapı Market');
 * 2 — the company or the name contains it;
 * 3 — the city, the number, the tax number or the e-mail contains it, or the phone's digits
 *     contain the typed digits ('532 11' finds '+90 532 111 22 33').
 */
export function matchRank(customer: Searchable, q: string): number | null {
  if (!q) return 3;
  const names = [customer.company_name ?? '', customer.full_name].map(searchFold);
  if (names.some((n) => n.startsWith(q))) return 0;
  if (names.some((n) => words(n).some((w) => w.startsWith(q)))) return 1;
  if (names.some((n) => n.includes(q))) return 2;
  const others = [
    customer.city ?? '',
    customer.customer_number,
    customer.tax_number ?? '',
    customer.email ?? '',
  ];
  if (others.some((o) => searchFold(o).includes(q))) return 3;
  const digits = phoneDigits(q);
  // Only a query that is a phone number (digits with spacing) is compared with phones.
  if (digits.length >= 3 && /^[\d\s()+.-]+$/.test(q) && phoneDigits(customer.phone ?? '').includes(digits))
    return 3;
  if (customer.phone && searchFold(customer.phone).includes(q)) return 3;
  return null;
}

/** The name an order carries for a customer: the company when there is one, else the person. */
export function displayName(customer: Pick<Customer, 'company_name' | 'full_name'>): string {
  return customer.company_name?.trim() || customer.full_name;
}

/**
 * The customers matching `input`, best first (by rank, then by name the Turkish way); every
 * customer by name when `input` is blank. At most `limit`.
 */
export function rankCustomers<T extends Searchable>(
  customers: readonly T[],
  input: string,
  limit = Infinity,
): T[] {
  const q = searchFold(input.trim());
  const ranked: { c: T; rank: number; name: string }[] = [];
  for (const c of customers) {
    const rank = q ? matchRank(c, q) : 0;
    if (rank !== null) ranked.push({ c, rank, name: displayName(c) });
  }
  ranked.sort((a, b) => a.rank - b.rank || a.name.localeCompare(b.name, 'tr-TR'));
  return ranked.slice(0, limit).map((r) => r.c);
}
