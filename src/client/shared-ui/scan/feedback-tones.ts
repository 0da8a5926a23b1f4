/**
 * Scan feedback a warehouse worker notices without looking at the screen: short tones made with
 * Web Audio (no audio files to download or cache) and a vibration where the device has one.
 * - match: one short high beep + a 40 ms buzz;
 * - over-scan: two mid beeps;
 * - unknown / unreadable: one low, longer, harsher tone + a longer buzz pattern.
 * Everything is best effort: no audio device, a blocked AudioContext or no vibrator is silent.
 */
export type ToneKind = 'ok' | 'warn' | 'error';

/**
 * The user's on/off choices for the scan feedback (/settings), kept on the device: both on unless
 * switched off. Read at each scan, so a change applies to the next one.
 */
export type ScanFeedbackPref = 'sound' | 'vibration';
const PREF_KEYS: Record<ScanFeedbackPref, string> = { sound: 'scanSound', vibration: 'scanVibration' };

export function scanFeedbackEnabled(pref: ScanFeedbackPref): boolean {
  try {
    return globalThis.localStorage?.getItem(PREF_KEYS[pref]) !== 'off';
  } catch {
    return true;
  }
}

export function setScanFeedbackEnabled(pref: ScanFeedbackPref, on: boolean): void {
  try {
    globalThis.localStorage?.setItem(PREF_KEYS[pref], on ? 'on' : 'off');
  } catch {
    // unavailable: the default (on) stays
  }
}

let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (context) return context;
  const Ctor =
    globalThis.AudioContext ??
    (globalThis as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return null;
  try {
    context = new Ctor();
  } catch {
    context = null;
  }
  return context;
}

function beep(ctx: AudioContext, at: number, frequency: number, duration: number, type: OscillatorType) {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = type;
  osc.frequency.value = frequency;
  // A quick attack and release, so the tone does not click.
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(0.25, at + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + duration);
  osc.connect(gain).connect(ctx.destination);
  osc.start(at);
  osc.stop(at + duration + 0.02);
}

export function playTone(kind: ToneKind): void {
  if (scanFeedbackEnabled('sound')) sound(kind);
  if (scanFeedbackEnabled('vibration')) vibrate(kind);
}

function sound(kind: ToneKind): void {
  try {
    const ctx = audio();
    if (ctx) {
      if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
      const now = ctx.currentTime;
      if (kind === 'ok') beep(ctx, now, 1320, 0.08, 'sine');
      else if (kind === 'warn') {
        beep(ctx, now, 660, 0.08, 'triangle');
        beep(ctx, now + 0.12, 660, 0.08, 'triangle');
      } else beep(ctx, now, 220, 0.3, 'square');
    }
  } catch {
    // no sound: the colour still says it
  }
}

function vibrate(kind: ToneKind): void {
  try {
    navigator.vibrate?.(kind === 'ok' ? 40 : kind === 'warn' ? [60, 60, 60] : [200, 80, 200]);
  } catch {
    // no vibrator
  }
}
