import { crc32 } from 'node:zlib';

/**
 * What an uploaded file is, read from its own structure — never from its name, its declared type or
 * its first bytes alone: a PNG, JPEG or WebP whose header names its width and height and whose
 * structure runs whole to its end. A file that starts like an image but is cut short or malformed
 * (an 8-byte 'PNG', a JPEG without its frame header, a WebP whose chunk runs past the file) is
 * `corrupt`; anything else is `unknown`.
 *
 * Only headers and chunk boundaries are read (no pixel is decoded), so the cost is a walk over the
 * file's chunks plus, for a PNG, one CRC per chunk; no image library is needed.
 */
export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';

export type ImageHeader =
  | { kind: 'image'; type: ImageType; width: number; height: number }
  | { kind: 'corrupt'; type: ImageType }
  | { kind: 'unknown' };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function readImageHeader(bytes: Uint8Array): ImageHeader {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (PNG_SIGNATURE.every((v, i) => buffer[i] === v)) return sized('image/png', readPng(buffer));
  if (buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff)
    return sized('image/jpeg', readJpeg(buffer));
  if (buffer.length >= 12 && ascii(buffer, 0, 4) === 'RIFF' && ascii(buffer, 8, 12) === 'WEBP')
    return sized('image/webp', readWebp(buffer));
  return { kind: 'unknown' };
}

type Size = { width: number; height: number } | null;

function sized(type: ImageType, size: Size): ImageHeader {
  if (!size || size.width < 1 || size.height < 1) return { kind: 'corrupt', type };
  return { kind: 'image', type, ...size };
}

const ascii = (buffer: Buffer, from: number, to: number) => buffer.toString('latin1', from, to);

/** Bit depths each PNG colour type allows. */
const PNG_DEPTHS: Record<number, readonly number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

/**
 * PNG: IHDR first (13 bytes: width, height, a valid depth for the colour type, compression and
 * filter 0, interlace 0 or 1), then chunks each inside the file with a matching CRC, at least one
 * IDAT, up to IEND (bytes after IEND are ignored, as decoders do).
 */
function readPng(buffer: Buffer): Size {
  let at = 8;
  let size: Size = null;
  let data = false;
  while (at + 12 <= buffer.length) {
    const length = buffer.readUInt32BE(at);
    const type = ascii(buffer, at + 4, at + 8);
    if (length > 0x7fffffff || at + 12 + length > buffer.length) return null;
    const crc = buffer.readUInt32BE(at + 8 + length);
    if (crc32(buffer.subarray(at + 4, at + 8 + length)) !== crc) return null;
    if (size === null) {
      if (type !== 'IHDR' || length !== 13) return null;
      const depth = buffer[at + 16] ?? 0;
      const colour = buffer[at + 17] ?? -1;
      const valid =
        PNG_DEPTHS[colour]?.includes(depth) &&
        buffer[at + 18] === 0 &&
        buffer[at + 19] === 0 &&
        (buffer[at + 20] === 0 || buffer[at + 20] === 1);
      if (!valid) return null;
      size = { width: buffer.readUInt32BE(at + 8), height: buffer.readUInt32BE(at + 12) };
    } else if (type === 'IDAT') data = true;
    else if (type === 'IEND') return data ? size : null;
    at += 12 + length;
  }
  return null;
}

/** JPEG start-of-frame markers (baseline, extended, progressive, lossless; not DHT C4, JPG C8, DAC CC). */
const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/**
 * JPEG: segments from SOI, each inside the file, up to a frame header (SOFn: precision, height,
 * width, 1–4 components, its length matching them) and then a scan (SOS) whose data ends with EOI.
 * Inside scan data 0xFF is always followed by 0x00 or a restart marker, so the first FF D9 after
 * the scan starts is the end of the image: a file cut before it is refused.
 */
function readJpeg(buffer: Buffer): Size {
  let at = 2;
  let size: Size = null;
  while (at + 4 <= buffer.length) {
    if (buffer[at] !== 0xff) return null;
    const marker = buffer[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0xd9 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7))
      return null;
    const length = buffer.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > buffer.length) return null;
    if (SOF_MARKERS.has(marker)) {
      if (size !== null || length < 8) return null;
      const components = buffer[at + 9] ?? 0;
      if (components < 1 || components > 4 || length !== 8 + 3 * components) return null;
      size = { height: buffer.readUInt16BE(at + 5), width: buffer.readUInt16BE(at + 7) };
    } else if (marker === 0xda) {
      if (size === null) return null;
      const end = buffer.indexOf(Buffer.from([0xff, 0xd9]), at + 2 + length);
      return end < 0 ? null : size;
    }
    at += 2 + length;
  }
  return null;
}

/**
 * WebP: a RIFF container whose declared size fits in the file, its chunks inside it, and an image
 * chunk the size is read from — VP8 (lossy: key frame start code 9D 01 2A, 14-bit sides), VP8L
 * (lossless: signature 0x2F, 14-bit sides minus one, version 0) or VP8X (extended: 24-bit canvas
 * sides minus one, followed by a VP8/VP8L image or animation frames).
 */
function readWebp(buffer: Buffer): Size {
  const riffEnd = 8 + buffer.readUInt32LE(4);
  if (riffEnd > buffer.length || riffEnd < 20) return null;
  let at = 12;
  let size: Size = null;
  let first = true;
  let extended = false;
  let picture = false;
  while (at + 8 <= riffEnd) {
    const fourcc = ascii(buffer, at, at + 4);
    const length = buffer.readUInt32LE(at + 4);
    const data = at + 8;
    if (data + length > riffEnd) return null;
    if (first) {
      if (fourcc === 'VP8X') {
        if (length < 10) return null;
        extended = true;
        size = { width: buffer.readUIntLE(data + 4, 3) + 1, height: buffer.readUIntLE(data + 7, 3) + 1 };
      } else if (fourcc === 'VP8 ' || fourcc === 'VP8L') {
        size = fourcc === 'VP8 ' ? vp8Size(buffer, data, length) : vp8lSize(buffer, data, length);
        if (!size) return null;
        picture = true;
      } else return null;
      first = false;
    } else if (extended && (fourcc === 'VP8 ' || fourcc === 'VP8L' || fourcc === 'ANMF')) {
      picture = true;
    }
    at = data + length + (length % 2);
  }
  return picture ? size : null;
}

function vp8Size(buffer: Buffer, data: number, length: number): Size {
  if (length < 10) return null;
  const keyFrame = ((buffer[data] ?? 1) & 1) === 0;
  const startCode = buffer[data + 3] === 0x9d && buffer[data + 4] === 0x01 && buffer[data + 5] === 0x2a;
  if (!keyFrame || !startCode) return null;
  return { width: buffer.readUInt16LE(data + 6) & 0x3fff, height: buffer.readUInt16LE(data + 8) & 0x3fff };
}

function vp8lSize(buffer: Buffer, data: number, length: number): Size {
  if (length < 5 || buffer[data] !== 0x2f) return null;
  const bits = buffer.readUInt32LE(data + 1);
  if (bits >>> 29 !== 0) return null;
  return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
}
