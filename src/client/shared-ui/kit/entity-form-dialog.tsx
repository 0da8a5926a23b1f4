import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type ReactNode, useCallback, useId, useLayoutEffect, useState } from 'react';
import { DialogSubmitActions } from '../dialog-submit-actions';
import { useFieldErrors } from '../field-errors';
import { usePhone } from '../responsive';

/**
 * The dialog every create/edit form shares: its title, the fields in a real form (Enter submits),
 * a warning when the record changed since the dialog opened, and 'İptal' + the primary button,
 * both off while the write is on its way (a double click cannot send it twice, the dialog cannot
 * be left half-way). Full screen on a phone.
 */
export function EntityFormDialog({
  open,
  title,
  busy,
  onClose,
  onSubmit,
  submitLabel,
  submitTestId,
  submitDisabled = false,
  conflict,
  testId,
  maxWidth = 'sm',
  dividers = false,
  onEntered,
  outside,
  children,
}: {
  open: boolean;
  title: ReactNode;
  busy: boolean;
  onClose: () => void;
  onSubmit: () => void;
  submitLabel: ReactNode;
  submitTestId: string;
  submitDisabled?: boolean;
  /** Shown above the fields when the server refused the write as a conflict (the record changed). */
  conflict?: { text: ReactNode; testId: string } | null;
  testId: string;
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
  /** Lines above and below the scrolling content (a long form). */
  dividers?: boolean;
  /**
   * Once the dialog's opening animation has ended (to focus a field): not called when the user has
   * already put the focus in one of its fields — a quick typist, a wedge scanner or a busy phone can
   * be typing into the second field by then, and taking the focus away would send the rest of the
   * keys into the wrong field.
   */
  onEntered?: () => void;
  /** Inside the dialog but outside the form (a section with a form of its own). */
  outside?: ReactNode;
  children: ReactNode;
}) {
  const phone = usePhone();
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth={maxWidth}
      fullScreen={phone}
      aria-labelledby={titleId}
      data-testid={testId}
      slotProps={
        onEntered
          ? {
              transition: {
                onEntered: (node: HTMLElement) => {
                  if (!userChoseField(node)) onEntered();
                },
              },
            }
          : undefined
      }
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers={dividers}>
        <Stack
          spacing={2}
          sx={{ pt: 1 }}
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            // React events bubble through the dialog's portal: a page form around the button that
            // opened the dialog (an order form's 'Yeni müşteri ekle') must not submit too.
            e.stopPropagation();
            // Enter while the write is on its way sends nothing more (as the disabled button).
            if (!busy) onSubmit();
          }}
        >
          {conflict ? (
            <Alert severity="warning" data-testid={conflict.testId}>
              {conflict.text}
            </Alert>
          ) : null}
          {children}
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Stack>
        {outside}
      </DialogContent>
      <DialogSubmitActions
        busy={busy}
        disabled={submitDisabled}
        onCancel={onClose}
        onSubmit={onSubmit}
        testId={submitTestId}
      >
        {submitLabel}
      </DialogSubmitActions>
    </Dialog>
  );
}

/** Whether the focus is already in a field inside `container` (put there by the user). */
function userChoseField(container: HTMLElement): boolean {
  const active = document.activeElement;
  return (
    active instanceof HTMLElement &&
    container.contains(active) &&
    active.matches('input:not([type="hidden"]), textarea, select, [contenteditable="true"]')
  );
}

/**
 * A form's values and errors, reset each time its dialog opens: `set(field)` is a field's onChange
 * (it also clears that field's error: the user sees at once that the correction was taken),
 * `text(field)` the error to show under it (null: none).
 */
export function useEntityForm<Form extends object, Field extends keyof Form & string, Error>({
  open,
  initial,
  describe,
}: {
  open: boolean;
  /** The values the dialog opens with (called each time it opens). */
  initial: () => Form;
  /** The text of an error under its field. */
  describe: (field: Field, error: Error) => string;
}) {
  const [form, setForm] = useState<Form>(initial);
  const { errors, setErrors, edited } = useFieldErrors<Field, Error>();
  // A layout effect: the form is emptied (or filled) on opening in the same task as the dialog's
  // first render, before the browser handles a key. As an ordinary effect it could run after the
  // first keys typed into the new dialog (a quick typist, a wedge scanner, a busy phone) and
  // wipe them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useLayoutEffect(() => {
    if (!open) return;
    setForm(initial());
    setErrors({});
  }, [open]);
  const set = useCallback(
    <F extends Field>(field: F) =>
      (value: Form[F]) => {
        setForm((current) => ({ ...current, [field]: value }));
        edited(field);
      },
    [edited],
  );
  const text = (field: Field): string | undefined => {
    const error = errors[field];
    return error === undefined ? undefined : describe(field, error);
  };
  return { form, setForm, errors, setErrors, set, text };
}

/**
 * A text field bound to a form field: its value, its onChange (clearing its error), its error
 * under it (or `help` when there is none), and its `data-testid` on the input itself.
 */
export function FormTextField({
  value,
  onChange,
  error,
  help,
  testId,
  maxLength,
  ...rest
}: Omit<TextFieldProps, 'value' | 'onChange' | 'error'> & {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  help?: ReactNode;
  testId: string;
  maxLength?: number;
}) {
  return (
    <TextField
      fullWidth
      size="small"
      {...rest}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={!!error}
      helperText={error ?? help}
      slotProps={{ ...rest.slotProps, htmlInput: { 'data-testid': testId, maxLength } }}
    />
  );
}
