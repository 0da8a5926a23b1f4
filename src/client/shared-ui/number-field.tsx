import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { type FocusEvent, type KeyboardEvent, type ReactNode, useState } from 'react';
import {
  formatMoneyInput,
  formatQuantityInput,
  parseMoneyInput,
  parseQuantityInput,
} from '../../shared/domain/number-input';

/**
 * The one field every form uses to take a price or a quantity, so they all read numbers the same
 * way. It reads what is typed
 * with THE RULE of src/shared/domain/number-input.ts ('150,5', '1.250,75', '1250.75', '1250',
 * '1.250' — never guessed, never scaled), and
 * - is a text field with `inputMode` decimal (money) / numeric (quantity): an
 *   `<input type="number">` follows the browser's locale and silently dropped the Turkish comma;
 * - shows tr-TR text ('1.250,75') when not focused: leaving the field rewrites a valid number so;
 * - shows what is wrong under the field (from the first time it was left, or at once with
 *   `showError`, e.g. after a submit), and an outside error (`errorText`, e.g. the server's limit).
 *
 * The form holds the text (`value`) and reads the number with `parseMoneyInput` /
 * `parseQuantityInput` (kuruş / integer) — so setting a value from outside is setting its text
 * (`formatMoneyInput(kurus)`).
 */
export interface NumberFieldProps {
  kind: 'money' | 'quantity';
  value: string;
  onChange: (text: string) => void;
  /** Upper bound, in kuruş (money) or pieces (quantity), named under the field when passed. */
  max?: number;
  /** Show a format error now, not only once the field has been left. */
  showError?: boolean;
  /** An error from elsewhere (it wins over the field's own). */
  errorText?: string | null;
  helperText?: ReactNode;
  label?: ReactNode;
  size?: 'small' | 'medium';
  disabled?: boolean;
  required?: boolean;
  fullWidth?: boolean;
  placeholder?: string;
  sx?: SxProps<Theme>;
  testId?: string;
  /** More attributes for the `<input>` (e.g. aria-label). */
  htmlInput?: Record<string, string | number | boolean | undefined>;
  onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
}

/** The server's own bounds on an order line, said under the field (one definition, with the line model). */
export { LINE_PRICE_MAX_KURUS, LINE_QUANTITY_MAX } from '../../shared/domain/order-lines';

export function NumberField({
  kind,
  value,
  onChange,
  max,
  showError = false,
  errorText,
  helperText,
  testId,
  htmlInput,
  onBlur,
  ...rest
}: NumberFieldProps) {
  const [left, setLeft] = useState(false);
  const result = (kind === 'money' ? parseMoneyInput : parseQuantityInput)(value, { max });
  const own = !result.ok && !result.empty && (left || showError) ? result.error : null;
  const error = errorText || own;
  return (
    <TextField
      {...rest}
      type="text"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={(event) => {
        setLeft(true);
        if (result.ok) {
          const shown = kind === 'money' ? formatMoneyInput(result.value) : formatQuantityInput(result.value);
          if (shown !== value) onChange(shown);
        }
        onBlur?.(event);
      }}
      error={!!error}
      helperText={error || helperText}
      slotProps={{
        htmlInput: {
          inputMode: kind === 'money' ? 'decimal' : 'numeric',
          autoComplete: 'off',
          maxLength: 24,
          'data-testid': testId,
          'data-kind': kind,
          ...htmlInput,
        },
        formHelperText: { 'data-testid': testId ? `${testId}-helper` : undefined } as object,
      }}
    />
  );
}
