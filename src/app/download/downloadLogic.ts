/**
 * Composition root of the file downloads (machines/corporate/download.machine.ts): the fetch through src/api and the
 * hand-over to the browser as a file. Shared by the manage page's receipt button and the corporate area.
 */
import { fromPromise } from 'xstate';
import { downloadMachine } from '../../../machines/corporate/download.machine.ts';
import { fetchDownload } from '../../api/receipts.ts';
import { saveBlob } from '../../views/confirmation/saveFile.ts';

export const downloadLogic = downloadMachine.provide({
  actors: { fetchFile: fromPromise(({ input, signal }) => fetchDownload(input, { signal })) },
  actions: { saveFile: (_, file) => saveBlob(file) },
});
