import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';
import type { ScanLine } from '../../shared/domain/barcode';
import type { LocalOrder } from '../local/database';
import { getLocalStore } from '../local/store';
import { t } from '../shared-ui/i18n';
import { playTone } from '../shared-ui/scan/feedback-tones';
import { useUi } from '../state/ui';
import type { ScanInput } from './local';
import { queueScans } from './mutations';
import { type ScanOutcome, ScanPipeline } from './scan-pipeline';

/** What the dialog shows about the last scan (`seq` changes on every scan, even an identical one). */
export interface ScanFeedback {
  seq: number;
  outcome: ScanOutcome;
}

/** One accepted scan of this opening of the dialog (the spec's "scanned items" list). */
export interface SessionScan {
  seq: number;
  lineId: string;
  productName: string;
  code: string;
  units: number;
}

/** What the dialog draws from the pipeline. */
export interface PipelineView {
  lines: readonly ScanLine[];
  feedback: ScanFeedback | null;
  session: readonly SessionScan[];
}

/**
 * A tiny store of the view, so that a scan re-renders only the parts that show what changed (the
 * verdict, the line, the list) — not the dialog with its input, buttons and fields.
 */
export class PipelineViewStore {
  private state: PipelineView = { lines: [], feedback: null, session: [] };
  private listeners = new Set<() => void>();
  get = (): PipelineView => this.state;
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  set(partial: Partial<PipelineView>): void {
    this.state = { ...this.state, ...partial };
    for (const listener of this.listeners) listener();
  }
}

/** Subscribe a component to one part of the view (re-rendered only when that part changes). */
export function usePipelineView<T>(store: PipelineViewStore, select: (view: PipelineView) => T): T {
  return useSyncExternalStore(store.subscribe, () => select(store.get()));
}

export const SCAN_MARK_START = 'wh-scan-start';
export const SCAN_MARK_SHOWN = 'wh-scan-shown';

function linesOf(order: LocalOrder | null | undefined): ScanLine[] {
  return (order?.items ?? []).map((item) => ({
    id: item.id,
    product_id: item.product_id,
    product_name: item.product_name,
    barcode: item.barcode,
    quantity: item.quantity,
    scanned_quantity: item.scanned_quantity,
  }));
}

/**
 * The React side of the scan pipeline (scan-pipeline.ts). `scan(raw, quantity)` decides the scan
 * synchronously against the working copy of the lines, renders the verdict in the same task
 * (flushSync: the colour is on screen at the next paint, a burst of scans each gets its frame),
 * plays its tone, and queues an accepted scan in the outbox. The queue writes one batch at a time
 * (a promise chain), so scans reach the store — and the server — in the order they were made; the
 * scans made while a batch is being written are the next batch, written in one transaction (a
 * scanner faster than the device's writes makes the batches grow instead of a backlog).
 *
 * The working copy follows the store (another device's scans, the server's answer) only while no
 * scan of ours is on its way into it: a store read started after our last write committed is
 * taken, unless another scan happened meanwhile. So the copy never goes back by a scan that has
 * not landed yet.
 */
export function useScanPipeline(order: LocalOrder | null | undefined, open: boolean) {
  const orderId = order?.id ?? null;
  const pipeline = useRef(new ScanPipeline([]));
  const view = useRef(new PipelineViewStore()).current;
  const seq = useRef(0);
  const inflight = useRef(0);
  const generation = useRef(0);
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  /** Accepted scans not yet taken by a write (the next batch). */
  const waiting = useRef<ScanInput[]>([]);
  const orderRef = useRef(order);
  orderRef.current = order;

  // Each opening starts from the store's lines with an empty "scanned" list.
  useEffect(() => {
    if (!open || !orderId) return;
    pipeline.current.reset(linesOf(orderRef.current));
    view.set({ lines: pipeline.current.snapshot(), session: [], feedback: null });
  }, [open, orderId, view]);

  const resync = useCallback(() => {
    const store = getLocalStore();
    if (!store || !orderId || inflight.current > 0) return;
    const at = generation.current;
    void store.db.orders.get(orderId).then((row) => {
      if (!row || inflight.current > 0 || generation.current !== at) return;
      pipeline.current.reset(linesOf(row));
      view.set({ lines: pipeline.current.snapshot() });
    });
  }, [orderId, view]);

  // The store changed (a pull, the server's answer to a scan): follow it when nothing is in flight.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the order row is the trigger
  useEffect(() => {
    if (open) resync();
  }, [order, open, resync]);

  const scan = useCallback(
    (raw: string, quantity = 1): ScanOutcome | null => {
      const current = orderRef.current;
      if (!current || raw.trim() === '') return null;
      const outcome = pipeline.current.scan(raw, quantity);
      generation.current++;
      const mySeq = ++seq.current;
      flushSync(() => {
        if (outcome.kind !== 'match') {
          view.set({ feedback: { seq: mySeq, outcome } });
          return;
        }
        const scanned: SessionScan = {
          seq: mySeq,
          lineId: outcome.lineId,
          productName: outcome.productName,
          code: outcome.code,
          units: outcome.units,
        };
        view.set({
          feedback: { seq: mySeq, outcome },
          lines: pipeline.current.snapshot(),
          session: [scanned, ...view.get().session],
        });
      });
      playTone(outcome.kind === 'match' ? 'ok' : outcome.kind === 'over' ? 'warn' : 'error');
      // The verdict is shown inside the dialog (its feedback panel, a live region): no snackbar,
      // which on a phone would sit over the dialog's 'Siparişi Tamamla' after every scan.
      if (outcome.kind === 'match') {
        inflight.current++;
        const input = {
          orderId: current.id,
          orderNumber: current.order_number,
          barcode: raw.trim(),
          quantity,
          itemId: outcome.lineId,
          units: outcome.units,
          productName: outcome.productName,
        };
        waiting.current.push(input);
        // The first scan of a new batch schedules its write; later ones join it until it starts.
        if (waiting.current.length === 1) {
          chain.current = chain.current.then(async () => {
            const batch = waiting.current;
            waiting.current = [];
            try {
              await queueScans(batch);
            } catch (error) {
              console.error(error);
              useUi.getState().showError(t('wh_scanError'));
            } finally {
              inflight.current -= batch.length;
              if (inflight.current === 0) resync();
            }
          });
        }
      }
      return outcome;
    },
    [resync, view],
  );

  /** Resolves when every accepted scan is in the outbox (before completing the order). */
  const settled = useCallback(() => chain.current.then(() => undefined), []);

  return { view, scan, settled };
}
