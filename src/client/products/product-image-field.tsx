import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Upload from '@mui/icons-material/UploadOutlined';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { useT } from '../shared-ui/i18n';
import { useOnline } from '../shared-ui/local-store';
import { ProductThumb } from '../shared-ui/product-thumb';
import { useUi } from '../state/ui';
import { uploadProductImage } from './product-image-file';

/**
 * The product's image: pick a file, it is made small on the device and uploaded (POST
 * /products/images), and the answer's URL becomes the product's image. The upload needs the
 * server (the bytes are not queued in the outbox: a product saved offline keeps its other
 * changes), so offline the button is off and says so.
 */
export function ProductImageField({
  url,
  name,
  onChange,
  onUploading,
  error,
  disabled,
}: {
  url: string;
  name: string;
  onChange: (url: string) => void;
  onUploading: (busy: boolean) => void;
  error: string | null;
  disabled: boolean;
}) {
  const t = useT();
  const online = useOnline();
  const showError = useUi((s) => s.showError);
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const hintId = useId();

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    onUploading(true);
    try {
      onChange(await uploadProductImage(file));
    } catch (e) {
      console.error(e);
      const message = e instanceof Error && e.message ? e.message : null;
      showError(message ? `${t('prod_imageError')}: ${message}` : t('prod_imageError'));
    } finally {
      setBusy(false);
      onUploading(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2" component="p">
        {t('prod_fImage')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <ProductThumb url={url || null} name={name} size={72} testId="product-image-preview" />
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          hidden
          data-testid="product-image-input"
          onChange={(e) => void pick(e.target.files?.[0])}
        />
        <Button
          variant="outlined"
          startIcon={<Upload />}
          onClick={() => input.current?.click()}
          disabled={disabled || busy || !online}
          aria-describedby={online ? undefined : hintId}
          data-testid="product-image-upload"
        >
          {busy ? t('prod_imageUploading') : t(url ? 'prod_changeImage' : 'prod_uploadImage')}
        </Button>
        {url ? (
          <Button
            color="inherit"
            startIcon={<DeleteOutline />}
            onClick={() => onChange('')}
            disabled={disabled || busy}
            data-testid="product-image-remove"
          >
            {t('prod_removeImage')}
          </Button>
        ) : null}
      </Stack>
      {online ? null : <FormHelperText id={hintId}>{t('prod_needsServer')}</FormHelperText>}
      {error ? <FormHelperText error>{error}</FormHelperText> : null}
    </Stack>
  );
}
