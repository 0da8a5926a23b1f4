import { describe, expect, it } from 'vitest';
import { foldTr } from '../../src/client/local/queries';
import { rankCustomers } from '../../src/client/shared-ui/customer-search';
import {
  SEARCH_FOLD_FROM,
  SEARCH_FOLD_TO,
  searchFold,
  searchMatches,
} from '../../src/shared/domain/turkish-text';

/**
 * ONE folding rule for every search of the product, on the device and on the server: every
 * I-variant (I, ı, İ, i) is one letter, the other Turkish letters are their plain Latin letters
 * (ş/Ş → s, ç/Ç → c, ğ/Ğ → g, ö/Ö → o, ü/Ü → u, â/î/û → a/i/u), A–Z is lower case, and a letter
 * written decomposed (s + combining cedilla) is the letter. A phone keyboard, a scanner or a user
 * without Turkish keys may give any spelling; each finds the same rows.
 */
const finds = (text: string, typed: string) => searchMatches(text, typed);

describe('the search fold', () => {
  it('folds every I-variant together, in names and in ASCII codes', () => {
    const istanbul = ['İstanbul', 'ISTANBUL', 'Istanbul', 'ıstanbul', 'istanbul', 'İSTANBUL'];
    for (const a of istanbul) for (const b of istanbul) expect(finds(a, b), `${a} ~ ${b}`).toBe(true);
    expect(finds('İzmir', 'IZMIR')).toBe(true);
    expect(finds('IZMIR', 'izmir')).toBe(true);
    expect(finds('IPHONE-15', 'iphone')).toBe(true);
    expect(finds('PM-LZ8QI-A', 'pm-lz8qı-a')).toBe(true);
    expect(finds('Işıklı Ayna', 'isikli')).toBe(true);
    expect(finds('Iğdır', 'IGDIR')).toBe(true);
  });

  it('folds ş ç ğ ö ü and the circumflexed letters to plain Latin letters, both cases', () => {
    const pairs: [string, string][] = [
      ['Şahin', 'sahin'],
      ['ŞAHİN', 'Sahin'],
      ['Çaydanlık', 'CAYDANLIK'],
      ['çaydanlık', 'çaydanlik'],
      ['Ağrı Dağı', 'agri dagi'],
      ['ÖZTÜRK', 'ozturk'],
      ['Gümüşhane', 'GUMUSHANE'],
      ['Üsküdar', 'uskudar'],
      ['Kâğıt', 'kagit'],
      ['Hâkim', 'HAKIM'],
      ['Alçı Sıva', 'alci siva'],
      ['Eskişehir', 'ESKİŞEHİR'],
    ];
    for (const [a, b] of pairs) expect(searchFold(a), `${a} ~ ${b}`).toBe(searchFold(b));
    expect(finds('Yıldız Market', 'YILDIZ')).toBe(true);
    expect(finds('AYŞE KAYA', 'ayşe')).toBe(true);
    expect(finds('Ayşe Şen', 'ayse sen')).toBe(true);
  });

  it('a letter written decomposed is the letter', () => {
    expect(searchFold('s\u0327ahin')).toBe(searchFold('şahin'));
    expect(searchFold('I\u0307stanbul')).toBe(searchFold('İstanbul'));
    expect(searchFold('i\u0307stanbul')).toBe('istanbul');
    expect(searchFold('g\u0306u\u0308l')).toBe('gul');
    expect(searchFold('Şahin'.normalize('NFD'))).toBe('sahin');
  });

  it('leaves digits, punctuation and other text as they are, and tells different words apart', () => {
    expect(searchFold('0532 111-22 33 / A.Ş. (İst)')).toBe('0532 111-22 33 / a.s. (ist)');
    expect(searchFold('%_\\')).toBe('%_\\');
    expect(finds('Kablo', 'priz')).toBe(false);
    expect(finds('Şahin', 'sahne')).toBe(false);
    expect(finds('Ankara', 'ANKARAA')).toBe(false);
    expect(finds('anything', '')).toBe(true);
  });

  it('is data: each character of FROM becomes the one at its place in TO, those past its end are left out', () => {
    expect(new Set(SEARCH_FOLD_FROM).size).toBe(SEARCH_FOLD_FROM.length);
    expect(SEARCH_FOLD_TO.length).toBeLessThan(SEARCH_FOLD_FROM.length);
    for (let i = 0; i < SEARCH_FOLD_FROM.length; i++)
      expect(searchFold(SEARCH_FOLD_FROM[i] as string)).toBe(SEARCH_FOLD_TO[i] ?? '');
    // Everything folds to lower-case ASCII or nothing.
    expect(SEARCH_FOLD_TO).toMatch(/^[a-z]+$/);
  });

  it('is the device’s fold of every list (foldTr) and of the customer search', () => {
    for (const text of ['IPHONE', 'İzmir', 'ılık', 'Iğdır', 'ŞEKER', 'Çağrı Öğüt'])
      expect(foldTr(text)).toBe(searchFold(text));
    const book = [
      {
        full_name: 'Ali Şahin',
        company_name: null,
        customer_number: 'C-1',
        phone: null,
        email: null,
        city: 'İstanbul',
        tax_number: null,
      },
      {
        full_name: 'Ayşe Çelik',
        company_name: 'Ege Ltd.',
        customer_number: 'C-2',
        phone: null,
        email: null,
        city: 'İzmir',
        tax_number: null,
      },
      {
        full_name: 'Deniz Kaya',
        company_name: null,
        customer_number: 'C-3',
        phone: null,
        email: null,
        city: 'Ankara',
        tax_number: null,
      },
    ];
    const names = (q: string) => rankCustomers(book, q).map((c) => c.full_name);
    for (const q of ['ISTANBUL', 'Istanbul', 'ıstanbul', 'istanbul', 'İSTANBUL'])
      expect(names(q), q).toEqual(['Ali Şahin']);
    expect(names('IZMIR')).toEqual(['Ayşe Çelik']);
    expect(names('sahin')).toEqual(['Ali Şahin']);
    expect(names('CELIK')).toEqual(['Ayşe Çelik']);
  });
});
