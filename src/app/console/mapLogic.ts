/** Composition root of the dispatcher's map: machines/consoleMap's effects made real (the src/api call, the shared live feed). */
import { fromCallback, fromPromise } from 'xstate';
import { dispatchMapMachine } from '../../../machines/consoleMap/index.ts';
import { loadDispatchMap } from '../../api/consoleMap.ts';
import { openLiveFeed } from './liveFeed.ts';

export const mapLogic = dispatchMapMachine.provide({
  actors: {
    loadMap: fromPromise(({ signal }) => loadDispatchMap({ signal })),
    bookingEvents: fromCallback(({ sendBack, receive }) => {
      const feed = openLiveFeed(sendBack);
      receive((event) => {
        if (event.type === 'retry') feed.retry();
      });
      return () => feed.close();
    }),
  },
});
