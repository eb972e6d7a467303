import { describe, expect, it, vi } from 'vitest';
import { createOfferAlert, VIBRATION_PATTERN } from './offerAlert.ts';

/** A stand-in AudioContext recording the tones it was asked to play. */
function fakeAudio() {
  const tones: number[] = [];
  const param = () => ({ value: 0, setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() });
  const context = {
    currentTime: 0,
    destination: {},
    resume: vi.fn(async () => {}),
    createGain: () => ({ gain: param(), connect: (next: unknown) => next }),
    createOscillator: () => {
      const frequency = param();
      return { frequency, connect: (next: unknown) => next, start: () => tones.push(frequency.value), stop: vi.fn() };
    },
  };
  return { tones, context: context as unknown as AudioContext, created: vi.fn(() => context as unknown as AudioContext) };
}

describe('the offer alert', () => {
  it('vibrates and chimes once per offer, again for a new one', () => {
    const vibrate = vi.fn(() => true);
    const audio = fakeAudio();
    const alert = createOfferAlert({ vibrate, audio: audio.created });
    alert.ring(7);
    alert.ring(7);
    expect(vibrate.mock.calls).toEqual([[VIBRATION_PATTERN]]);
    expect(audio.tones).toEqual([880, 1175]);
    alert.ring(8);
    expect(vibrate).toHaveBeenCalledTimes(2);
    expect(audio.tones).toEqual([880, 1175, 880, 1175]);
    // One audio context for the app's life.
    expect(audio.created).toHaveBeenCalledTimes(1);
  });

  it('does nothing without an offer, and a browser without vibration or audio (or one that throws) still passes', () => {
    const vibrate = vi.fn(() => {
      throw new Error('not allowed');
    });
    const alert = createOfferAlert({ vibrate, audio: () => null });
    alert.ring(null);
    expect(vibrate).not.toHaveBeenCalled();
    expect(() => alert.ring(1)).not.toThrow();
    expect(() => createOfferAlert({}).ring(2)).not.toThrow();
  });
});
