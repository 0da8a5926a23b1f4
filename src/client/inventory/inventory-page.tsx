import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { startTransition, useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { LocalProduct } from '../local/database';
import { useT } from '../shared-ui/i18n';
import { useLocalStore } from '../shared-ui/local-store';
import { CountView } from './count-view';
import { stockPreview, useInventoryData } from './inventory-data';
import { ProductStockDialog } from './product-stock-dialog';
import { StockList } from './stock-list';

type View = 'stock' | 'count';

/**
 * /inventory (warehouse, admin): stock levels and counts by scanning, read from the local store —
 * it opens offline after one online visit. 'Stok Durumu': every product's figures with search and
 * filters, low stock first; a product's movements and a manual adjustment in its dialog.
 * 'Sayım': a count by scanning, kept on the device until posted. The tab is in the address
 * (`?view=count`), so a reload mid-count comes back to the count.
 */
export default function InventoryPage() {
  const t = useT();
  const { error } = useLocalStore();
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'count' ? 'count' : 'stock';
  // The stock list draws its first page from a few indexed rows, then asks for every product
  // (the count, the search and the filters need them all). That ask is a transition: the list
  // calls it from an effect of the commit that drew its first page, and as an ordinary update it
  // re-rendered the whole page (some 1,700 components) in the same task, before that page could
  // be painted.
  const [readAll, setReadAll] = useState(view === 'count');
  const data = useInventoryData(readAll || view === 'count');
  const onReady = useCallback(() => startTransition(() => setReadAll(true)), []);
  const [openId, setOpenId] = useState<string | null>(null);
  // The dialog follows the live row: an adjustment shows its new figures at once.
  const open: LocalProduct | null = (openId && data?.products.find((p) => p.id === openId)) || null;

  if (error) return <Alert severity="error">{t('localStoreUnavailable')}</Alert>;

  const setView = (next: View) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === 'count') copy.set('view', 'count');
        else copy.delete('view');
        return copy;
      },
      { replace: true },
    );

  return (
    <Card variant="outlined" sx={{ minWidth: 0 }} data-testid="inventory-page">
      <Tabs
        value={view}
        onChange={(_e, next: View) => setView(next)}
        aria-label={t('inv_tabsLabel')}
        variant="fullWidth"
        sx={{ borderBottom: 1, borderColor: 'divider', '& .MuiTab-root': { minHeight: 48 } }}
      >
        <Tab
          value="stock"
          label={t('inv_tabStock')}
          id="inv-tab-stock"
          aria-controls="inv-panel"
          data-testid="inv-tab-stock"
        />
        <Tab
          value="count"
          label={t('inv_tabCount')}
          id="inv-tab-count"
          aria-controls="inv-panel"
          data-testid="inv-tab-count"
        />
      </Tabs>
      <Box role="tabpanel" id="inv-panel" aria-labelledby={`inv-tab-${view}`} sx={{ p: { xs: 1.5, sm: 2 } }}>
        {view === 'stock' ? (
          <StockList products={data?.products} onOpen={(p) => setOpenId(p.id)} onReady={onReady} />
        ) : !data ? (
          <LinearProgress aria-label={t('loadingAria')} />
        ) : (
          <CountView data={data} />
        )}
      </Box>
      <ProductStockDialog product={open} onClose={() => setOpenId(null)} />
    </Card>
  );
}
// Opened on a reload: the stock list's first rows are read before the first render.
InventoryPage.firstRead = stockPreview.firstRead;
