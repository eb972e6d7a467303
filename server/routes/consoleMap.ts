import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dispatchMapSchema } from '../../contract/consoleMap.ts';
import type { Db } from '../adapters/db/index.ts';
import type { DispatchService } from '../domain/dispatch/service.ts';
import { dispatchMap } from '../domain/dispatch/dispatchMap.ts';
import { createDriverJobs } from '../domain/drivers/jobs.ts';
import { createDriverShifts } from '../domain/drivers/shifts.ts';
import type { MapsPort } from '../domain/geo/mapsPort.ts';
import type { SiteCache } from '../domain/sites/index.ts';
import { answers } from './schemas.ts';

/**
 * The dispatcher's map (contract/consoleMap.ts), inside the console API's authorisation: owners and dispatchers of the
 * member's own site.
 */
export function consoleMapRoutes(deps: { db: Db; cache: SiteCache; maps: MapsPort | undefined; dispatch: DispatchService; now: () => Date }) {
  const { db, cache, now } = deps;
  const jobs = createDriverJobs({ db, cache, dispatch: deps.dispatch, now });
  const shifts = createDriverShifts({ db, now });
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get('/dispatch-map', { schema: { response: answers(dispatchMapSchema) } }, async (request) =>
      dispatchMap({ db, cache, maps: deps.maps, shifts, jobsOf: (siteId, driverId) => jobs.list(siteId, driverId) }, request.site, now()),
    );
  };
}
