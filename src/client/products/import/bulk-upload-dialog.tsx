import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useT } from '../../shared-ui/i18n';

/**
 * The bulk upload ('Toplu Yükleme') dialog, opened from the product-management toolbar and loaded
 * only when opened (its spreadsheet handling stays out of the screen's chunk). Placeholder until
 * the import is built here: it only says what it will accept.
 */
export default function BulkUploadDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="bulk-upload-title">
      <DialogTitle id="bulk-upload-title">{t('prod_bulkUpload')}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary">{t('comingSoon')}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('prod_close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
