import Check from '@mui/icons-material/Check';
import Logout from '@mui/icons-material/Logout';
import Person from '@mui/icons-material/Person';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { User } from '../../shared/api';
import { getTenant } from '../api/tenant';
import { chooseLanguage, roleLabel, useT } from '../shared-ui/i18n';
import { initials } from '../shared-ui/initials';
import { useLocalStore } from '../shared-ui/local-store';
import { VisuallyHidden } from '../shared-ui/visually-hidden';
import { useSession } from '../state/session';
import { type Language, useUi } from '../state/ui';

/** Only needed when changes are unsent: its own chunk (precached, so it also opens offline). */
const SignOutDialog = lazy(() => import('./sign-out-dialog').then((m) => ({ default: m.SignOutDialog })));

/**
 * Avatar menu: the user, 'Profil' (→ /profile), the language, 'Çıkış Yap'. Signing out with
 * changes not yet sent asks first (SignOutDialog); with none it signs out at once, as before.
 */
export function AccountMenu({ user }: { user: User }) {
  const t = useT();
  const navigate = useNavigate();
  const language = useUi((s) => s.language);
  const { store } = useLocalStore();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const close = () => setAnchor(null);

  async function signOut() {
    await useSession.getState().signOut();
    navigate('/login', { replace: true });
    useUi.getState().showSuccess(t('logoutSuccess'));
  }

  async function logout() {
    close();
    if (store) {
      // Count from the outbox itself, not the status store: its first live count may not have
      // arrived yet right after the app opened.
      let unsent = store.status.getState().pendingCount + store.status.getState().failedCount;
      try {
        const local = await import('../local/outbox');
        const counts = await local.countEntries(store.db);
        unsent = counts.pending + counts.failed;
      } catch {
        /* the database is gone (closed, blocked): use the last known count */
      }
      if (unsent > 0) {
        setConfirming(true);
        return;
      }
    }
    await signOut();
  }

  const languages: { code: Language; label: string }[] = [
    { code: 'tr', label: 'Türkçe' },
    { code: 'en', label: 'English' },
  ];

  return (
    <>
      <Tooltip title={user.full_name} describeChild>
        <IconButton
          onClick={(e) => setAnchor(e.currentTarget)}
          data-testid="account-menu-button"
          sx={{ p: 0.5 }}
        >
          {/* Named by the (hidden) full name; the initials shown are decoration (axe
              label-content-name-mismatch: a visible text must be part of an aria-label). */}
          <Avatar aria-hidden sx={{ width: 34, height: 34, bgcolor: 'secondary.main', fontSize: 15 }}>
            {initials(user.full_name)}
          </Avatar>
          <VisuallyHidden>{user.full_name}</VisuallyHidden>
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 220 } } }}
      >
        <Box sx={{ px: 2, py: 1 }}>
          <Typography variant="subtitle2" noWrap>
            {user.full_name}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="p">
            {user.username} · {roleLabel(user.role)} · {getTenant()}
          </Typography>
        </Box>
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            navigate('/profile');
          }}
        >
          <ListItemIcon>
            <Person fontSize="small" />
          </ListItemIcon>
          {t('profile')}
        </MenuItem>
        <Divider />
        {languages.map((l) => (
          <MenuItem key={l.code} onClick={() => void chooseLanguage(l.code)} dense>
            <ListItemIcon>{language === l.code ? <Check fontSize="small" /> : null}</ListItemIcon>
            {/* Each language is named in itself, whatever the current one (not translated). */}
            <ListItemText lang={l.code} data-i18n-skip="">
              {l.label}
            </ListItemText>
          </MenuItem>
        ))}
        <Divider />
        <MenuItem onClick={() => void logout()}>
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          {t('logout')}
        </MenuItem>
      </Menu>
      {store && confirming ? (
        <Suspense fallback={null}>
          <SignOutDialog open store={store} onCancel={() => setConfirming(false)} onSignOut={signOut} />
        </Suspense>
      ) : null}
    </>
  );
}
