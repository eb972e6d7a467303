export interface ThrowawayPostgres {
  url: string;
  port: number;
  dir: string;
  stop(): void;
}
export function findPostgresBin(): string | null;
export function freePort(): Promise<number>;
export function startThrowawayPostgres(options?: { fsync?: boolean }): Promise<ThrowawayPostgres>;
