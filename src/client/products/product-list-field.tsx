import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { PRODUCT_LIMITS } from '../../shared/api/products';
import { useT } from '../shared-ui/i18n';
import { useOnline } from '../shared-ui/local-store';
import { useUi } from '../state/ui';
import { useAddToList, useProductList } from './products-data';

/**
 * The category (or brand) of a product: one of the tenant's list, or none; with a way for the
 * admin to add a new name to the list (POST /products/categories or /brands) without leaving the
 * dialog. Adding needs the server (the list is the tenant's, checked by every product save), so
 * offline the button is off and says why.
 */
export function ProductListField({
  kind,
  value,
  onChange,
  error,
  disabled,
}: {
  kind: 'category' | 'brand';
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  disabled: boolean;
}) {
  const t = useT();
  const online = useOnline();
  const showSuccess = useUi((s) => s.showSuccess);
  const options = useProductList(kind);
  const add = useAddToList(kind);
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const shown = value && !options.includes(value) ? [value, ...options] : options;
  const label = t(kind === 'category' ? 'prod_fCategory' : 'prod_fBrand');

  const submit = async () => {
    const trimmed = name.trim();
    if (trimmed.length < PRODUCT_LIMITS.listNameMin) return;
    try {
      const answer = await add.mutateAsync({ body: { name: trimmed } });
      onChange(answer.name);
      showSuccess(t('prod_valueAdded', { name: answer.name }));
      setAdding(false);
      setName('');
    } catch {
      // useApiMutation has shown the server's reason (or that it needs the server).
    }
  };

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          select
          size="small"
          fullWidth
          label={label}
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
          error={!!error}
          helperText={error ?? undefined}
          slotProps={{ htmlInput: { 'data-testid': `product-${kind}` } }}
        >
          <MenuItem value="">
            <em>{t('prod_none')}</em>
          </MenuItem>
          {shown.map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </TextField>
        <Button
          size="small"
          variant="outlined"
          onClick={() => setAdding((a) => !a)}
          disabled={disabled || !online}
          aria-label={t(kind === 'category' ? 'prod_addCategory' : 'prod_addBrand')}
          title={online ? undefined : t('prod_needsServer')}
          data-testid={`product-${kind}-add`}
          sx={{ minWidth: 40, height: 40, flexShrink: 0 }}
        >
          <Add fontSize="small" />
        </Button>
      </Stack>
      {adding ? (
        <Stack direction="row" spacing={1}>
          <TextField
            size="small"
            fullWidth
            autoFocus
            label={t(kind === 'category' ? 'prod_newCategory' : 'prod_newBrand')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void submit();
              }
            }}
            slotProps={{
              htmlInput: { maxLength: PRODUCT_LIMITS.listNameMax, 'data-testid': `product-${kind}-new` },
            }}
          />
          <Button
            variant="contained"
            size="small"
            onClick={() => void submit()}
            disabled={add.isPending || name.trim().length < PRODUCT_LIMITS.listNameMin}
            data-testid={`product-${kind}-new-save`}
          >
            {t('prod_addValue')}
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}
