import { describe, expect, it } from 'vitest';
import { asciiJson } from '../../src/server/lib/ascii-json';

const isAscii = (bytes: Buffer) => bytes.every((b) => b < 0x80);

describe('asciiJson: the same JSON value as pure ASCII', () => {
  it('escapes Turkish letters, other scripts and characters past U+FFFF, and parses to the same value', () => {
    const value = {
      customer_name: 'Şükrü Öztürk — İğdır Çağ Ünal',
      note: 'kırılabilir; 10 € • ½ kg • 日本 • emoji 😀 𝄞',
      nested: [{ anahtar_ş: 'değer' }, 'ASCII only', 12.5, null, true],
    };
    const input = Buffer.from(JSON.stringify(value));
    const out = asciiJson(input);
    expect(isAscii(out)).toBe(true);
    expect(JSON.parse(out.toString('latin1'))).toEqual(value);
    expect(out.toString()).toContain('\\u015f'); // ş
    expect(out.toString()).toContain('\\ud83d\\ude00'); // 😀 as a surrogate pair
  });

  it('hands back an ASCII text as it is, and keeps escapes that were there', () => {
    const input = Buffer.from(JSON.stringify({ a: 'plain', b: 'tab\there "quoted" \\ \u0001' }));
    expect(asciiJson(input)).toBe(input);
    const mixed = Buffer.from('{"a":"\\u00e7 ve ç","b":"\\\\ş"}');
    expect(JSON.parse(asciiJson(mixed).toString('latin1'))).toEqual(JSON.parse(mixed.toString()));
  });

  it('gives the same value for every character of the Basic Multilingual Plane and beyond', () => {
    const chars: string[] = [];
    for (let code = 0x80; code < 0x110000; code += code < 0x800 ? 1 : 97) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      chars.push(String.fromCodePoint(code));
    }
    const value = [chars.join(''), ...chars.slice(0, 500)];
    const out = asciiJson(Buffer.from(JSON.stringify(value)));
    expect(isAscii(out)).toBe(true);
    expect(JSON.parse(out.toString('latin1'))).toEqual(value);
  });
});
