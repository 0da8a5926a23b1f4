import { useEffect } from 'react';

/**
 * The rest of a double-click that started the count lands on the count screen, which replaced
 * the button under the pointer: its press would take the focus out of the scan field (or press
 * whatever button is there now). Those presses of the same click sequence (`detail` ≥ 2) are
 * swallowed; the first press of a new sequence ends this.
 */
export function useSwallowStartDoubleClick(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const events = ['mousedown', 'mouseup', 'click', 'dblclick'] as const;
    const swallow = (event: MouseEvent) => {
      if (event.detail < 2) return stop();
      event.preventDefault();
      event.stopPropagation();
    };
    const stop = () => {
      for (const type of events) document.removeEventListener(type, swallow, true);
    };
    for (const type of events) document.addEventListener(type, swallow, true);
    return stop;
  }, [active]);
}
