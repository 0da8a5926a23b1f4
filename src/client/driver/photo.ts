import { base64Bytes, MAX_PROOF_PHOTO_BYTES } from '../../shared/api/warehouse';

/**
 * The delivery photo, made on the device: a phone camera's 12-megapixel JPEG (3–6 MB)
 * becomes a JPEG of at most PHOTO_MAX_SIDE px on its longer side and at most
 * MAX_PROOF_PHOTO_BYTES, so it fits in the outbox (IndexedDB) and in one request on a weak
 * signal. The rule: scale down to the longest side; encode at quality 0.85; while too large, lower
 * the quality (0.85 → 0.7 → 0.55 → 0.4); still too large, shrink the side by 0.75 and start over.
 */

export const PHOTO_MAX_SIDE = 1600;
export const PHOTO_QUALITIES = [0.85, 0.7, 0.55, 0.4] as const;
const SHRINK = 0.75;
/** Never below this side: a stamp-sized photo proves nothing. */
const MIN_SIDE = 320;

/** The size an image of `width`×`height` is drawn at so that its longer side is at most `maxSide` (never enlarged). */
export function fitWithin(width: number, height: number, maxSide: number = PHOTO_MAX_SIDE) {
  if (width <= 0 || height <= 0) return { width: 0, height: 0 };
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The encodings tried, in order: every quality at each side, the side shrinking by SHRINK. */
export function encodingPlan(
  width: number,
  height: number,
  maxSide: number = PHOTO_MAX_SIDE,
): { width: number; height: number; quality: number }[] {
  const plan: { width: number; height: number; quality: number }[] = [];
  let side = Math.min(maxSide, Math.max(width, height));
  for (;;) {
    const size = fitWithin(width, height, side);
    for (const quality of PHOTO_QUALITIES) plan.push({ ...size, quality });
    if (side <= MIN_SIDE) break;
    side = Math.max(MIN_SIDE, Math.floor(side * SHRINK));
  }
  return plan;
}

/** Decoded bytes of a data URL. */
export function dataUrlBytes(dataUrl: string): number {
  const comma = dataUrl.indexOf(',');
  return comma < 0 ? 0 : base64Bytes(dataUrl.slice(comma + 1));
}

async function decode(
  file: Blob,
): Promise<{ source: CanvasImageSource; width: number; height: number; close(): void }> {
  if (typeof createImageBitmap === 'function') {
    // imageOrientation: a portrait photo stays upright (EXIF rotation applied).
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
  }
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    return { source: img, width: img.naturalWidth, height: img.naturalHeight, close: () => {} };
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** The picked or captured photo as a JPEG data URL within the limits (throws when it cannot be read). */
export async function preparePhoto(file: Blob, maxBytes: number = MAX_PROOF_PHOTO_BYTES): Promise<string> {
  const image = await decode(file);
  try {
    const canvas = document.createElement('canvas');
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('canvas');
    let last = '';
    for (const step of encodingPlan(image.width, image.height)) {
      if (canvas.width !== step.width || canvas.height !== step.height) {
        canvas.width = step.width;
        canvas.height = step.height;
        ctx.fillStyle = '#fff'; // a transparent PNG becomes a white-backed JPEG, not a black one
        ctx.fillRect(0, 0, step.width, step.height);
        ctx.drawImage(image.source, 0, 0, step.width, step.height);
      }
      last = canvas.toDataURL('image/jpeg', step.quality);
      if (last.startsWith('data:image/jpeg') && dataUrlBytes(last) <= maxBytes) return last;
    }
    throw new Error(`photo still ${dataUrlBytes(last)} bytes at the smallest size`);
  } finally {
    image.close();
  }
}
