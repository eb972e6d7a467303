import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reportQuerySchema, reportResponseSchema } from '../../contract/reports.ts';
import { settingsFromRows } from '../../contract/settings.ts';
import type { Db } from '../adapters/db/index.ts';
import { createReportsService } from '../domain/reports/service.ts';
import type { SiteCache } from '../domain/sites/index.ts';
import { answers } from './schemas.ts';

/**
 * The owner's reports (contract/reports.ts), registered inside the console API's owner-only scope (signed in, the
 * member's own site, owners only): GET /reports?from&to, a range of London days and the period before it.
 */
export function consoleReportsRoutes(deps: { db: Db; cache: SiteCache }) {
  const reports = createReportsService(deps.db);
  return async (fastify: FastifyInstance) => {
    const owners = fastify.withTypeProvider<ZodTypeProvider>();
    owners.get('/reports', { schema: { querystring: reportQuerySchema, response: answers(reportResponseSchema) } }, async (request) => {
      const settings = settingsFromRows((await deps.cache.catalog(request.site.id)).settings);
      return { success: true as const, report: await reports.report(request.site.id, settings, request.query) };
    });
  };
}
