import pg from 'pg';

interface Subscription {
  onPayload: (payload: string) => void;
  onResubscribed?: () => void;
}

/** The first retry comes this soon after a drop, then twice as late each time up to the cap (each ±25 %, so processes spread out). */
export const LISTEN_RETRY_FIRST_MS = 100;
export const LISTEN_RETRY_MAX_MS = 5_000;

/**
 * The process's LISTEN connection: a client of its own beside the pool. When it drops (a restart, a killed backend,
 * a network cut) it is opened again with backoff, every channel is LISTENed again and each subscriber told
 * (`onResubscribed`), since notifications sent while it was down are lost. A drop never reaches the process as an
 * unhandled 'error' event.
 */
export function createPostgresListener(databaseUrl: string) {
  const subscriptions = new Map<string, Subscription>();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let retry: NodeJS.Timeout | null = null;
  let closed = false;
  const gone = new WeakSet<pg.Client>();

  const open = async (): Promise<pg.Client> => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('error', () => dropped(next));
    next.on('end', () => dropped(next));
    next.on('notification', (message) => subscriptions.get(message.channel)?.onPayload(message.payload ?? ''));
    try {
      await next.connect();
      for (const channel of subscriptions.keys()) await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return next;
    } catch (error) {
      next.end().catch(() => undefined);
      throw error;
    }
  };

  const connect = (): Promise<void> =>
    (connecting ??= open().then(
      (next) => {
        connecting = null;
        if (gone.has(next)) throw new Error('The LISTEN connection dropped as it opened');
        if (closed) next.end().catch(() => undefined);
        else client = next;
      },
      (error: unknown) => {
        connecting = null;
        throw error;
      },
    ));

  const reconnect = (attempt: number) => {
    if (closed) return;
    const delay = Math.min(LISTEN_RETRY_FIRST_MS * 2 ** attempt, LISTEN_RETRY_MAX_MS) * (0.75 + Math.random() / 2);
    retry = setTimeout(() => {
      retry = null;
      connect().then(
        () => {
          for (const subscription of subscriptions.values()) subscription.onResubscribed?.();
        },
        () => reconnect(attempt + 1),
      );
    }, delay);
    retry.unref();
  };

  function dropped(which: pg.Client) {
    gone.add(which);
    if (client !== which) return;
    client = null;
    which.end().catch(() => undefined);
    reconnect(0);
  }

  return {
    async listen(channel: string, onPayload: (payload: string) => void, onResubscribed?: () => void): Promise<void> {
      subscriptions.set(channel, { onPayload, onResubscribed });
      // While a reconnection waits for its turn, it LISTENs on every channel subscribed by then.
      if (!client && !retry) await connect();
      await client?.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    },
    async close(): Promise<void> {
      closed = true;
      if (retry) clearTimeout(retry);
      const last = client;
      client = null;
      await last?.end().catch(() => undefined);
    },
  };
}
