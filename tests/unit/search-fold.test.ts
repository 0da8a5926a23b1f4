import { describe, expect, it } from 'vitest';
import { foldTr } from '../../src/client/local/queries';
import { searchFold } from '../../src/shared/domain/turkish-text';

/**
 * The device's searches and the server's fold Turkish text alike: lower case by the Turkish rules,
 * every I-variant as 'i'. Turkish lower-casing alone turns the 'I' of an ASCII product code into
 * 'ı', so typing 'iphone' would not find 'IPHONE-15' on the device while the server found it.
 */
const finds = (text: string, typed: string) => foldTr(text).includes(foldTr(typed));

describe('search folding on the device', () => {
  it('finds ASCII codes with an I typed in lower case, and Turkish names either way', () => {
    expect(finds('IPHONE-15', 'iphone')).toBe(true);
    expect(finds('PM-LZ8QI-A', 'pm-lz8qi-a')).toBe(true);
    expect(finds('İSTANBUL Depo', 'istanbul')).toBe(true);
    expect(finds('Işıklı Ayna', 'ışıklı')).toBe(true);
    expect(finds('AYŞE KAYA', 'ayşe')).toBe(true);
    expect(finds('Çaydanlık', 'ÇAYDANLIK')).toBe(true);
    expect(finds('Kablo', 'priz')).toBe(false);
  });

  it("is the server's fold", () => {
    for (const text of ['IPHONE', 'İzmir', 'ılık', 'Iğdır', 'ŞEKER'])
      expect(foldTr(text)).toBe(searchFold(text));
  });
});
