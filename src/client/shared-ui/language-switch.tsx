import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useUi } from '../state/ui';
import { chooseLanguage, useT } from './i18n';
import { LANGUAGES } from './languages';

/**
 * The language switch of screens without the account menu (the login screen): one button per
 * language, the current one pressed. The choice is kept (`language` in localStorage) like the
 * account menu's.
 */
export function LanguageSwitch() {
  const t = useT();
  const language = useUi((s) => s.language);
  return (
    <Stack
      direction="row"
      spacing={1}
      role="group"
      aria-label={t('languageSwitch')}
      sx={{ justifyContent: 'center', mt: 1 }}
      data-testid="language-switch"
    >
      {LANGUAGES.map((l) => (
        <Button
          key={l.code}
          size="small"
          lang={l.code}
          aria-pressed={language === l.code}
          data-i18n-skip=""
          onClick={() => void chooseLanguage(l.code)}
          sx={{ minWidth: 0, fontWeight: language === l.code ? 700 : 400, textTransform: 'none' }}
        >
          {l.label}
        </Button>
      ))}
    </Stack>
  );
}
