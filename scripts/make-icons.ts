/**
 * Generates the PWA icons in public/ with nothing but Node (zlib + a hand-written PNG encoder):
 *   public/icons/icon-192.png, icon-512.png   rounded tile, transparent corners ("any" purpose)
 *   public/icons/maskable-512.png              full-bleed tile, glyph inside the 80 % safe zone
 *   public/icons/apple-touch-icon.png          180 px, opaque (iOS ignores transparency)
 *   public/favicon.png (32 px) and public/favicon.ico (PNG-in-ICO, 16 + 32 px)
 *
 * The glyph is a parcel (an isometric box with a strip of tape) in white on the brand blue.
 * Run: `node --import tsx scripts/make-icons.ts`. The PNGs are committed; the script is only
 * needed when the artwork changes, so the build never depends on it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

type Rgba = [number, number, number, number];
type Point = [number, number];

const BRAND: Rgba = [0x19, 0x76, 0xd2, 255];
const BRAND_DARK: Rgba = [0x11, 0x52, 0x93, 255];
const TOP: Rgba = [255, 255, 255, 255];
const LEFT: Rgba = [0xe3, 0xf2, 0xfd, 255];
const RIGHT: Rgba = [0xbb, 0xde, 0xfb, 255];
const TAPE: Rgba = [0xff, 0xb3, 0x00, 255];
const TAPE_SHADE: Rgba = [0xe0, 0x9a, 0x00, 255];

// ---- PNG encoder ---------------------------------------------------------------------------

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), Buffer.from(data)]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** RGBA8 pixels (row-major) → PNG bytes. Filter type 0 on every scanline; zlib does the rest. */
function encodePng(width: number, height: number, pixels: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type RGBA
  header[10] = 0; // compression
  header[11] = 0; // filter
  header[12] = 0; // no interlace
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0;
    Buffer.from(pixels.buffer, pixels.byteOffset + y * width * 4, width * 4).copy(
      raw,
      y * (width * 4 + 1) + 1,
    );
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

/** ICO container holding PNG images (supported by every current browser). */
function encodeIco(images: { size: number; png: Buffer }[]): Buffer {
  const head = Buffer.alloc(6);
  head.writeUInt16LE(0, 0);
  head.writeUInt16LE(1, 2);
  head.writeUInt16LE(images.length, 4);
  const entries: Buffer[] = [];
  let offset = 6 + 16 * images.length;
  for (const { size, png } of images) {
    const e = Buffer.alloc(16);
    e[0] = size >= 256 ? 0 : size;
    e[1] = size >= 256 ? 0 : size;
    e.writeUInt16LE(1, 4); // planes
    e.writeUInt16LE(32, 6); // bpp
    e.writeUInt32LE(png.length, 8);
    e.writeUInt32LE(offset, 12);
    offset += png.length;
    entries.push(e);
  }
  return Buffer.concat([head, ...entries, ...images.map((i) => i.png)]);
}

// ---- A tiny anti-aliased rasteriser (supersampling, unit coordinates 0..1) -----------------

interface Shape {
  inside: (x: number, y: number) => boolean;
  color: Rgba;
}

function polygon(points: Point[], color: Rgba): Shape {
  return {
    color,
    inside(x, y) {
      let hit = false;
      for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
        const [xi, yi] = points[i] as Point;
        const [xj, yj] = points[j] as Point;
        if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
      }
      return hit;
    },
  };
}

function roundedRect(x0: number, y0: number, x1: number, y1: number, r: number, color: Rgba): Shape {
  return {
    color,
    inside(x, y) {
      if (x < x0 || x > x1 || y < y0 || y > y1) return false;
      const cx = Math.min(Math.max(x, x0 + r), x1 - r);
      const cy = Math.min(Math.max(y, y0 + r), y1 - r);
      return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
    },
  };
}

/** Vertical gradient fill inside another shape (used for the tile background). */
function gradient(base: Shape, top: Rgba, bottom: Rgba): Shape & { colorAt: (y: number) => Rgba } {
  return {
    ...base,
    colorAt: (y) => top.map((t, i) => Math.round(t + ((bottom[i] as number) - t) * y)) as Rgba,
  };
}

function lerp(a: Point, b: Point, t: number): Point {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
}

/** The parcel glyph, centred on (0.5, 0.5), `scale` = fraction of the canvas it spans. */
function parcel(scale: number): Shape[] {
  const p = (x: number, y: number): Point => [0.5 + (x - 0.5) * scale, 0.5 + (y - 0.5) * scale];
  const T = p(0.5, 0.08);
  const L = p(0.06, 0.3);
  const R = p(0.94, 0.3);
  const C = p(0.5, 0.52);
  const BL = p(0.06, 0.74);
  const BR = p(0.94, 0.74);
  const B = p(0.5, 0.96);
  // Tape: across the top face from the T–R edge to the L–C edge, then down the left face.
  const a = 0.4;
  const b = 0.6;
  const tape1 = polygon([lerp(T, R, a), lerp(T, R, b), lerp(L, C, b), lerp(L, C, a)], TAPE);
  const tape2 = polygon([lerp(L, C, a), lerp(L, C, b), lerp(BL, B, b), lerp(BL, B, a)], TAPE_SHADE);
  return [
    polygon([T, R, C, L], TOP),
    polygon([L, C, B, BL], LEFT),
    polygon([C, R, BR, B], RIGHT),
    tape1,
    tape2,
  ];
}

function render(size: number, shapes: (Shape & { colorAt?: (y: number) => Rgba })[]): Uint8Array {
  const pixels = new Uint8Array(size * size * 4);
  const ss = 4; // 4×4 samples per pixel
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < ss; sy++) {
        for (let sx = 0; sx < ss; sx++) {
          const x = (px + (sx + 0.5) / ss) / size;
          const y = (py + (sy + 0.5) / ss) / size;
          // Topmost shape wins (painter's order: later shapes are on top).
          for (let i = shapes.length - 1; i >= 0; i--) {
            const shape = shapes[i] as Shape & { colorAt?: (y: number) => Rgba };
            if (shape.inside(x, y)) {
              const c = shape.colorAt ? shape.colorAt(y) : shape.color;
              r += c[0];
              g += c[1];
              b += c[2];
              a += c[3];
              break;
            }
          }
        }
      }
      const n = ss * ss;
      const o = (py * size + px) * 4;
      // Colours are premultiplied by coverage above; un-premultiply for straight-alpha PNG.
      const alpha = a / n;
      pixels[o] = alpha ? Math.round((r / n) * (255 / alpha)) : 0;
      pixels[o + 1] = alpha ? Math.round((g / n) * (255 / alpha)) : 0;
      pixels[o + 2] = alpha ? Math.round((b / n) * (255 / alpha)) : 0;
      pixels[o + 3] = Math.round(alpha);
    }
  }
  return pixels;
}

function icon(size: number, variant: 'any' | 'maskable' | 'opaque'): Buffer {
  const tile =
    variant === 'any'
      ? gradient(roundedRect(0.02, 0.02, 0.98, 0.98, 0.2, BRAND), BRAND, BRAND_DARK)
      : gradient(roundedRect(0, 0, 1, 1, 0, BRAND), BRAND, BRAND_DARK);
  // Maskable icons may be cropped to a circle of 80 % diameter: keep the glyph well inside it.
  const glyphScale = variant === 'maskable' ? 0.5 : 0.66;
  return encodePng(size, size, render(size, [tile, ...parcel(glyphScale)]));
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = (path: string, data: Buffer) => {
  const file = join(root, 'public', path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, data);
  console.log(`${path}  ${data.length} bytes`);
};

out('icons/icon-192.png', icon(192, 'any'));
out('icons/icon-512.png', icon(512, 'any'));
out('icons/maskable-512.png', icon(512, 'maskable'));
out('icons/apple-touch-icon.png', icon(180, 'opaque'));
const fav32 = icon(32, 'any');
out('favicon.png', fav32);
out(
  'favicon.ico',
  encodeIco([
    { size: 16, png: icon(16, 'any') },
    { size: 32, png: fav32 },
  ]),
);
