import { describe, expect, it } from 'vitest';
import { readImageHeader } from '../../src/server/lib/image-header';
import { jpeg, png, pngClaiming, webpExtended, webpLossless, webpLossy } from '../helpers/images';

/**
 * The server reads an uploaded picture's own structure: its type and sides from the real header
 * (PNG IHDR, JPEG SOFn, WebP VP8/VP8L/VP8X), and a file that only starts like an image — cut short,
 * a bare signature, a broken chunk — is corrupt, never taken by its first bytes.
 */
describe('readImageHeader', () => {
  it('reads the sides from the header of a PNG, a JPEG and each kind of WebP', () => {
    expect(readImageHeader(png(3, 2))).toEqual({ kind: 'image', type: 'image/png', width: 3, height: 2 });
    expect(readImageHeader(jpeg(493, 58))).toEqual({
      kind: 'image',
      type: 'image/jpeg',
      width: 493,
      height: 58,
    });
    expect(readImageHeader(webpLossless(7, 5))).toEqual({
      kind: 'image',
      type: 'image/webp',
      width: 7,
      height: 5,
    });
    expect(readImageHeader(webpLossy(320, 240))).toEqual({
      kind: 'image',
      type: 'image/webp',
      width: 320,
      height: 240,
    });
    expect(readImageHeader(webpExtended(9000, 12))).toEqual({
      kind: 'image',
      type: 'image/webp',
      width: 9000,
      height: 12,
    });
    // what a PNG claims in its IHDR is what is read (the upload's size rule is applied on it)
    expect(readImageHeader(pngClaiming(20000, 10))).toMatchObject({ width: 20000, height: 10 });
  });

  it('bytes after the image (a PNG after IEND, a JPEG after EOI) do not matter', () => {
    const tail = Buffer.from('ek veri');
    expect(readImageHeader(Buffer.concat([png(2, 2), tail]))).toMatchObject({ kind: 'image', width: 2 });
    expect(readImageHeader(Buffer.concat([jpeg(4, 4), tail]))).toMatchObject({ kind: 'image', width: 4 });
  });

  it('a file cut short anywhere, or only a signature, is corrupt', () => {
    for (const [name, whole] of [
      ['png', png(4, 3)],
      ['jpeg', jpeg(4, 3)],
      ['webp VP8L', webpLossless(4, 3)],
      ['webp VP8', webpLossy(4, 3)],
      ['webp VP8X', webpExtended(4, 3)],
    ] as const) {
      const type = readImageHeader(whole);
      expect(type.kind, name).toBe('image');
      for (let cut = 3; cut < whole.length; cut++) {
        const read = readImageHeader(whole.subarray(0, cut));
        expect({ name, cut, kind: read.kind === 'image' ? 'image' : 'not an image' }).toEqual({
          name,
          cut,
          kind: 'not an image',
        });
      }
    }
    // the 8-byte 'PNG': the signature and nothing else
    expect(readImageHeader(png(1, 1).subarray(0, 8))).toEqual({ kind: 'corrupt', type: 'image/png' });
    expect(readImageHeader(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toEqual({
      kind: 'corrupt',
      type: 'image/jpeg',
    });
  });

  it('a broken structure is corrupt: a wrong CRC, a bad frame header, zero sides, a chunk past the file', () => {
    const badCrc = png(2, 2);
    badCrc[29] = (badCrc[29] ?? 0) ^ 0xff; // the IHDR's CRC
    expect(readImageHeader(badCrc).kind).toBe('corrupt');
    const badDepth = png(2, 2);
    badDepth[24] = 3; // bit depth 3 exists for no colour type
    expect(readImageHeader(badDepth).kind).toBe('corrupt');
    expect(readImageHeader(png(0, 0)).kind).toBe('corrupt');
    expect(readImageHeader(jpeg(0, 10)).kind).toBe('corrupt');
    const noFrame = Buffer.concat([jpeg(5, 5).subarray(0, 2), Buffer.from([0xff, 0xd9])]);
    expect(readImageHeader(noFrame).kind).toBe('corrupt');
    const oversized = webpLossless(4, 4);
    oversized.writeUInt32LE(oversized.readUInt32LE(16) + 100, 16); // the VP8L chunk claims more than there is
    expect(readImageHeader(oversized).kind).toBe('corrupt');
  });

  it('anything else is unknown: text, GIF, SVG, an empty file', () => {
    for (const bytes of [
      Buffer.from('merhaba, ben bir resim değilim'),
      Buffer.from('GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.alloc(0),
    ])
      expect(readImageHeader(bytes)).toEqual({ kind: 'unknown' });
  });
});
