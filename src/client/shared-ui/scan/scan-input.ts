/**
 * The parts of barcode scanning every scanning screen shares (the warehouse's preparation, the
 * inventory count): how a keyboard-wedge scanner's text ends, and how the camera's repeated
 * sightings of one label are told from a second unit.
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
