import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { ChangeEvent, HTMLAttributes, InputHTMLAttributes, ReactNode } from 'react';

export interface PlainTextFieldProps {
  id: string;
  name?: string;
  label: ReactNode;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  fullWidth?: boolean;
  disabled?: boolean;
  required?: boolean;
  /** The same slots as MUI's TextField uses them: `htmlInput` → <input>, `input` → adornments. */
  slotProps?: {
    htmlInput?: InputHTMLAttributes<HTMLInputElement> & HTMLAttributes<HTMLInputElement>;
    input?: { startAdornment?: ReactNode; endAdornment?: ReactNode };
  };
}

/**
 * An outlined text field that looks and behaves like MUI's `<TextField>` (label, outline, focus,
 * adornments) for the login screen, built from its parts. Why not TextField itself: it imports
 * `Select`, and with it Menu, Popover, Modal and the focus trap (≈ 12 KiB gzip) that a text input
 * never uses; on the first visit of /login that is JavaScript downloaded before anyone can sign
 * in. Screens after sign-in keep using TextField.
 */
export function PlainTextField({
  id,
  label,
  fullWidth,
  disabled,
  required,
  slotProps,
  ...input
}: PlainTextFieldProps) {
  return (
    <FormControl variant="outlined" fullWidth={fullWidth} disabled={disabled} required={required}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        {...input}
        inputProps={slotProps?.htmlInput}
        startAdornment={slotProps?.input?.startAdornment}
        endAdornment={slotProps?.input?.endAdornment}
      />
    </FormControl>
  );
}
