/** Composition root of the "Needs action" queue: machines/consoleQueue's effects made real (src/api calls, the shared live feed). */
import { fromCallback, fromPromise } from 'xstate';
import { queueMachine } from '../../../machines/consoleQueue/index.ts';
import { loadNeedsAction, markChangeRequestsHandled } from '../../api/consoleQueue.ts';
import { openLiveFeed } from './liveFeed.ts';

export const queueLogic = queueMachine.provide({
  actors: {
    loadQueue: fromPromise(({ signal }) => loadNeedsAction({ signal })),
    markHandled: fromPromise(({ input, signal }) => markChangeRequestsHandled(input.bookingNumber, input.requestId, { signal })),
    bookingEvents: fromCallback(({ sendBack, receive }) => {
      const feed = openLiveFeed(sendBack);
      receive((event) => {
        if (event.type === 'retry') feed.retry();
      });
      return () => feed.close();
    }),
  },
});
