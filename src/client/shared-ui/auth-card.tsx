import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { AppLogo } from './app-logo';
import { LanguageSwitch } from './language-switch';

/**
 * The card a signed-out or half-signed-in person meets (changing a one-time password, resetting a
 * forgotten one): the company's colours behind it, a header with the logo, the company's name and
 * its address name, the screen's own content, and the language switch at its foot.
 */
export function AuthCard({
  companyName,
  tenant,
  testId,
  children,
}: {
  companyName: string;
  tenant: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Box
      component="main"
      data-testid={testId}
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: 4,
        background: (theme) =>
          `linear-gradient(135deg, ${theme.palette.primary.dark} 0%, ${theme.palette.primary.main} 55%, ${theme.palette.secondary.main} 140%)`,
      }}
    >
      <Paper elevation={8} sx={{ width: '100%', maxWidth: 440, overflow: 'hidden' }}>
        <Box
          component="header"
          sx={{
            px: 4,
            pt: 3,
            pb: 2,
            textAlign: 'center',
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
          }}
        >
          <AppLogo size={48} />
          <Typography variant="h6" component="p" sx={{ fontWeight: 700, mt: 1 }}>
            {companyName}
          </Typography>
          <Typography variant="body2" component="p">
            {tenant}
          </Typography>
        </Box>
        {children}
        <Box
          component="footer"
          sx={{ px: 4, py: 1.5, borderTop: 1, borderColor: 'divider', textAlign: 'center' }}
        >
          <LanguageSwitch />
        </Box>
      </Paper>
    </Box>
  );
}
