import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import type { LocalCustomer } from '../local/database';
import { DialogSubmitActions } from '../shared-ui/dialog-submit-actions';
import { useT } from '../shared-ui/i18n';
import { runLocalAction } from '../shared-ui/local-action';
import { deleteCustomer } from './mutations';

/**
 * Confirms deleting a customer (managers and admins). The customer leaves the local list at once;
 * the deletion goes through the outbox and the server keeps the row as a soft delete, so orders
 * that name the customer keep it.
 */
export function DeleteCustomerDialog({
  customer,
  onClose,
}: {
  customer: LocalCustomer;
  onClose: () => void;
}) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    await runLocalAction(() => deleteCustomer(customer.id), t('cust_deleted'), t('cust_deleteError'));
    setBusy(false);
    onClose();
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('cust_deleteTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {t('cust_deleteText', {
            name: customer.company_name || customer.full_name,
            number: customer.customer_number,
          })}
        </DialogContentText>
      </DialogContent>
      <DialogSubmitActions
        busy={busy}
        onCancel={onClose}
        onSubmit={() => void confirm()}
        color="error"
        testId="customer-delete-confirm"
      >
        {t('cust_delete')}
      </DialogSubmitActions>
    </Dialog>
  );
}
