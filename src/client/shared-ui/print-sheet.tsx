import ArrowBack from '@mui/icons-material/ArrowBack';
import Print from '@mui/icons-material/PrintOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import GlobalStyles from '@mui/material/GlobalStyles';
import Stack from '@mui/material/Stack';
import { type ReactNode, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * A page printed from the device (the delivery note, the invoice): it opens the print dialog once,
 * after the document's first paint; on paper only the document shows (A4; the back and print
 * buttons, and any message still on screen, are left out). `ready` is false while the document is
 * still being read from the local store (a spinner); `printable` says there is a document to print.
 */
export function PrintSheet({
  ready,
  printable = ready,
  loadingLabel,
  backLabel,
  printLabel,
  printTestId,
  margin,
  maxWidth,
  children,
}: {
  ready: boolean;
  /** Whether there is something to print once ready (false: not found, no access). */
  printable?: boolean;
  loadingLabel: string;
  backLabel: string;
  printLabel: string;
  printTestId?: string;
  /** The page margin on paper, e.g. '12mm'. */
  margin: string;
  maxWidth: number;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const printed = useRef(false);
  useEffect(() => {
    if (printable && !printed.current) {
      printed.current = true;
      const timer = setTimeout(() => window.print(), 300);
      return () => clearTimeout(timer);
    }
  }, [printable]);

  if (!ready)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label={loadingLabel} />
      </Box>
    );

  return (
    <Box component="main" sx={{ p: { xs: 2, sm: 4 }, maxWidth, mx: 'auto', bgcolor: '#fff', color: '#000' }}>
      <GlobalStyles
        styles={{
          '@media print': {
            '.no-print': { display: 'none !important' },
            '.MuiSnackbar-root': { display: 'none !important' },
            body: { background: '#fff' },
            '@page': { size: 'A4', margin },
          },
        }}
      />
      <Stack direction="row" spacing={1} className="no-print" sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <Button startIcon={<ArrowBack />} onClick={() => navigate(-1)} sx={{ minHeight: 44 }}>
          {backLabel}
        </Button>
        <Button
          variant="contained"
          startIcon={<Print />}
          onClick={() => window.print()}
          sx={{ minHeight: 44 }}
          data-testid={printTestId}
        >
          {printLabel}
        </Button>
      </Stack>
      {children}
    </Box>
  );
}

/**
 * On a phone's screen (never on paper) a printed sheet's table is set tighter and its amounts may break
 * at the space before 'TL', so its last columns end within the window instead of past its edge.
 * `!important` because the cells' paper styles (the sheets') are inline.
 */
export const PHONE_SCREEN_TABLE = {
  '@media screen and (max-width: 599.95px)': {
    fontSize: '0.75rem',
    '& th, & td': { padding: '3px 4px !important', whiteSpace: 'normal !important' },
  },
} as const;
