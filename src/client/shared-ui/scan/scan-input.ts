/**
 * The parts of barcode scanning every scanning screen shares (the warehouse's preparation, the
 * inventory count): how a keyboard-wedge scanner's text ends, how its burst is caught when no
 * text field has the focus, and how the camera's repeated sightings of one label are told from a
 * second unit.
 */

/**
 * The keyboard-wedge side: does this key end a scan? Scanners send Enter (most) or Tab (some
 * configurations) after the code; `KeyboardEvent.key` is read, never the deprecated keyCode,
 * so the answer does not depend on the keyboard layout.
 */
export function isScanTerminator(key: string): boolean {
  return key === 'Enter' || key === 'Tab';
}

/**
 * Camera results: the same code seen again within `windowMs` is the same physical label still in
 * front of the lens, not a second unit. Returns a filter remembering the last time each code was
 * accepted.
 */
export function repeatFilter(windowMs = 1500): (code: string, now: number) => boolean {
  const seen = new Map<string, number>();
  return (code, now) => {
    const last = seen.get(code);
    if (last !== undefined && now - last < windowMs) return false;
    seen.set(code, now);
    return true;
  };
}

/**
 * The keyboard-wedge scan typed where no text field has the focus (the body, a button: after a
 * click elsewhere on the screen). A scanner types its code as a burst of characters ending with
 * Enter/Tab; such a burst is one scan wherever the focus is, so a scan is never lost because the
 * scan field lost the focus. A burst is at least WEDGE_MIN_LENGTH characters with at most
 * WEDGE_MAX_GAP_MS between keys (a scanner's are a few milliseconds apart; keys typed long before
 * an Enter are not part of it). Modifier keys alone (Shift for capitals) do not break a burst;
 * any other named key (arrows, Backspace, Escape) does.
 */
export const WEDGE_MAX_GAP_MS = 200;
export const WEDGE_MIN_LENGTH = 3;
const MODIFIERS = new Set(['Shift', 'CapsLock', 'AltGraph']);

export class WedgeCollector {
  private buffer = '';
  private last = Number.NEGATIVE_INFINITY;

  /** One key at time `at` (ms); the burst's text when this key ends a scan, else null. */
  key(key: string, at: number): string | null {
    if (MODIFIERS.has(key)) return null;
    const fast = at - this.last <= WEDGE_MAX_GAP_MS;
    this.last = at;
    if (isScanTerminator(key)) {
      const text = fast ? this.buffer : '';
      this.buffer = '';
      return text.trim().length >= WEDGE_MIN_LENGTH ? text : null;
    }
    if (key.length !== 1) {
      this.buffer = '';
      return null;
    }
    this.buffer = fast ? this.buffer + key : key;
    return null;
  }

  reset(): void {
    this.buffer = '';
    this.last = Number.NEGATIVE_INFINITY;
  }
}

/** Where typing goes into a field (the scan field, the +N field, a note), not to the page. */
export function isTextEntry(element: Element | null): boolean {
  if (!element) return false;
  if ((element as HTMLElement).isContentEditable) return true;
  const tag = element.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (element as HTMLInputElement).type;
  return !['button', 'checkbox', 'radio', 'range', 'reset', 'submit', 'color', 'file', 'image'].includes(
    type,
  );
}
