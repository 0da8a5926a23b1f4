import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import type { AdminUser } from '../../../shared/api/admin-users';
import { API } from '../../../shared/api/endpoints';
import { ApiError } from '../../api/errors';
import { useApiMutation } from '../../api/query';
import { DialogSubmitActions } from '../../shared-ui/dialog-submit-actions';
import { dateTimeLabel, useT } from '../../shared-ui/i18n';
import { useSession } from '../../state/session';
import { useUi } from '../../state/ui';
import { OneTimePasswordNote } from './one-time-note';
import { checkPassword, type FieldError, passwordHint, refusalField } from './user-form';

/**
 * Asks before a user is deleted ('Bu kullanıcıyı silmek istediğinizden emin misiniz?'). While the
 * delete is on its way both buttons are off.
 */
export function DeleteUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const t = useT();
  const ui = useUi();
  const remove = useApiMutation(API.adminUserDelete, { invalidates: [API.adminUsers] });
  const confirm = async () => {
    if (!user) return;
    try {
      await remove.mutateAsync({ params: { id: user.id } });
      ui.showSuccess(t('usr_deleted'));
    } catch {
      // the error is shown by the mutation (the server's reason: the last admin, oneself…)
    }
    onClose();
  };
  return (
    <Dialog
      open={!!user}
      onClose={remove.isPending ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="user-delete-title"
      aria-describedby="user-delete-text"
      data-testid="user-delete-dialog"
    >
      <DialogTitle id="user-delete-title">{t('usr_deleteTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="user-delete-text">{t('usr_deleteConfirm')}</DialogContentText>
        {user ? (
          <DialogContentText variant="body2" sx={{ mt: 1 }}>
            {t('usr_deleteNote', { name: user.full_name, username: user.username })}
          </DialogContentText>
        ) : null}
      </DialogContent>
      <DialogSubmitActions
        busy={remove.isPending}
        onCancel={onClose}
        onSubmit={() => void confirm()}
        color="error"
        testId="user-delete-confirm"
      >
        {t('usr_delete')}
      </DialogSubmitActions>
    </Dialog>
  );
}

/**
 * The admin sets a new password for a user (the company's rules apply); their sessions end. It is
 * a one-time password: the user signs in with it only to set their own, before it expires (the
 * success message says until when).
 */
export function ResetPasswordDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const t = useT();
  const hint = passwordHint(useSession((s) => s.tenantInfo.password_policy));
  const ui = useUi();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<FieldError | null>(null);
  const reset = useApiMutation(API.adminUserResetPassword, { invalidates: [API.adminUsers] });
  useEffect(() => {
    if (user) {
      setPassword('');
      setError(null);
    }
  }, [user]);
  const save = async () => {
    if (!user || reset.isPending) return;
    const problem = checkPassword(password);
    if (problem) return setError(problem);
    try {
      const done = await reset.mutateAsync({ params: { id: user.id }, body: { password } });
      ui.showSuccess(
        done.password_expires_at
          ? t('usr_passwordResetUntil', { date: dateTimeLabel(done.password_expires_at) })
          : t('usr_passwordResetDone'),
      );
      onClose();
    } catch (e) {
      const field = e instanceof ApiError ? refusalField(e) : null;
      if (field) setError(field.error);
    }
  };
  return (
    <Dialog
      open={!!user}
      onClose={reset.isPending ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="user-reset-title"
      data-testid="user-reset-dialog"
    >
      <DialogTitle id="user-reset-title">{t('usr_resetTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {t('usr_resetText', { name: user?.full_name ?? '' })}
        </DialogContentText>
        <TextField
          type="password"
          label={t('usr_newPassword')}
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void save();
          }}
          error={!!error}
          helperText={
            error ? t(error.key, { ...error.params, label: t('usr_newPassword') }) : t(hint.key, hint.params)
          }
          autoComplete="new-password"
          autoFocus
          fullWidth
          size="small"
          slotProps={{ htmlInput: { 'data-testid': 'user-reset-password' } }}
        />
        <OneTimePasswordNote />
      </DialogContent>
      <DialogSubmitActions
        busy={reset.isPending}
        onCancel={onClose}
        onSubmit={() => void save()}
        testId="user-reset-confirm"
      >
        {t('usr_resetPassword')}
      </DialogSubmitActions>
    </Dialog>
  );
}
