/**
 * The phone's alert for a new job offer (issue 32): a vibration and a short two-tone chime, once per offer (the
 * machine enters its offer screen again when the stream makes it re-read its work). Where the browser refuses (no
 * vibration on iOS, audio before any tap), the offer still shows with its countdown; nothing fails.
 */
export interface OfferAlertDeps {
  vibrate?: (pattern: number[]) => boolean;
  /** A new audio context; null where there is none. */
  audio?: () => AudioContext | null;
}

export const VIBRATION_PATTERN = [250, 120, 250];
/** Two tones (Hz), each this long (s): audible over traffic, short enough not to startle. */
const CHIME = [880, 1175];
const TONE_SECONDS = 0.18;

const defaults = (): OfferAlertDeps => ({
  vibrate: typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function' ? (pattern) => navigator.vibrate(pattern) : undefined,
  audio: () => (typeof AudioContext === 'function' ? new AudioContext() : null),
});

export function createOfferAlert(deps: OfferAlertDeps = defaults()) {
  let lastOfferId: number | null = null;
  let context: AudioContext | null = null;

  const chime = () => {
    context ??= deps.audio?.() ?? null;
    if (!context) return;
    void context.resume().catch(() => {});
    const start = context.currentTime;
    CHIME.forEach((frequency, index) => {
      const oscillator = context!.createOscillator();
      const gain = context!.createGain();
      oscillator.frequency.value = frequency;
      const at = start + index * TONE_SECONDS;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.3, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + TONE_SECONDS);
      oscillator.connect(gain).connect(context!.destination);
      oscillator.start(at);
      oscillator.stop(at + TONE_SECONDS);
    });
  };

  return {
    /** Rings for this offer, unless it already rang for it. */
    ring(offerId: number | null): void {
      if (offerId === null || offerId === lastOfferId) return;
      lastOfferId = offerId;
      try {
        deps.vibrate?.(VIBRATION_PATTERN);
      } catch {
        // A browser that throws on vibrate: the offer still shows.
      }
      try {
        chime();
      } catch {
        // No audio (autoplay refused, no device): the offer still shows.
      }
    },
  };
}
