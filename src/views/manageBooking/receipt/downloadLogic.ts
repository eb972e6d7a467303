/**
 * Composition root of the file downloads (machines/corporate/download.machine.ts): the fetch through src/api and the
 * hand-over to the browser as a file. Shared by the manage page's receipt button and the corporate area.
 */
import { fromPromise } from 'xstate';
import { downloadMachine, type DownloadedFile } from '../../../../machines/corporate/download.machine.ts';
import { fetchDownload } from '../../../api/receipts.ts';

/** Hands a fetched file to the browser as a download (a Blob behind a temporary link). */
export function saveBlob({ filename, blob }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: some browsers read the URL asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const downloadLogic = downloadMachine.provide({
  actors: { fetchFile: fromPromise(({ input, signal }) => fetchDownload(input, { signal })) },
  actions: { saveFile: (_, file) => saveBlob(file) },
});
