import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import SignaturePad from 'signature_pad';
import { MAX_PROOF_SIGNATURE_BYTES } from '../../shared/api/warehouse';
import { useT } from '../shared-ui/i18n';
import { dataUrlBytes } from './photo';

export interface SignatureFieldHandle {
  /** The signature as a PNG data URL, or null when nothing is drawn. */
  toPng(): string | null;
  clear(): void;
}

/**
 * The recipient signs on the screen (signature_pad 5: pointer events, so a finger, a stylus and a
 * mouse all draw). The canvas backing store is sized by devicePixelRatio, so lines are sharp on a
 * phone, and re-sized when the box changes size (the strokes are redrawn from their points, not
 * stretched). A too-large PNG (very wide canvas, dense strokes) is re-encoded at 1× density.
 */
export const SignatureField = forwardRef<
  SignatureFieldHandle,
  { error?: string | null; onChange?: (empty: boolean) => void }
>(function SignatureField({ error, onChange }, ref) {
  const t = useT();
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePad(canvas, {
      penColor: '#111',
      backgroundColor: 'rgba(0,0,0,0)',
      minWidth: 0.8,
      maxWidth: 2.6,
    });
    padRef.current = pad;
    const resize = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const width = canvas.offsetWidth;
      const height = canvas.offsetHeight;
      if (!width || !height) return;
      if (canvas.width === Math.round(width * ratio) && canvas.height === Math.round(height * ratio)) return;
      const data = pad.toData();
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      pad.fromData(data);
    };
    resize();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(resize) : null;
    observer?.observe(canvas);
    const changed = () => onChangeRef.current?.(pad.isEmpty());
    pad.addEventListener('endStroke', changed);
    return () => {
      observer?.disconnect();
      pad.removeEventListener('endStroke', changed);
      pad.off();
      padRef.current = null;
    };
  }, []);

  useImperativeHandle(ref, () => ({
    toPng() {
      const pad = padRef.current;
      const canvas = canvasRef.current;
      if (!pad || !canvas || pad.isEmpty()) return null;
      const png = pad.toDataURL('image/png');
      if (dataUrlBytes(png) <= MAX_PROOF_SIGNATURE_BYTES) return png;
      const small = document.createElement('canvas');
      small.width = canvas.offsetWidth;
      small.height = canvas.offsetHeight;
      small.getContext('2d')?.drawImage(canvas, 0, 0, small.width, small.height);
      return small.toDataURL('image/png');
    },
    clear() {
      padRef.current?.clear();
      onChangeRef.current?.(true);
    },
  }));

  return (
    <Stack spacing={0.5}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle2" component="span" id="delivery-signature-label">
          {t('deliverySignature')} *
        </Typography>
        <Button
          size="small"
          onClick={() => {
            padRef.current?.clear();
            onChangeRef.current?.(true);
          }}
          sx={{ minHeight: 44 }}
          data-testid="delivery-signature-clear"
        >
          {t('deliveryClearSignature')}
        </Button>
      </Stack>
      <Box
        sx={{
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          bgcolor: '#fff',
          // The page must not scroll while the finger signs.
          touchAction: 'none',
        }}
      >
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={t('deliverySignaturePad')}
          data-testid="delivery-signature"
          style={{ display: 'block', width: '100%', height: 180, touchAction: 'none', cursor: 'crosshair' }}
        />
      </Box>
      {error ? <FormHelperText error>{error}</FormHelperText> : null}
    </Stack>
  );
});
