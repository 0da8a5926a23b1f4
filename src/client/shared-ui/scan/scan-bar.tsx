import CameraAlt from '@mui/icons-material/CameraAltOutlined';
import Keyboard from '@mui/icons-material/KeyboardOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { type KeyboardEvent, lazy, type Ref, Suspense, useImperativeHandle, useRef, useState } from 'react';
import { MAX_SCAN_LENGTH, MAX_SCAN_QUANTITY } from '../../../shared/domain/barcode';
import { parseQuantityInput } from '../../../shared/domain/number-input';
import { useUi } from '../../state/ui';
import { useT } from '../i18n';
import { NumberField } from '../number-field';
import { playTone } from './feedback-tones';
import { isScanTerminator } from './scan-input';
import { useWedgeCapture } from './use-wedge-capture';

/** The camera scanner is its own chunk, downloaded only when the camera button is pressed. */
const CameraScanner = lazy(() => import('./camera/camera-scanner'));

export interface ScanBarHandle {
  /** Put the focus back in the scan input (after a dialog or a button took it). */
  focus(): void;
}

/**
 * The scanning controls every scanning screen shares (the warehouse's preparation, the inventory
 * count): a wedge scanner's characters + Enter/Tab, the 'Okut' button, the camera, and the +N
 * quantity. Every input hands its raw text to `onScan(raw, quantity)`, which decides the scan at
 * once and says whether it was accepted (an accepted scan uses up a +N: it goes back to 1).
 *
 * The input is uncontrolled on purpose: a wedge scanner types faster than React renders, so the
 * characters are collected by the input element itself (the buffer, read through a ref when the
 * terminator key arrives) and never pass through React state; the only state kept is "is there
 * text" for the button. `inputMode="none"` keeps a handheld's soft keyboard from covering the
 * screen; the keyboard button brings it back for typing a code by hand.
 *
 * A scan is never lost because the input lost the focus: while the bar is on screen, a wedge
 * burst typed where no text field has the focus is taken as a scan too (use-wedge-capture.ts), and
 * one made while another window covers the screen is refused with the error tone and a message.
 */
export function ScanBar({
  onScan,
  autoFocus = true,
  ref,
}: {
  onScan: (raw: string, quantity: number) => boolean;
  autoFocus?: boolean;
  ref?: Ref<ScanBarHandle>;
}) {
  const t = useT();
  const input = useRef<HTMLInputElement | null>(null);
  const [hasText, setHasText] = useState(false);
  const [softKeyboard, setSoftKeyboard] = useState(false);
  const [quantity, setQuantity] = useState('1');
  const [camera, setCamera] = useState(false);

  const parsedQuantity = parseQuantityInput(quantity, { max: MAX_SCAN_QUANTITY });
  const multiplier = parsedQuantity.ok && parsedQuantity.value >= 1 ? parsedQuantity.value : 1;

  const focusInput = () => {
    requestAnimationFrame(() => input.current?.focus());
  };
  useImperativeHandle(ref, () => ({ focus: () => requestAnimationFrame(() => input.current?.focus()) }), []);

  /** One scan of `raw` with the +N; an accepted scan uses the +N up. */
  const take = (raw: string) => {
    const accepted = onScan(raw, multiplier);
    // +N is for the one scan it was typed for.
    if (accepted && quantity !== '1') setQuantity('1');
  };

  /** Take the input's text as one scan (the wedge's Enter/Tab, the button). */
  const submit = (): boolean => {
    const el = input.current;
    if (!el) return false;
    const raw = el.value;
    if (raw.trim() === '') return false; // inert while the trimmed input is empty
    el.value = '';
    setHasText(false);
    take(raw);
    return true;
  };

  useWedgeCapture({
    field: input,
    onScan: take,
    onRefused: () => {
      playTone('error');
      useUi.getState().showError(t('scanRefusedCovered'));
    },
  });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!isScanTerminator(event.key)) return;
    // An empty field lets Tab move focus as usual (and Enter does nothing).
    if (input.current?.value.trim() === '') {
      if (event.key === 'Enter') event.preventDefault();
      return;
    }
    event.preventDefault();
    submit();
  };

  return (
    <>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          inputRef={input}
          label={t('wh_barcode')}
          placeholder={t('wh_barcodePlaceholder')}
          autoFocus={autoFocus}
          fullWidth
          onKeyDown={onKeyDown}
          onInput={(event) => setHasText((event.target as HTMLInputElement).value.trim() !== '')}
          slotProps={{
            htmlInput: {
              inputMode: softKeyboard ? 'text' : 'none',
              autoComplete: 'off',
              autoCorrect: 'off',
              autoCapitalize: 'off',
              spellCheck: false,
              enterKeyHint: 'done',
              maxLength: MAX_SCAN_LENGTH + 8,
              'data-testid': 'scan-input',
            },
          }}
        />
        <Tooltip title={softKeyboard ? t('wh_keyboardHide') : t('wh_keyboardShow')}>
          <IconButton
            aria-label={softKeyboard ? t('wh_keyboardHide') : t('wh_keyboardShow')}
            aria-pressed={softKeyboard}
            onClick={() => {
              setSoftKeyboard((v) => !v);
              focusInput();
            }}
            sx={{ width: 48, height: 48, mt: 0.5 }}
            data-testid="scan-keyboard-toggle"
          >
            <Keyboard />
          </IconButton>
        </Tooltip>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          variant="contained"
          disabled={!hasText}
          onClick={() => {
            submit();
            focusInput();
          }}
          sx={{ minHeight: 48 }}
          data-testid="scan-submit"
        >
          {t('wh_scanButton')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<CameraAlt />}
          onClick={() => setCamera(true)}
          aria-label={t('wh_cameraAria')}
          sx={{ minHeight: 48 }}
          data-testid="scan-camera"
        >
          {t('wh_camera')}
        </Button>
        <NumberField
          kind="quantity"
          value={quantity}
          onChange={setQuantity}
          max={MAX_SCAN_QUANTITY}
          label={t('wh_quantity')}
          sx={{ width: 130 }}
          testId="scan-quantity"
        />
      </Stack>
      {camera ? (
        <Suspense fallback={null}>
          <CameraScanner
            onDetected={(code) => {
              onScan(code, multiplier);
            }}
            onClose={() => {
              setCamera(false);
              focusInput();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
