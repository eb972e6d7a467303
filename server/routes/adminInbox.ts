import type { FastifyInstance } from 'fastify';
import type { Db } from '../adapters/db/index.ts';
import type { MailPort } from '../adapters/mail/index.ts';
import type { SiteCache } from '../domain/sites/index.ts';

export interface AdminInboxDeps {
  db: Db;
  cache: SiteCache;
  mail: MailPort;
  /** The deployment's address, for mailed links of a site without hosts. */
  publicUrl: string;
  log?: { info(details: object, message: string): void; warn(details: object, message: string): void };
}

/** The enquiries inbox and the mail outbox of the console (registered by admin.ts inside its authorised scope). */
export function adminInboxRoutes(deps: AdminInboxDeps) {
  void deps;
  return async function inboxRoutes(app: FastifyInstance) {
    void app;
  };
}
