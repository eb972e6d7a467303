/** Composition root of the console's text message log: machines/consoleInbox's texts effect made real (src/api/consoleInbox.ts). */
import { fromPromise } from 'xstate';
import { textsMachine } from '../../../machines/consoleInbox/index.ts';
import { listTexts } from '../../api/consoleInbox.ts';

export const textsLogic = textsMachine.provide({
  actors: {
    loadTexts: fromPromise(({ input, signal }) => listTexts(input, { signal })),
  },
});
