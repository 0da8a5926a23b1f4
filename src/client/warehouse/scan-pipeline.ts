import { matchScan, type ParseResult, parseScan, type ScanLine } from '../../shared/domain/barcode';
import type { Translate } from '../shared-ui/i18n';

/**
 * THE scan pipeline of the preparation screen, framework-free so it can be unit-tested:
 * every input (a keyboard-wedge scanner's characters + Enter, the scan button, the camera) hands
 * its raw text here, and the verdict is decided at once, synchronously, against the device's own
 * copy of the order lines — never waiting for the server or even for IndexedDB:
 *
 *   raw text → parseScan (AIM prefixes, GS1, EAN check digits) → matchScan (line, over-scan)
 *            → a match is counted on the working copy immediately
 *
 * So a burst of scans arriving faster than the screen renders is counted one by one, each against
 * the counts the previous one left: none is dropped, none merged, and the (N+1)th scan of a line
 * ordered N times is refused as an over-scan even if the first N have not reached the store yet.
 * The hook (use-scan-pipeline.ts) queues each accepted scan in the outbox.
 */

export type ScanOutcome =
  /** Counted: `units` more on `line` (now `scanned` of `ordered`). */
  | {
      kind: 'match';
      raw: string;
      code: string;
      lineId: string;
      productName: string;
      units: number;
      scanned: number;
      ordered: number;
    }
  /** No line of this order carries the code (an unknown product or another order's). */
  | { kind: 'unknown'; raw: string; code: string }
  /** The line is (or would be) over its ordered quantity: refused, nothing counted. */
  | { kind: 'over'; raw: string; code: string; lineId: string; productName: string; remaining: number }
  /** Not a readable code (a bad EAN check digit, a malformed GS1 string, control characters). */
  | { kind: 'unreadable'; raw: string; reason: Exclude<ParseResult, { ok: true }>['reason'] };

export class ScanPipeline {
  private lines: ScanLine[];

  constructor(lines: readonly ScanLine[]) {
    this.lines = lines.map((line) => ({ ...line }));
  }

  /** The working copy (what the screen shows and the next scan is matched against). */
  snapshot(): readonly ScanLine[] {
    return this.lines;
  }

  /** Replace the working copy with the store's (after every queued scan reached it). */
  reset(lines: readonly ScanLine[]): void {
    this.lines = lines.map((line) => ({ ...line }));
  }

  /** Decide one scan and, when it matches, count it on the working copy at once. */
  scan(raw: string, quantity = 1): ScanOutcome {
    const parsed = parseScan(raw);
    if (!parsed.ok) return { kind: 'unreadable', raw, reason: parsed.reason };
    const verdict = matchScan(this.lines, parsed.scan, quantity);
    const code = parsed.scan.text;
    if (verdict.kind === 'unknown') return { kind: 'unknown', raw, code };
    if (verdict.kind === 'over')
      return {
        kind: 'over',
        raw,
        code,
        lineId: verdict.line.id,
        productName: verdict.line.product_name,
        remaining: verdict.remaining,
      };
    const { line, quantity: units, scanned } = verdict;
    this.lines = this.lines.map((l) => (l.id === line.id ? { ...l, scanned_quantity: scanned } : l));
    return {
      kind: 'match',
      raw,
      code,
      lineId: line.id,
      productName: line.product_name,
      units,
      scanned,
      ordered: line.quantity,
    };
  }
}

/** Lines with at least one unit scanned (the dialog's "scanned / item types" counter). */
export function scannedLineCount(lines: readonly ScanLine[]): number {
  return lines.filter((line) => line.scanned_quantity > 0).length;
}

/**
 * Per line, the units scanned before this opening of the dialog: the line's count less what this
 * opening's scans added to it (lines in order, those with none left out).
 */
export function earlierScans(
  lines: readonly ScanLine[],
  session: readonly { lineId: string; units: number }[],
): { line: ScanLine; units: number }[] {
  const now = new Map<string, number>();
  for (const scan of session) now.set(scan.lineId, (now.get(scan.lineId) ?? 0) + scan.units);
  return lines
    .map((line) => ({ line, units: line.scanned_quantity - (now.get(line.id) ?? 0) }))
    .filter((entry) => entry.units > 0);
}

// Shared with the inventory count: the wedge's terminator keys and the camera's repeat filter.
export { isScanTerminator, repeatFilter } from '../shared-ui/scan/scan-input';

/** The verdict of one scan in words, as the dialog's feedback panel says it. */
export function feedbackText(outcome: ScanOutcome, t: Translate): string {
  switch (outcome.kind) {
    case 'match':
      return `${t('wh_scanned', { name: outcome.productName })} (${outcome.scanned} / ${outcome.ordered})`;
    case 'over':
      return outcome.remaining > 0
        ? t('wh_overScanSome', { name: outcome.productName, n: outcome.remaining })
        : t('wh_overScanFull', { name: outcome.productName });
    case 'unknown':
      // The code was read; it is just on no line of this order (the server's 'not_in_order').
      return `${t('wh_notInOrder')} (${outcome.code})`;
    default:
      return t('wh_unreadable');
  }
}
