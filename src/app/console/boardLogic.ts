/**
 * Composition root of the board: machines/consoleBoard's effects made real (the board call, the live stream as an
 * EventSource, a short WebAudio tone, the mute switch kept in localStorage).
 */
import { fromCallback, fromPromise } from 'xstate';
import { boardMachine } from '../../../machines/consoleBoard/index.ts';
import { downloadBookingsCsv, loadBoard } from '../../api/consoleBookings.ts';
import { loadCatalogChoices } from './catalogChoices.ts';
import { openLiveFeed } from './liveFeed.ts';
import { saveTextFile } from '../../views/confirmation/saveFile.ts';

const MUTED_KEY = 'cabflow.console.muted';

export function storedMuted(): boolean {
  try {
    return localStorage.getItem(MUTED_KEY) === 'true';
  } catch {
    return false;
  }
}

let audio: AudioContext | null = null;

/** A soft two-hundred-millisecond tone at 880 Hz: noticeable across a room, never jarring. */
function beep() {
  try {
    audio ??= new AudioContext();
    const start = audio.currentTime;
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = 880;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.06, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.22);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(start);
    oscillator.stop(start + 0.25);
  } catch {
    // No audio (a browser without WebAudio): the title and the marked row still say it.
  }
}

export const boardLogic = boardMachine.provide({
  actors: {
    loadPage: fromPromise(({ input, signal }) => loadBoard(input, { signal })),
    loadChoices: fromPromise(({ signal }) => loadCatalogChoices({ signal })),
    exportCsv: fromPromise(({ input, signal }) => downloadBookingsCsv(input.from, input.to, { signal })),
    bookingEvents: fromCallback(({ sendBack, receive }) => {
      const feed = openLiveFeed(sendBack);
      receive((event) => {
        if (event.type === 'retry') feed.retry();
      });
      return () => feed.close();
    }),
  },
  actions: {
    beep,
    saveCsv: (_, { filename, text }) => saveTextFile(filename, text, 'text/csv;charset=utf-8'),
    keepMuted: (_, { muted }) => {
      try {
        localStorage.setItem(MUTED_KEY, String(muted));
      } catch {
        // Not kept: the next visit starts with the sound on.
      }
    },
  },
});
