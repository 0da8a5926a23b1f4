import { useEffect, useState } from 'react';

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

/** Follows the open dialog's action row while `active` (a message is shown); null without one. */
export function useDialogActionsBox(active: boolean): ActionsBox | null {
  const [box, setBox] = useState<ActionsBox | null>(null);
  useEffect(() => {
    if (!active) {
      setBox(null);
      return;
    }
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const next = readActionsBox();
        setBox((prev) => (prev?.top === next?.top && prev?.bottom === next?.bottom ? prev : next));
      });
    };
    update();
    // Dialogs open and close as portals under <body>, and their contents load lazily.
    const observer = new MutationObserver(update);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', update);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('resize', update);
    };
  }, [active]);
  return box;
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
