import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Upload from '@mui/icons-material/UploadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import type { Company } from '../../../shared/api/company';
import { API } from '../../../shared/api/endpoints';
import { useApiMutation } from '../../api/query';
import { useT } from '../../shared-ui/i18n';
import { useUi } from '../../state/ui';
import { afterLogoChange } from './logo-change';
import { uploadLogo } from './logo-file';

/**
 * The company logo: shown, replaced (picked, made small on the device, uploaded) and removed.
 * Uploads need the server (they are never queued), so offline the buttons are off and the tab
 * says why. After a change the top bar's tenant info is read again, so the logo shows there at once.
 */
export function CompanyLogo({ company, canWrite }: { company: Company; canWrite: boolean }) {
  const t = useT();
  const client = useQueryClient();
  const showError = useUi((s) => s.showError);
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const hintId = useId();
  const remove = useApiMutation(API.companyLogoDelete);

  const done = (next: Company, message: string) => afterLogoChange(client, next, message);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      await done(await uploadLogo(file), t('co_logoUploaded'));
    } catch (e) {
      console.error(e);
      const unreadable = e instanceof DOMException || (e instanceof Error && e.name === 'InvalidStateError');
      showError(unreadable ? t('co_logoUnreadable') : e instanceof Error ? e.message : t('co_saveFailed'));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const onRemove = async () => {
    try {
      await done(await remove.mutateAsync({}), t('co_logoRemoved'));
    } catch {
      /* the mutation's own error message is shown */
    }
  };

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
      <Box
        sx={{
          width: 96,
          height: 96,
          flexShrink: 0,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          overflow: 'hidden',
          bgcolor: 'background.default',
        }}
      >
        {company.logo_url ? (
          <Box
            component="img"
            src={company.logo_url}
            alt={t('co_logoAlt', { name: company.name })}
            data-testid="company-logo-img"
            sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
          />
        ) : (
          <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center', px: 1 }}>
            {t('co_noLogo')}
          </Typography>
        )}
      </Box>
      {canWrite && (
        <Stack spacing={1} sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Button
              variant="outlined"
              startIcon={<Upload />}
              onClick={() => input.current?.click()}
              disabled={busy}
              aria-describedby={hintId}
              data-testid="company-logo-upload"
            >
              {busy ? t('co_logoUploading') : t(company.logo_url ? 'co_logoChange' : 'co_logoUpload')}
            </Button>
            {company.logo_url && (
              <Button
                color="error"
                startIcon={<DeleteOutline />}
                onClick={onRemove}
                disabled={busy || remove.isPending}
                data-testid="company-logo-remove"
              >
                {t('co_logoRemove')}
              </Button>
            )}
          </Stack>
          <Typography id={hintId} variant="caption" color="text.secondary">
            {t('co_logoHelp')}
          </Typography>
          <input
            ref={input}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            hidden
            aria-label={t('co_logoUpload')}
            data-testid="company-logo-input"
            onChange={(e) => void pick(e.target.files?.[0])}
          />
        </Stack>
      )}
    </Stack>
  );
}
