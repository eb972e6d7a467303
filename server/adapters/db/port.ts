/** The database port: the same SQL runs on PGlite (embedded) and on PostgreSQL 15+. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** Every statement this process sent to the database, counted by the adapter (tests and benchmarks read it). */
export interface DbStats {
  /** Statements sent so far: each query, exec, statement inside a transaction (with its BEGIN and COMMIT) and notify. */
  readonly statements: number;
  /** Calls `listener` with the SQL of every statement from now on; returns the function that stops it. */
  observe(listener: (sql: string) => void): () => void;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Subscribes to NOTIFY on a channel (caches across processes, the console's live events). Should the subscription's
   * connection drop (a restart, `pg_terminate_backend`), the adapter connects again with backoff, LISTENs again and
   * then calls `onResubscribed`: whatever was notified meanwhile is lost, so the subscriber reloads what it holds.
   */
  listen(channel: string, onPayload: (payload: string) => void, onResubscribed?: () => void): Promise<void>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
  /** Statement counts (optional so that other implementations of the port, such as test doubles, need not have it). */
  readonly stats?: DbStats;
}

export class DatabaseUnavailableError extends Error {}

/** The counter behind `Db.stats`: adapters call `count(sql)` once per statement they send. */
export function createDbStats(): DbStats & { count(sql: string): void } {
  let statements = 0;
  const listeners = new Set<(sql: string) => void>();
  return {
    get statements() {
      return statements;
    },
    count(sql: string) {
      statements += 1;
      for (const listener of listeners) listener(sql);
    },
    observe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The error of a failed statement without the values it carried, so no log or answer can repeat them: PGlite attaches
 * the statement's `params`; PostgreSQL puts row values in `detail` ('Failing row contains (…)', 'Key (email)=(…)'),
 * the data's context in `where` ('JSON data, line 1: …') and an input's text at the end of some messages
 * ('invalid input syntax for type integer: "…"'). The SQL text (placeholders only), the SQLSTATE `code`, the
 * constraint, table and column names are kept: they say what failed.
 */
export function withoutStatementValues(error: unknown): unknown {
  if (typeof error !== 'object' || error === null) return error;
  const fields = error as Record<string, unknown>;
  delete fields.params;
  if (typeof fields.detail === 'string') {
    fields.detail = fields.detail
      .replace(/^(Key \(.*?\))=\(.*\)( [a-z ]+\.?)$/s, '$1=(…)$2')
      .replace(/^Failing row contains .*$/s, 'Failing row contains (…).')
      .replace(/"(?:[^"\\]|\\.)*"/g, '"…"');
  }
  if (typeof fields.where === 'string') fields.where = fields.where.replace(/^(JSON data, line \d+: ).*$/s, '$1…');
  if (typeof fields.message === 'string' && error instanceof Error) {
    const message = fields.message.replace(/: "(?:[^"\\]|\\.|"")*"$/s, ': "…"');
    if (message !== error.message) {
      error.stack = error.stack?.replace(error.message, message);
      error.message = message;
    }
  }
  return error;
}

/** Awaits a statement, rethrowing its failure without the statement's values. */
export async function statement<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw withoutStatementValues(error);
  }
}
