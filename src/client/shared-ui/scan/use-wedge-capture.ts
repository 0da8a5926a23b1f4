import { type RefObject, useEffect, useRef } from 'react';
import { isTextEntry, WedgeCollector } from './scan-input';

/**
 * While a scanning screen is open, a wedge scanner's burst typed where no text field has the focus
 * (the page, a button: a click elsewhere took the focus from the scan field) is one scan, never
 * lost: `onScan(text)` gets it, and its Enter does not also press the focused button.
 *
 * When a window opened over the screen (a confirmation, the count's review) holds the focus, the
 * scan is not taken into the screen behind it: `onRefused()` says so (a sound and a message), and
 * the Enter does not press that window's button either.
 *
 * Keys typed into a text field (the scan field itself, the +N field, a note) are that field's.
 */
export function useWedgeCapture({
  field,
  onScan,
  onRefused,
}: {
  /** The screen's scan field: a window that does not contain it is over the screen. */
  field: RefObject<HTMLElement | null>;
  onScan: (text: string) => void;
  onRefused: () => void;
}) {
  const handlers = useRef({ onScan, onRefused });
  handlers.current = { onScan, onRefused };

  useEffect(() => {
    const collector = new WedgeCollector();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return collector.reset();
      if (isTextEntry(event.target instanceof Element ? event.target : null)) return collector.reset();
      const text = collector.key(event.key, event.timeStamp);
      if (text === null) return;
      event.preventDefault();
      event.stopPropagation();
      if (coveredWindow(field.current)) handlers.current.onRefused();
      else handlers.current.onScan(text);
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [field]);
}

/**
 * Whether a modal window that does not contain the scan field is open over it. A window kept in
 * the page while closed (the phone's side menu) is hidden, and does not count.
 */
function coveredWindow(field: HTMLElement | null): boolean {
  if (!field) return true;
  for (const dialog of document.querySelectorAll('[role="dialog"][aria-modal="true"], [role="alertdialog"]'))
    if (!dialog.contains(field) && shown(dialog)) return true;
  return false;
}

function shown(element: Element): boolean {
  return element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
}
