import { writeFile } from 'node:fs/promises';

/**
 * A fake camera stream showing a barcode, for Chromium's `--use-file-for-fake-video-capture`:
 * an EAN-13 drawn as black bars on white into raw I420 frames of a .y4m file (no image library,
 * no fixture file: the test makes the picture it scans).
 */
const L = [
  '0001101',
  '0011001',
  '0010011',
  '0111101',
  '0100011',
  '0110001',
  '0101111',
  '0111011',
  '0110111',
  '0001011',
];
const G = [
  '0100111',
  '0110011',
  '0011011',
  '0100001',
  '0011101',
  '0111001',
  '0000101',
  '0010001',
  '0001001',
  '0010111',
];
const R = [
  '1110010',
  '1100110',
  '1101100',
  '1000010',
  '1011100',
  '1001110',
  '1010000',
  '1000100',
  '1001000',
  '1110100',
];
const PARITY = [
  'LLLLLL',
  'LLGLGG',
  'LLGGLG',
  'LLGGGL',
  'LGLLGG',
  'LGGLLG',
  'LGGGLL',
  'LGLGLG',
  'LGLGGL',
  'LGGLGL',
];

/** The 95 modules of an EAN-13 (1 = bar). */
export function ean13Modules(code: string): string {
  if (!/^\d{13}$/.test(code)) throw new Error(`not an EAN-13: ${code}`);
  const d = [...code].map(Number);
  const parity = PARITY[d[0] as number] as string;
  let bits = '101';
  for (let i = 1; i <= 6; i++) bits += (parity[i - 1] === 'L' ? L : G)[d[i] as number];
  bits += '01010';
  for (let i = 7; i <= 12; i++) bits += R[d[i] as number];
  return `${bits}101`;
}

/** Writes a y4m (I420) of `frames` identical frames showing `code` centred, `module` px per bar module. */
export async function writeBarcodeY4m(
  path: string,
  code: string,
  { width = 640, height = 480, module = 4, frames = 15 } = {},
): Promise<void> {
  const bits = ean13Modules(code);
  const barWidth = bits.length * module;
  const left = Math.floor((width - barWidth) / 2);
  const top = Math.floor(height * 0.2);
  const bottom = Math.floor(height * 0.8);
  const y = new Uint8Array(width * height).fill(235);
  for (let row = top; row < bottom; row++) {
    for (let i = 0; i < bits.length; i++) {
      if (bits[i] !== '1') continue;
      const x0 = left + i * module;
      y.fill(16, row * width + x0, row * width + x0 + module);
    }
  }
  const chroma = new Uint8Array((width / 2) * (height / 2) * 2).fill(128);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F15:1 Ip A1:1 C420jpeg\n`);
  const frameHeader = Buffer.from('FRAME\n');
  const parts: Buffer[] = [header];
  for (let f = 0; f < frames; f++) parts.push(frameHeader, Buffer.from(y), Buffer.from(chroma));
  await writeFile(path, Buffer.concat(parts));
}
