import { COMPANY_LIMITS, COMPANY_LOGO_TYPES, type Company } from '../../../shared/api/company';
import { API } from '../../../shared/api/endpoints';
import { callUpload } from '../../api/http';

/**
 * The company logo, made small on the device before upload when it needs to be: a logo shows at
 * most a few dozen pixels high (top bar, delivery note), so a picture over LOGO side or over the
 * size bound is redrawn at most COMPANY_LIMITS.logoSideMax px on its longer side, as PNG (a
 * logo's transparency is kept), else WebP, else JPEG on white — whichever first fits the bound.
 * A small PNG, JPEG or WebP goes as it is. The server decides the type by the bytes anyway.
 */
export function fitWithin(width: number, height: number, maxSide: number = COMPANY_LIMITS.logoSideMax) {
  if (width <= 0 || height <= 0) return { width: 0, height: 0 };
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function toBlob(canvas: HTMLCanvasElement, type: string, quality?: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

/** The file ready to send (throws when it cannot be read as a picture). */
export async function prepareLogo(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const accepted = (COMPANY_LOGO_TYPES as readonly string[]).includes(file.type);
    const size = fitWithin(bitmap.width, bitmap.height);
    if (accepted && file.size <= COMPANY_LIMITS.logoBytesMax && size.width === bitmap.width) return file;
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('canvas');
    ctx.drawImage(bitmap, 0, 0, size.width, size.height);
    for (const [type, quality] of [
      ['image/png', undefined],
      ['image/webp', 0.9],
    ] as const) {
      const blob = await toBlob(canvas, type, quality);
      if (blob && blob.type === type && blob.size <= COMPANY_LIMITS.logoBytesMax) return blob;
    }
    ctx.globalCompositeOperation = 'destination-over';
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, size.width, size.height);
    const jpeg = await toBlob(canvas, 'image/jpeg', 0.85);
    if (jpeg && jpeg.size <= COMPANY_LIMITS.logoBytesMax) return jpeg;
    throw new Error(`logo still ${jpeg?.size ?? 0} bytes`);
  } finally {
    bitmap.close();
  }
}

/** Prepares and uploads a picked logo (POST /admin/company/logo); answers the company with its new logo. */
export async function uploadLogo(file: Blob): Promise<Company> {
  const ready = await prepareLogo(file);
  const form = new FormData();
  form.append('file', ready, 'logo');
  return callUpload(API.companyLogoUpload, form);
}
