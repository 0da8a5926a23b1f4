import { crc32, deflateSync } from 'node:zlib';

/**
 * Pictures built byte by byte for the upload tests, each with the structure its format prescribes:
 * a PNG that decoders read (signature, IHDR, deflated scanlines in IDAT, IEND, every CRC right), and
 * JPEG and WebP files whose headers and chunk boundaries are whole (frame header with the sides, a
 * scan ending in EOI; a RIFF container with a VP8L, VP8 or VP8X chunk).
 */

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A real RGB PNG of `width` × `height`, every pixel one colour. */
export function png(width: number, height: number, rgb: [number, number, number] = [200, 30, 30]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG that only claims its sides: an IHDR naming them and one tiny IDAT (the pixels are not there). */
export function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.from([0, 1, 2, 3]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function jpegSegment(marker: number, data: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
}

/** A baseline JPEG's structure: SOI, JFIF APP0, a quantisation table, SOF0 with the sides, a scan, EOI. */
export function jpeg(width: number, height: number): Buffer {
  const sof = Buffer.from([8, 0, 0, 0, 0, 1, 1, 0x11, 0]);
  sof.writeUInt16BE(height, 1);
  sof.writeUInt16BE(width, 3);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    jpegSegment(0xe0, Buffer.from([0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0])),
    jpegSegment(0xdb, Buffer.concat([Buffer.from([0]), Buffer.alloc(64, 1)])),
    jpegSegment(0xc0, sof),
    jpegSegment(0xc4, Buffer.concat([Buffer.from([0, 0, 1]), Buffer.alloc(14), Buffer.from([0])])),
    jpegSegment(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0])),
    Buffer.from([0x12, 0x34, 0xff, 0x00, 0x56]),
    Buffer.from([0xff, 0xd9]),
  ]);
}

function riff(chunks: Buffer[]): Buffer {
  const body = Buffer.concat([Buffer.from('WEBP'), ...chunks]);
  const head = Buffer.from('RIFF0000');
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body]);
}

function webpChunk(fourcc: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(fourcc, 0, 'latin1');
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

/** A lossless WebP's structure: RIFF, WEBP, a VP8L chunk (signature 0x2F, the sides minus one). */
export function webpLossless(width: number, height: number): Buffer {
  const bits = Buffer.alloc(4);
  bits.writeUInt32LE(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14), 0);
  return riff([webpChunk('VP8L', Buffer.concat([Buffer.from([0x2f]), bits, Buffer.from([0, 0, 0])]))]);
}

/** A lossy WebP's structure: a VP8 key frame (start code 9D 01 2A, 14-bit sides). */
export function webpLossy(width: number, height: number): Buffer {
  const frame = Buffer.from([0x50, 0x02, 0x00, 0x9d, 0x01, 0x2a, 0, 0, 0, 0, 0, 0, 0, 0]);
  frame.writeUInt16LE(width, 6);
  frame.writeUInt16LE(height, 8);
  return riff([webpChunk('VP8 ', frame)]);
}

/** An extended WebP: VP8X with the canvas sides (minus one, 24 bits each), then its VP8L image. */
export function webpExtended(width: number, height: number): Buffer {
  const header = Buffer.alloc(10);
  header.writeUIntLE(width - 1, 4, 3);
  header.writeUIntLE(height - 1, 7, 3);
  const image = webpLossless(Math.min(width, 16384), Math.min(height, 16384)).subarray(12);
  return riff([webpChunk('VP8X', header), image]);
}
