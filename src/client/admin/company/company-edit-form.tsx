import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { MAX_EMAIL_LENGTH } from '../../../shared/api/common';
import {
  COMPANY_CURRENCIES,
  COMPANY_LANGUAGES,
  COMPANY_LIMITS,
  COMPANY_TIMEZONES,
  type CompanyField,
} from '../../../shared/api/company';
import { type MessageKey, useT } from '../../shared-ui/i18n';
import {
  type CompanyForm,
  FIELD_LABEL_KEYS,
  type FieldError,
  type FormErrors,
  optionLabel,
} from './company-form';

/** The longest text each field takes (the same bounds the schema checks). */
const MAX_LENGTH: Partial<Record<CompanyField, number>> = {
  name: COMPANY_LIMITS.nameMax,
  legal_name: COMPANY_LIMITS.legalNameMax,
  tax_number: 14,
  tax_office: COMPANY_LIMITS.taxOfficeMax,
  address: COMPANY_LIMITS.addressMax,
  phone: COMPANY_LIMITS.phoneMax,
  email: MAX_EMAIL_LENGTH,
  website: COMPANY_LIMITS.websiteMax,
};

const OPTIONS = {
  currency: COMPANY_CURRENCIES,
  timezone: COMPANY_TIMEZONES,
  language: COMPANY_LANGUAGES,
} as const;

/** What each choice does, under its field (a setting never changes nothing in silence). */
const HELP = {
  currency: 'co_currencyOnlyTry',
  timezone: 'co_timezoneHelp',
  language: 'co_languageHelp',
} as const satisfies Record<keyof typeof OPTIONS, MessageKey>;

export interface ConflictNote {
  /** Fields another user changed meanwhile, with the value they have now. */
  changed: { field: CompanyField; value: string }[];
}

/**
 * The edit form: typed fields (an e-mail keyboard for the e-mail, digits for the tax number, a
 * phone pad for the phone), Select lists with their labels, each field's error under it (cleared
 * as soon as the field is edited), and the conflict — when someone else saved first — above it.
 */
export function CompanyEditForm({
  initial,
  errors: shownErrors,
  conflict,
  saving,
  onSubmit,
  onCancel,
}: {
  initial: CompanyForm;
  errors: FormErrors;
  conflict: ConflictNote | null;
  saving: boolean;
  onSubmit: (form: CompanyForm) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const [form, setForm] = useState<CompanyForm>(initial);
  const [errors, setErrors] = useState<FormErrors>(shownErrors);
  const [seen, setSeen] = useState(shownErrors);
  // New errors from the parent (a check or the server's refusal) replace the shown ones.
  if (seen !== shownErrors) {
    setSeen(shownErrors);
    setErrors(shownErrors);
  }

  const label = (field: CompanyField) => t(FIELD_LABEL_KEYS[field]);
  const errorText = (field: CompanyField, fallback?: string) => {
    const error: FieldError | undefined = errors[field];
    return error ? t(error.key, { label: label(field), ...(error.params ?? {}) }) : fallback;
  };
  const set = (field: CompanyField) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [field]: e.target.value }));
    if (errors[field]) setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const text = (
    field: CompanyField,
    options: {
      required?: boolean;
      type?: string;
      inputMode?: 'text' | 'numeric' | 'tel' | 'email' | 'url';
      autoComplete?: string;
      multiline?: boolean;
      help?: string;
    } = {},
  ) => (
    <TextField
      id={`company-${field}`}
      name={field}
      label={label(field)}
      value={form[field]}
      onChange={set(field)}
      required={options.required ?? true}
      fullWidth
      type={options.type ?? 'text'}
      autoComplete={options.autoComplete ?? 'off'}
      multiline={options.multiline}
      minRows={options.multiline ? 2 : undefined}
      error={!!errors[field]}
      helperText={errorText(field, options.help)}
      slotProps={{
        htmlInput: {
          maxLength: MAX_LENGTH[field],
          inputMode: options.inputMode,
          'data-testid': `company-input-${field}`,
        },
      }}
    />
  );

  const select = (field: 'currency' | 'timezone' | 'language') => (
    <TextField
      id={`company-${field}`}
      name={field}
      select
      label={label(field)}
      value={form[field]}
      onChange={set(field)}
      required
      fullWidth
      error={!!errors[field]}
      helperText={errorText(field, t(HELP[field]))}
      slotProps={{ select: { 'data-testid': `company-select-${field}` } as object }}
    >
      {OPTIONS[field].map((value) => {
        const key = optionLabel(field, value);
        return (
          <MenuItem key={value} value={value}>
            {key ? t(key) : value}
          </MenuItem>
        );
      })}
    </TextField>
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(form);
  };

  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="company-form">
      <Stack spacing={2}>
        {conflict && (
          <Alert severity="warning" data-testid="company-conflict">
            <AlertTitle>{t('co_conflictTitle')}</AlertTitle>
            {t('co_conflictHint')}
            {conflict.changed.length > 0 && (
              <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
                {conflict.changed.map(({ field, value }) => (
                  <li key={field}>
                    {label(field)} — {t('co_conflictNow', { value: value || t('co_notSet') })}
                  </li>
                ))}
              </Box>
            )}
          </Alert>
        )}
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {text('name', { autoComplete: 'organization' })}
          {text('legal_name')}
          {text('tax_number', { inputMode: 'numeric', help: t('co_taxHelp') })}
          {text('tax_office')}
          {text('phone', { type: 'tel', inputMode: 'tel', autoComplete: 'tel' })}
          {text('email', { type: 'email', inputMode: 'email', autoComplete: 'email' })}
          {text('website', { required: false, type: 'url', inputMode: 'url', help: t('co_websiteHelp') })}
          {select('currency')}
          {select('timezone')}
          {select('language')}
          <Box sx={{ gridColumn: '1 / -1' }}>
            {text('address', { multiline: true, autoComplete: 'street-address' })}
          </Box>
        </Box>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onCancel} disabled={saving} data-testid="company-cancel">
            {t('co_cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={saving} data-testid="company-save">
            {saving ? t('co_saving') : t('co_save')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
