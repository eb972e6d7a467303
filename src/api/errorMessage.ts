/**
 * The text to show for a failed call: the response's `message` (or `error`) when there is one, else the error's message.
 * Apart from the calls (and their schemas), so the booking machine can read failures without loading them.
 */
export function apiErrorMessage(error: unknown): string {
  if (error && typeof error === 'object') {
    const data = (error as { data?: unknown }).data;
    if (data && typeof data === 'object') {
      const body = data as { message?: unknown; error?: unknown };
      if (typeof body.message === 'string' && body.message.trim() !== '') return body.message;
      if (typeof body.error === 'string' && body.error.trim() !== '') return body.error;
    }
    if (error instanceof Error && error.message) return error.message;
  }
  return String(error);
}
