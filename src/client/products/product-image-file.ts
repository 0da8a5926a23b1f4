import { API } from '../../shared/api/endpoints';
import { PRODUCT_LIMITS } from '../../shared/api/products';
import { callUpload } from '../api/http';

/**
 * A product image, made small on the device before it is uploaded: a phone photo (3–6 MB) becomes
 * a JPEG of at most IMAGE_MAX_SIDE px on its longer side — enough for the table's, the sales
 * cards' and the order lines' thumbnails and the view dialog — so the upload is quick on a weak
 * signal and every device that shows it downloads little. The same steps as the delivery photo:
 * decode (EXIF rotation applied), draw on a white background (a transparent PNG does not turn
 * black), encode at falling qualities until it fits the bound.
 */
export const IMAGE_MAX_SIDE = 640;
const QUALITIES = [0.85, 0.7, 0.55] as const;

export function fitWithin(width: number, height: number, maxSide = IMAGE_MAX_SIDE) {
  if (width <= 0 || height <= 0) return { width: 0, height: 0 };
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

async function decode(file: Blob) {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    return {
      source: bitmap as CanvasImageSource,
      width: bitmap.width,
      height: bitmap.height,
      close: () => bitmap.close(),
    };
  }
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    return {
      source: img as CanvasImageSource,
      width: img.naturalWidth,
      height: img.naturalHeight,
      close: () => {},
    };
  } finally {
    URL.revokeObjectURL(url);
  }
}

function toBlob(canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}

/** The picked file as a small JPEG (throws when it cannot be read as an image). */
export async function shrinkImage(file: Blob): Promise<Blob> {
  const image = await decode(file);
  try {
    const size = fitWithin(image.width, image.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('canvas');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, size.width, size.height);
    ctx.drawImage(image.source, 0, 0, size.width, size.height);
    let last: Blob | null = null;
    for (const quality of QUALITIES) {
      last = await toBlob(canvas, quality);
      if (last && last.size <= PRODUCT_LIMITS.imageBytesMax) return last;
    }
    throw new Error(`image still ${last?.size ?? 0} bytes`);
  } finally {
    image.close();
  }
}

/** Shrinks and uploads a picked image (POST /products/images); the answer's URL names it. */
export async function uploadProductImage(file: Blob): Promise<string> {
  const small = await shrinkImage(file);
  const form = new FormData();
  form.append('file', small, 'product.jpg');
  const answer = await callUpload(API.productImageUpload, form);
  return answer.url;
}
