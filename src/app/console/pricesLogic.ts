/** The Prices page's machine given the price calls. */
import { fromPromise } from 'xstate';
import { pricesMachine } from '../../../machines/consolePrices/index.ts';
import { loadPrices, previewPrices, savePriceChange } from '../../api/consolePrices.ts';

export const pricesLogic = pricesMachine.provide({
  actors: {
    load: fromPromise(({ signal }) => loadPrices({ signal })),
    save: fromPromise(({ input }) => savePriceChange(input)),
    preview: fromPromise(({ input, signal }) => previewPrices(input, { signal })),
  },
});
