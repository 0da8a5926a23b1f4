import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useT } from '../shared-ui/i18n';
import { LanguageSwitch } from '../shared-ui/language-switch';
import {
  playTone,
  type ScanFeedbackPref,
  scanFeedbackEnabled,
  setScanFeedbackEnabled,
} from '../shared-ui/scan/feedback-tones';
import { type ThemeMode, useUi } from '../state/ui';
import { DeviceSection } from './device-section';
import { SettingsSection } from './settings-section';

function ScanSwitch({ pref, label }: { pref: ScanFeedbackPref; label: string }) {
  const [on, setOn] = useState(() => scanFeedbackEnabled(pref));
  return (
    <FormControlLabel
      control={
        <Switch
          checked={on}
          onChange={(_, checked) => {
            setScanFeedbackEnabled(pref, checked);
            setOn(checked);
          }}
          slotProps={{ input: { 'aria-label': label } }}
          data-testid={`settings-scan-${pref}`}
        />
      }
      label={label}
    />
  );
}

/**
 * /settings, for every signed-in user: their own choices on this device (theme, language, the
 * scanner's sound and vibration) and the device itself (storage, last sync, unsent changes with
 * an export to a file, clearing its data). Everything here is local: it works offline.
 */
export default function SettingsPage() {
  const t = useT();
  const theme = useUi((s) => s.theme);
  const setTheme = useUi((s) => s.setTheme);
  return (
    <Stack spacing={2} data-testid="settings-page" sx={{ maxWidth: 900 }}>
      <Typography color="text.secondary">{t('dset_offlineNote')}</Typography>
      <SettingsSection title={t('dset_appearance')} testId="settings-appearance">
        <Stack spacing={2}>
          <Box>
            <Typography id="settings-theme-label" gutterBottom>
              {t('dset_theme')}
            </Typography>
            <ToggleButtonGroup
              exclusive
              value={theme}
              onChange={(_, next: ThemeMode | null) => next && setTheme(next)}
              aria-labelledby="settings-theme-label"
              size="small"
              data-testid="settings-theme"
            >
              <ToggleButton value="light">{t('dset_themeLight')}</ToggleButton>
              <ToggleButton value="dark">{t('dset_themeDark')}</ToggleButton>
            </ToggleButtonGroup>
          </Box>
          <Box>
            <Typography gutterBottom>{t('dset_language')}</Typography>
            <Box
              sx={{
                display: 'flex',
                '& > *': { justifyContent: 'flex-start !important', mt: '0 !important' },
              }}
            >
              <LanguageSwitch />
            </Box>
          </Box>
        </Stack>
      </SettingsSection>
      <SettingsSection title={t('dset_scanner')} testId="settings-scanner">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <ScanSwitch pref="sound" label={t('dset_scanSound')} />
          <ScanSwitch pref="vibration" label={t('dset_scanVibration')} />
          <Button
            variant="outlined"
            size="small"
            onClick={() => playTone('ok')}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('dset_scanTest')}
          </Button>
        </Stack>
      </SettingsSection>
      <DeviceSection />
    </Stack>
  );
}
