// Deep imports: only the readers of our formats end up in the worker (the package's index pulls
// in every symbology, PDF417, Aztec and DataMatrix included: ~4× the size).
import BarcodeFormat from '@zxing/library/esm/core/BarcodeFormat';
import BinaryBitmap from '@zxing/library/esm/core/BinaryBitmap';
import HybridBinarizer from '@zxing/library/esm/core/common/HybridBinarizer';
import DecodeHintType from '@zxing/library/esm/core/DecodeHintType';
import Code128Reader from '@zxing/library/esm/core/oned/Code128Reader';
import MultiFormatUPCEANReader from '@zxing/library/esm/core/oned/MultiFormatUPCEANReader';
import QRCodeReader from '@zxing/library/esm/core/qrcode/QRCodeReader';
import RGBLuminanceSource from '@zxing/library/esm/core/RGBLuminanceSource';

/**
 * The camera's barcode decoder, off the UI thread (decoding must never block the
 * screen). The page posts one downscaled RGBA frame at a time; the answer is the code found (or
 * null) and how long decoding took. zxing is limited to the formats we use, so it does not try
 * every symbology on every frame.
 */
export interface DecodeRequest {
  id: number;
  width: number;
  height: number;
  rgba: Uint8ClampedArray;
}
export interface DecodeResponse {
  id: number;
  text: string | null;
  format: string | null;
  ms: number;
}

const hints = new Map<DecodeHintType, unknown>();
hints.set(DecodeHintType.POSSIBLE_FORMATS, [
  BarcodeFormat.EAN_13,
  BarcodeFormat.EAN_8,
  BarcodeFormat.CODE_128,
  BarcodeFormat.QR_CODE,
]);
hints.set(DecodeHintType.TRY_HARDER, true);
/** EAN first (what our products carry), then Code 128 labels, then QR. */
const readers = [new MultiFormatUPCEANReader(hints), new Code128Reader(), new QRCodeReader()];

function luminance(rgba: Uint8ClampedArray, pixels: number): Uint8ClampedArray {
  const out = new Uint8ClampedArray(pixels);
  for (let i = 0, j = 0; i < pixels; i++, j += 4) {
    out[i] =
      ((rgba[j] as number) * 306 + (rgba[j + 1] as number) * 601 + (rgba[j + 2] as number) * 117) >> 10;
  }
  return out;
}

const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<DecodeRequest>) => {
  const { id, width, height, rgba } = event.data;
  const started = performance.now();
  let text: string | null = null;
  let format: string | null = null;
  const source = new RGBLuminanceSource(luminance(rgba, width * height), width, height, width, height, 0, 0);
  const bitmap = new BinaryBitmap(new HybridBinarizer(source));
  for (const reader of readers) {
    try {
      const result = reader.decode(bitmap, hints as never);
      text = result.getText();
      format = BarcodeFormat[result.getBarcodeFormat()] ?? null;
      break;
    } catch {
      // NotFound / checksum / format: not this symbology in this frame
    } finally {
      reader.reset();
    }
  }
  const answer: DecodeResponse = { id, text, format, ms: performance.now() - started };
  scope.postMessage(answer);
};
