import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';

/**
 * Where the global messages may sit while a dialog is open. On a phone a dialog fills the screen
 * and its action row (the main button: 'Teslimatı Kaydet', 'Siparişi Tamamla') is at the bottom —
 * exactly where a snackbar appears. A message must never cover the button the user is about to
 * press, so while one is shown the hosts follow the open dialog's action row and move clear of it.
 */

/** The part of the screen a message may not cover: the topmost open dialog's action row. */
export interface ActionsBox {
  top: number;
  bottom: number;
}

/** The action row of the topmost open dialog (portals are appended in order: the last is on top). */
function readActionsBox(): ActionsBox | null {
  const dialogs = document.querySelectorAll('.MuiDialog-root');
  for (let i = dialogs.length - 1; i >= 0; i--) {
    const rows = dialogs[i]?.querySelectorAll('.MuiDialogActions-root');
    const row = rows?.[rows.length - 1];
    if (!row) continue;
    const rect = row.getBoundingClientRect();
    if (rect.height > 0) return { top: rect.top, bottom: rect.bottom };
  }
  return null;
}

/**
 * Keeps a shown message clear of the open dialog's action row from the very frame the row appears
 * or moves. A DOM observer's callback runs before the browser paints, so it reads the row and sets
 * the message's offset (`side`, in px, from `place`) on the message's element itself. Measured a
 * frame later and applied through a React render instead, the message still sat over 'Teslimatı
 * Kaydet' for the first frames of a dialog that had just opened — on a busy phone long enough for
 * a tap meant for the button to land on the message.
 * Returns the ref for the message's root element; observes only while `active` (a message shown).
 */
export function useDialogClearance(
  active: boolean,
  side: 'top' | 'bottom',
  place: (box: ActionsBox | null) => number,
): (element: HTMLElement | null) => void {
  const element = useRef<HTMLElement | null>(null);
  const placeRef = useRef(place);
  placeRef.current = place;
  const apply = useCallback(() => {
    const target = element.current;
    if (!target) return;
    const offset = `${placeRef.current(readActionsBox())}px`;
    if (target.style[side] !== offset) target.style[side] = offset;
  }, [side]);
  const ref = useCallback(
    (target: HTMLElement | null) => {
      element.current = target;
      apply();
    },
    [apply],
  );
  // After every render too: `place` may have changed (the breakpoint's usual offset).
  useLayoutEffect(() => {
    apply();
  });
  useEffect(() => {
    if (!active) return;
    // Dialogs open and close as portals under <body>, and their contents load lazily.
    const observer = new MutationObserver(apply);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', apply);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', apply);
    };
  }, [active, apply]);
  return ref;
}

/** Room a message is given at its anchor (px): the tallest an alert gets on a phone, plus margin. */
export const MESSAGE_ROOM = 140;
const GAP = 8;

/**
 * The bottom offset (px) of a bottom-anchored message: its usual place unless that overlaps the
 * action row, then just above the row. Pure, so the rule is tested without a browser.
 */
export function bottomOffset(box: ActionsBox | null, viewportHeight: number, usual: number): number {
  if (!box) return usual;
  const usualTop = viewportHeight - usual - MESSAGE_ROOM;
  if (box.bottom <= usualTop) return usual;
  return Math.max(usual, Math.round(viewportHeight - box.top + GAP));
}

/** The top offset (px) of a top-anchored message: its usual place, or just below the action row. */
export function topOffset(box: ActionsBox | null, usual: number): number {
  if (!box) return usual;
  if (box.top >= usual + MESSAGE_ROOM) return usual;
  return Math.max(usual, Math.round(box.bottom + GAP));
}
