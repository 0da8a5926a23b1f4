import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { type AdminUser, adminUserSchema, USER_LIMITS } from '../../../shared/api/admin-users';
import { API } from '../../../shared/api/endpoints';
import { ROLES } from '../../../shared/domain/roles';
import { ApiError } from '../../api/errors';
import { useApiMutation } from '../../api/query';
import { uuid } from '../../local/outbox';
import { useT } from '../../shared-ui/i18n';
import { EntityFormDialog, FormTextField, useEntityForm } from '../../shared-ui/kit/entity-form-dialog';
import { useSession } from '../../state/session';
import { useUi } from '../../state/ui';
import { OneTimePasswordNote } from './one-time-note';
import {
  checkCreate,
  checkEdit,
  emptyForm,
  FIELD_LABEL_KEYS,
  type FieldError,
  type FormField,
  formFromUser,
  passwordHint,
  refusalField,
  type UserForm,
} from './user-form';
import { roleKey } from './user-rows';

/**
 * New user / Edit user (admin). The form's rules are the requests' own schemas (user-form.ts): an
 * error shows under its field and clears as soon as the field is edited. The password is typed
 * only when the user is created (a new password afterwards is the reset-password action); it is a
 * one-time password the user replaces at their first sign-in (the dialog says so). An
 * edit names the version the dialog was opened on: when someone changed the user meanwhile, the
 * server refuses it and the dialog shows the user as they are now. A refusal naming a field (a
 * taken username, the company's password rule) shows under that field.
 */
export function UserFormDialog({
  open,
  user,
  onClose,
}: {
  open: boolean;
  /** The user to edit, or null to create one. */
  user: AdminUser | null;
  onClose: () => void;
}) {
  const t = useT();
  const hint = passwordHint(useSession((s) => s.tenantInfo.password_policy));
  const ui = useUi();
  const { form, setForm, errors, setErrors, set, text } = useEntityForm<UserForm, FormField, FieldError>({
    open,
    initial: () => (user ? formFromUser(user) : emptyForm()),
    describe: (field, error) => t(error.key, { ...error.params, label: t(FIELD_LABEL_KEYS[field]) }),
  });
  const [seen, setSeen] = useState<AdminUser | null>(user);
  const [conflict, setConflict] = useState(false);
  const [createId, setCreateId] = useState(uuid);
  const create = useApiMutation(API.adminUserCreate, { invalidates: [API.adminUsers] });
  const update = useApiMutation(API.adminUserUpdate, { invalidates: [API.adminUsers] });
  const busy = create.isPending || update.isPending;

  useEffect(() => {
    if (!open) return;
    setSeen(user);
    setConflict(false);
    setCreateId(uuid());
  }, [open, user]);

  const refused = (error: unknown) => {
    if (!(error instanceof ApiError)) return;
    const current = adminUserSchema.safeParse(error.body?.current);
    if (error.code === 'CONFLICT' && current.success) {
      setSeen(current.data);
      setForm(formFromUser(current.data));
      setConflict(true);
      return;
    }
    const field = refusalField(error);
    if (field) setErrors((e) => ({ ...e, [field.field]: field.error }));
  };

  const save = async () => {
    if (busy) return;
    setConflict(false);
    try {
      if (seen) {
        const check = checkEdit(form, seen);
        if (!check.ok) return setErrors(check.errors);
        if (check.changed === 0) {
          ui.showSuccess(t('usr_noChanges'));
          onClose();
          return;
        }
        await update.mutateAsync({ params: { id: seen.id }, body: check.body });
        ui.showSuccess(t('usr_updated'));
      } else {
        const check = checkCreate(form, createId);
        if (!check.ok) return setErrors(check.errors);
        await create.mutateAsync({ body: check.body });
        ui.showSuccess(t('usr_created'));
      }
      onClose();
    } catch (error) {
      refused(error);
    }
  };

  const field = (
    name: 'username' | 'email' | 'full_name' | 'phone' | 'password',
    extra: Partial<Parameters<typeof FormTextField>[0]> = {},
  ) => (
    <FormTextField
      label={t(FIELD_LABEL_KEYS[name])}
      value={form[name]}
      onChange={set(name)}
      error={text(name)}
      testId={`user-field-${name}`}
      {...extra}
    />
  );

  return (
    <EntityFormDialog
      open={open}
      title={t(seen ? 'usr_editTitle' : 'usr_createTitle')}
      busy={busy}
      onClose={onClose}
      onSubmit={() => void save()}
      submitLabel={t(seen ? 'usr_save' : 'usr_create')}
      submitTestId="user-save"
      conflict={conflict ? { text: t('usr_conflict'), testId: 'user-conflict' } : null}
      testId="user-dialog"
    >
      {seen
        ? null
        : field('username', {
            required: true,
            autoFocus: true,
            autoComplete: 'off',
            help: t('usr_usernameHelp'),
            maxLength: USER_LIMITS.username.max,
          })}
      {field('full_name', { required: true, autoFocus: !!seen })}
      {field('email', { required: true, type: 'email', autoComplete: 'off' })}
      <TextField
        select
        required
        size="small"
        label={t('usr_fRole')}
        value={form.role}
        onChange={(e) => set('role')(e.target.value as UserForm['role'])}
        error={!!errors.role}
        helperText={text('role') ?? (seen ? t('usr_signOutNote') : undefined)}
        slotProps={{ htmlInput: { 'data-testid': 'user-field-role' } }}
      >
        {ROLES.map((role) => (
          <MenuItem key={role} value={role} data-testid={`user-role-${role}`}>
            {t(roleKey(role))}
          </MenuItem>
        ))}
      </TextField>
      {field('phone', { type: 'tel', autoComplete: 'off' })}
      {seen ? (
        <FormControlLabel
          control={
            <Switch
              checked={form.is_active}
              onChange={(e) => set('is_active')(e.target.checked)}
              slotProps={{ input: { 'data-testid': 'user-field-active' } as object }}
            />
          }
          label={t('usr_fActive')}
        />
      ) : (
        <>
          {field('password', {
            required: true,
            type: 'password',
            autoComplete: 'new-password',
            help: t(hint.key, hint.params),
          })}
          <OneTimePasswordNote />
        </>
      )}
    </EntityFormDialog>
  );
}
