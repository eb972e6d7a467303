/** Hands a file to the browser as a download (a Blob behind a temporary link). */
export function saveBlob({ filename, blob }: { filename: string; blob: Blob }): void {
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

/** Hands a text to the browser as a file download. */
export function saveTextFile(filename: string, text: string, type: string): void {
  saveBlob({ filename, blob: new Blob([text], { type }) });
}
