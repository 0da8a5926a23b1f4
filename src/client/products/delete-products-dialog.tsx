import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { PRODUCT_DELETE_ORDERS_SHOWN } from '../../shared/api/products';
import type { LocalProduct } from '../local/database';
import { discardEntry, getLocalStore } from '../local/store';
import { DialogSubmitActions } from '../shared-ui/dialog-submit-actions';
import { useT } from '../shared-ui/i18n';
import { outcomeText, settleLocalAction } from '../shared-ui/local-action';
import { useUi } from '../state/ui';
import { bulkProducts, deleteProduct, ordersHoldingProducts } from './mutations';

/** Products to delete: one (the row's delete) or the selected ones (the bulk delete). */
export interface DeleteTarget {
  ids: string[];
  bulk: boolean;
}

/** What this device knows when the dialog opens: the products and the open orders holding them. */
interface Facts {
  products: LocalProduct[];
  held: Map<string, string[]>;
}

interface Refusal {
  name: string;
  reason: string;
}

/**
 * Asks before deleting products and says what the delete does: the stock still on hand is written
 * off ('90 adet stok silinecek (zayi kaydı)'), and a product open orders hold cannot be deleted
 * (the orders named, as far as this device knows — the server decides; those are not sent, and
 * when nothing is left to delete the button is off). Online it waits for the server's answer: a refusal (409 for one product; for a
 * bulk delete the products refused, each with its reason) is shown here, the rows come back, and
 * nothing is reported as deleted that was not. Offline the delete is queued ("saved on this
 * device"); a later refusal shows in the sync panel and the rows come back.
 */
export function DeleteProductsDialog({
  target,
  onClose,
  onDeleted,
}: {
  target: DeleteTarget | null;
  onClose: () => void;
  /** Called when the delete was sent (or queued): the selection is cleared. */
  onDeleted: () => void;
}) {
  const t = useT();
  const ui = useUi();
  const [facts, setFacts] = useState<Facts | null>(null);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<{ done: number; items: Refusal[] } | null>(null);

  // A snapshot when the dialog opens (what the admin is asked about), not a live view.
  useEffect(() => {
    setRefused(null);
    setFacts(null);
    const db = getLocalStore()?.db;
    if (!target || !db) return;
    let cancelled = false;
    void (async () => {
      const found = (await db.products.bulkGet(target.ids)).filter((p): p is LocalProduct => !!p);
      const held = await ordersHoldingProducts(target.ids);
      if (!cancelled) setFacts({ products: found, held });
    })();
    return () => {
      cancelled = true;
    };
  }, [target]);

  const orders = (numbers: readonly string[]) => {
    const shown = numbers.slice(0, PRODUCT_DELETE_ORDERS_SHOWN).join(', ');
    return numbers.length > PRODUCT_DELETE_ORDERS_SHOWN
      ? t('prod_moreOrders', { orders: shown, n: numbers.length - PRODUCT_DELETE_ORDERS_SHOWN })
      : shown;
  };

  const products = facts?.products ?? [];
  const heldProducts = products.filter((p) => facts?.held.has(p.id));
  const deletable = products.filter((p) => !facts?.held.has(p.id));
  const writeOff = deletable.reduce((sum, p) => sum + Math.max(0, p.current_stock), 0);
  const bulk = target?.bulk ?? false;
  const nameOf = (id: string) => products.find((p) => p.id === id)?.name ?? id;

  const confirm = async () => {
    if (!target || busy || deletable.length === 0) return;
    // The products this device knows to be held are not sent (the dialog listed them): they are
    // not removed here either, offline too. What it does not know, the server refuses.
    const ids = deletable.map((p) => p.id);
    setBusy(true);
    try {
      const outcome = await settleLocalAction(async () => {
        const entry = target.bulk ? await bulkProducts('delete', ids) : await deleteProduct(ids[0] as string);
        onDeleted();
        return entry;
      });
      if (outcome.state === 'error') throw outcome.error;
      if (outcome.state !== 'refused') {
        const success = target.bulk ? t('prod_bulkDeleted', { n: ids.length }) : t('prod_deleted');
        const text = outcomeText(outcome, success);
        if (text) ui.showSuccess(text);
        onClose();
        return;
      }
      // Refused (all, or some products of a bulk delete): shown here, so the entry leaves the
      // outbox; the refused rows are back in the list already.
      const failed = outcome.entry;
      const parts = failed.local?.refused as { id: string; name: string; reason: string }[] | undefined;
      const items: Refusal[] = parts
        ? parts.map((p) => ({ name: p.name, reason: p.reason }))
        : [{ name: target.bulk ? '' : nameOf(ids[0] as string), reason: failed.error ?? '' }];
      await discardEntry(failed.id);
      const db = getLocalStore()?.db;
      const left = db ? (await db.products.bulkGet(ids)).filter(Boolean).length : ids.length;
      setRefused({ done: ids.length - left, items });
    } catch (error) {
      console.error(error);
      const message = error instanceof Error && error.message ? error.message : null;
      const text = t(target.bulk ? 'prod_bulkError' : 'prod_deleteError');
      ui.showToast(message ? `${text}: ${message}` : text);
      onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={!!target}
      onClose={busy ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="products-confirm-title"
      data-testid="products-confirm"
    >
      <DialogTitle id="products-confirm-title">
        {t(bulk ? 'prod_bulkConfirmTitle' : 'prod_deleteTitle')}
      </DialogTitle>
      {refused ? (
        <>
          <DialogContent>
            <Alert severity="error" data-testid="products-delete-refused">
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {bulk
                  ? t('prod_bulkRefused', { done: refused.done, n: refused.items.length })
                  : t('prod_deleteRefused')}
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {refused.items.map((item) => (
                  <li key={`${item.name}:${item.reason}`} data-testid="products-delete-refusal">
                    {item.name && bulk ? <strong>{item.name}: </strong> : null}
                    {item.reason}
                  </li>
                ))}
              </Box>
            </Alert>
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={onClose} data-testid="products-delete-close">
              {t('close')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <>
          <DialogContent>
            <Stack spacing={2}>
              <DialogContentText>
                {bulk ? t('prod_bulkConfirmDelete', { n: target?.ids.length ?? 0 }) : t('prod_deleteConfirm')}
              </DialogContentText>
              {writeOff > 0 ? (
                <Typography variant="body2" data-testid="products-delete-writeoff">
                  {t(bulk ? 'prod_bulkDeleteWriteOff' : 'prod_deleteWriteOff', { n: writeOff })}
                </Typography>
              ) : null}
              {heldProducts.length > 0 ? (
                <Alert severity="warning" data-testid="products-delete-held">
                  {bulk ? (
                    <>
                      {t('prod_bulkHeld', { n: heldProducts.length })}
                      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                        {heldProducts.map((p) => (
                          <li key={p.id}>
                            <strong>{p.name}</strong>: {orders(facts?.held.get(p.id) ?? [])}
                          </li>
                        ))}
                      </Box>
                    </>
                  ) : (
                    t('prod_deleteHeld', { orders: orders(facts?.held.get(heldProducts[0]?.id ?? '') ?? []) })
                  )}
                </Alert>
              ) : null}
            </Stack>
          </DialogContent>
          <DialogSubmitActions
            busy={busy}
            disabled={!facts || deletable.length === 0}
            onCancel={onClose}
            onSubmit={() => void confirm()}
            color="error"
            testId="products-confirm-confirm"
          >
            {t('prod_delete')}
          </DialogSubmitActions>
        </>
      )}
    </Dialog>
  );
}
