/**
 * What a console page shows and branches on when a call fails: the server's message (the admin client throws errors
 * carrying the JSON `message` and the HTTP `status`), or the page's own fallback when there is none.
 */
export const statusOf = (error: unknown) => (error as { status?: unknown } | null)?.status;

export const messageOf = (error: unknown, fallback: string) => {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message !== '' ? message : fallback;
};
