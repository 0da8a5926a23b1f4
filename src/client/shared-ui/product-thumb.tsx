import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { useT } from './i18n';

/**
 * A product's first image as a small square thumbnail (the product table, the /sales cards, an
 * order's lines): loaded lazily (`loading="lazy"`, decoded off the main thread), with the product's
 * name as its alt text; a placeholder icon when the product has no image or the image cannot be
 * loaded (offline and never cached), so the layout never jumps. The placeholder is decorative.
 */
export function ProductThumb({
  url,
  name,
  size = 40,
  testId = 'product-thumb',
}: {
  url: string | null | undefined;
  name: string;
  size?: number;
  testId?: string;
}) {
  const t = useT();
  const [failed, setFailed] = useState<string | null>(null);
  const shown = url && failed !== url ? url : null;
  return (
    <Box
      sx={{
        width: size,
        height: size,
        flexShrink: 0,
        borderRadius: 1,
        overflow: 'hidden',
        bgcolor: 'action.hover',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
      data-testid={testId}
      data-has-image={shown ? 'true' : 'false'}
    >
      {shown ? (
        <Box
          component="img"
          src={shown}
          alt={t('prod_imageAlt', { name })}
          loading="lazy"
          decoding="async"
          width={size}
          height={size}
          onError={() => setFailed(shown)}
          sx={{ width: size, height: size, objectFit: 'cover', display: 'block' }}
        />
      ) : (
        // Decorative: "no image" read out on every row would only be noise.
        <ImageOutlined aria-hidden sx={{ color: 'text.secondary', fontSize: Math.round(size * 0.6) }} />
      )}
    </Box>
  );
}

/** The first image's address of a product (the wire's `images[].url`), or null. */
export function firstImageUrl(product: { images?: readonly { url: string }[] | null } | null | undefined) {
  return product?.images?.[0]?.url ?? null;
}
