import Box from '@mui/material/Box';

/**
 * The parcel glyph of the app icon (scripts/make-icons.ts draws the same shape into the PNGs),
 * as inline SVG so it needs no request and stays sharp at any size.
 */
export function AppLogo({ size = 40, tile = false }: { size?: number; tile?: boolean }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 100 100"
      role="img"
      aria-hidden="true"
      sx={{ width: size, height: size, display: 'inline-block', verticalAlign: 'middle', flexShrink: 0 }}
    >
      {/* The tile takes the tenant's primary colour (the PNG icons keep the product blue). */}
      {tile ? (
        <Box
          component="rect"
          x="0"
          y="0"
          width="100"
          height="100"
          rx="22"
          sx={{ fill: (t) => t.palette.primary.main }}
        />
      ) : null}
      <g transform={tile ? 'translate(17 17) scale(0.66)' : undefined}>
        <polygon points="50,8 94,30 50,52 6,30" fill="#ffffff" />
        <polygon points="6,30 50,52 50,96 6,74" fill="#e3f2fd" />
        <polygon points="50,52 94,30 94,74 50,96" fill="#bbdefb" />
        <polygon points="67.6,16.8 76.4,21.2 32.4,43.2 23.6,38.8" fill="#ffb300" />
        <polygon points="23.6,38.8 32.4,43.2 32.4,87.2 23.6,82.8" fill="#e09a00" />
      </g>
    </Box>
  );
}
