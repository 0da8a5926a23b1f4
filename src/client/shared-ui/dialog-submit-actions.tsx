import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import type { ReactNode } from 'react';
import { useT } from './i18n';

/**
 * The action row of a form dialog: 'İptal' and the primary button. While `busy` (the action is
 * being applied) both are disabled, so a double click cannot queue the same change twice and the
 * dialog cannot be left half-way; `disabled` adds the form's own reasons to keep the primary off.
 */
export function DialogSubmitActions({
  busy,
  disabled = false,
  onCancel,
  onSubmit,
  color = 'primary',
  testId,
  children,
}: {
  busy: boolean;
  disabled?: boolean;
  onCancel: () => void;
  onSubmit: () => void;
  color?: 'primary' | 'error';
  testId: string;
  /** The primary button's text. */
  children: ReactNode;
}) {
  const t = useT();
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={busy} color="inherit">
        {t('cancelPlain')}
      </Button>
      <Button
        variant="contained"
        color={color}
        onClick={onSubmit}
        disabled={busy || disabled}
        data-testid={testId}
      >
        {children}
      </Button>
    </DialogActions>
  );
}
