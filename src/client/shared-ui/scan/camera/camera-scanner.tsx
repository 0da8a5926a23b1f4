import FlashOff from '@mui/icons-material/FlashOffOutlined';
import FlashOn from '@mui/icons-material/FlashOnOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n';
import { usePhone } from '../../responsive';
import { repeatFilter } from '../scan-input';
import type { DecodeRequest, DecodeResponse } from './decode.worker';

/**
 * Camera scanning, its own lazy chunk: nothing of it (nor of zxing) is downloaded until
 * the camera button is pressed.
 *
 * - The rear camera is asked for (`facingMode: environment`); the torch button appears only when
 *   the track says it has one.
 * - Decoding: the browser's own `BarcodeDetector` where it exists with our formats (Android,
 *   ChromeOS, macOS Chromium); elsewhere zxing in a Web Worker, fed one downscaled frame at a
 *   time — a new frame only once the previous answer is back and at most every 80 ms, so the UI
 *   thread only copies pixels and never decodes.
 * - A code seen again within 1.5 s is the same label still in view, not a second unit.
 * - Every result goes to `onDetected`, i.e. through the same pipeline as a wedge scan.
 */
const FRAME_INTERVAL_MS = 80;
const MAX_FRAME_WIDTH = 960;
const NATIVE_FORMATS = ['ean_13', 'ean_8', 'code_128', 'qr_code'];

type CameraState = 'starting' | 'running' | 'denied' | 'none' | 'error';

interface NativeDetector {
  detect(source: CanvasImageSource): Promise<Array<{ rawValue: string }>>;
}
interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeDetector(): Promise<NativeDetector | null> {
  const Ctor = (globalThis as unknown as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Ctor) return null;
  try {
    const supported = await Ctor.getSupportedFormats();
    const formats = NATIVE_FORMATS.filter((f) => supported.includes(f));
    return formats.includes('ean_13') ? new Ctor({ formats }) : null;
  } catch {
    return null;
  }
}

export default function CameraScanner({
  onDetected,
  onClose,
}: {
  onDetected: (code: string) => void;
  onClose: () => void;
}) {
  const t = useT();
  const phone = usePhone();
  const video = useRef<HTMLVideoElement | null>(null);
  const [state, setState] = useState<CameraState>('starting');
  const [message, setMessage] = useState('');
  const [track, setTrack] = useState<MediaStreamTrack | null>(null);
  const [torchAvailable, setTorchAvailable] = useState(false);
  const [torch, setTorch] = useState(false);
  const [last, setLast] = useState<string | null>(null);
  const detected = useRef(onDetected);
  detected.current = onDetected;

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let worker: Worker | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const fresh = repeatFilter(1500);
    const accept = (text: string) => {
      if (stopped || !fresh(text, performance.now())) return;
      setLast(text);
      detected.current(text);
    };

    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setState('none');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          audio: false,
          video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
        });
      } catch (error) {
        const name = error instanceof DOMException ? error.name : '';
        if (name === 'NotAllowedError' || name === 'SecurityError') setState('denied');
        else if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError')
          setState(name === 'NotReadableError' ? 'error' : 'none');
        else setState('error');
        setMessage(error instanceof Error ? error.message : String(error));
        return;
      }
      if (stopped) {
        for (const tr of stream.getTracks()) tr.stop();
        return;
      }
      const videoTrack = stream.getVideoTracks()[0] ?? null;
      setTrack(videoTrack);
      const caps = (videoTrack?.getCapabilities?.() ?? {}) as { torch?: boolean };
      setTorchAvailable(caps.torch === true);
      const el = video.current;
      if (!el) return;
      el.srcObject = stream;
      await el.play().catch(() => undefined);
      setState('running');

      const native = await nativeDetector();
      const canvas = document.createElement('canvas');
      const ctx = canvas.getContext('2d', { willReadFrequently: true });
      let frameId = 0;
      if (!native) {
        worker = new Worker(new URL('./decode.worker.ts', import.meta.url), { type: 'module' });
      }
      const grab = (): DecodeRequest | null => {
        if (!ctx || !el.videoWidth) return null;
        const scale = Math.min(1, MAX_FRAME_WIDTH / el.videoWidth);
        const width = Math.round(el.videoWidth * scale);
        const height = Math.round(el.videoHeight * scale);
        canvas.width = width;
        canvas.height = height;
        ctx.drawImage(el, 0, 0, width, height);
        const image = ctx.getImageData(0, 0, width, height);
        return { id: ++frameId, width, height, rgba: image.data };
      };
      const schedule = () => {
        if (!stopped) timer = setTimeout(tick, FRAME_INTERVAL_MS);
      };
      const tick = async () => {
        if (stopped) return;
        const sentAt = performance.now();
        if (native) {
          try {
            const codes = await native.detect(el);
            performance.measure('wh-camera-decode', { start: sentAt, end: performance.now() });
            const first = codes[0]?.rawValue;
            if (first) accept(first);
          } catch {
            // a frame the detector could not read
          }
          schedule();
          return;
        }
        const frame = grab();
        if (!frame || !worker) {
          schedule();
          return;
        }
        const w = worker;
        const answer = await new Promise<DecodeResponse>((resolve) => {
          w.onmessage = (event: MessageEvent<DecodeResponse>) => resolve(event.data);
          w.postMessage(frame, [frame.rgba.buffer]);
        });
        const end = performance.now();
        performance.measure('wh-camera-frame', { start: sentAt, end });
        performance.measure('wh-camera-decode', { start: end - answer.ms, duration: answer.ms });
        if (answer.text) accept(answer.text);
        schedule();
      };
      schedule();
    };
    void start();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      worker?.terminate();
      if (stream) for (const tr of stream.getTracks()) tr.stop();
    };
  }, []);

  const toggleTorch = async () => {
    if (!track) return;
    try {
      await track.applyConstraints({ advanced: [{ torch: !torch } as MediaTrackConstraintSet] });
      setTorch(!torch);
    } catch {
      setTorchAvailable(false);
    }
  };

  const problem =
    state === 'denied'
      ? t('wh_camDenied')
      : state === 'none'
        ? t('wh_camNone')
        : state === 'error'
          ? t('wh_camError', { message })
          : null;

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby="camera-title"
      data-testid="camera-dialog"
    >
      <DialogTitle id="camera-title">{t('wh_camTitle')}</DialogTitle>
      <DialogContent>
        {problem ? (
          <Alert severity="error" data-testid="camera-error" data-state={state}>
            {problem}
          </Alert>
        ) : (
          <Box sx={{ position: 'relative', bgcolor: 'common.black', borderRadius: 1, overflow: 'hidden' }}>
            <Box
              component="video"
              ref={video}
              muted
              playsInline
              aria-label={t('wh_cameraVideo')}
              data-testid="camera-video"
              data-state={state}
              sx={{ display: 'block', width: '100%', maxHeight: '60vh', objectFit: 'cover' }}
            />
            <Box
              aria-hidden
              sx={{
                position: 'absolute',
                inset: '30% 10%',
                border: 3,
                borderColor: 'success.light',
                borderRadius: 1,
                pointerEvents: 'none',
              }}
            />
          </Box>
        )}
        <Typography variant="body2" sx={{ mt: 1 }} role="status" data-testid="camera-status">
          {state === 'starting' ? t('wh_camStarting') : state === 'running' ? (last ?? t('wh_camHint')) : ''}
        </Typography>
      </DialogContent>
      <DialogActions>
        {torchAvailable ? (
          <Button
            startIcon={torch ? <FlashOff /> : <FlashOn />}
            onClick={() => void toggleTorch()}
            aria-pressed={torch}
            sx={{ minHeight: 44 }}
          >
            {torch ? t('wh_torchOff') : t('wh_torchOn')}
          </Button>
        ) : null}
        <Button onClick={onClose} sx={{ minHeight: 44 }} data-testid="camera-close">
          {t('wh_close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
