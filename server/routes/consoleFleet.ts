import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  driverCreateSchema,
  driverListResponseSchema,
  driverPatchSchema,
  driverResponseSchema,
  fleetIdParamsSchema,
  FLEET_MESSAGES,
  vehicleCreateSchema,
  vehicleListResponseSchema,
  vehiclePatchSchema,
  vehicleResponseSchema,
} from '../../contract/fleet.ts';
import type { Db, Queryable } from '../adapters/db/index.ts';
import { recordAudit } from '../domain/audit/audit.ts';
import { isUniqueViolation } from '../domain/bookings/paymentsRepository.ts';
import { createDriversRepository } from '../domain/drivers/repository.ts';
import { createFleetRepository } from '../domain/fleet/repository.ts';
import { londonParts } from '../domain/pricing/londonTime.ts';
import { HttpError } from '../http.ts';
import { answers, createdAnswers } from './schemas.ts';

/** A duplicate licence or registration is the caller's 409, not a 500. */
async function unique<T>(work: Promise<T>, message: string): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, message);
    throw error;
  }
}

/**
 * The site's drivers and vehicles registers (contract/fleet.ts), inside the console API's authorisation: owners and
 * dispatchers alike (dispatchers run the day); each create and edit is audited with before and after.
 */
export function consoleFleetRoutes(deps: { db: Db; now: () => Date }) {
  const { db } = deps;
  const today = () => londonParts(deps.now()).date;
  const audit = (tx: Queryable, request: FastifyRequest, action: string, entityId: number, before: unknown, after: unknown) =>
    recordAudit(tx, request.actor, { siteId: request.site.id, action, entityType: action.split('.')[0], entityId, before, after });

  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get('/drivers', { schema: { response: answers(driverListResponseSchema) } }, async (request) => ({ success: true as const, drivers: await createFleetRepository(db).drivers(request.site.id, today()) }));

    app.post('/drivers', { schema: { body: driverCreateSchema, response: createdAnswers(driverResponseSchema) } }, async (request, reply) => {
      const input = request.body;
      const driver = await unique(
        db.transaction(async (tx) => {
          const created = await createFleetRepository(tx).insertDriver(request.site.id, input, today());
          await audit(tx, request, 'driver.create', created.id, null, input);
          return created;
        }),
        FLEET_MESSAGES.driverLicenceTaken,
      );
      return reply.code(201).send({ success: true as const, driver });
    });

    app.patch('/drivers/:id', { schema: { params: fleetIdParamsSchema, body: driverPatchSchema, response: answers(driverResponseSchema) } }, async (request) => {
      const { id } = request.params;
      const patch = request.body;
      const driver = await unique(
        db.transaction(async (tx) => {
          const registers = createFleetRepository(tx);
          const before = await registers.driver(request.site.id, id, today(), true);
          if (!before) throw new HttpError(404, FLEET_MESSAGES.driverNotFound);
          const changed = changes(before, patch);
          if (!changed) return before;
          const after = await registers.updateDriver(request.site.id, id, changed, today());
          await audit(tx, request, 'driver.update', id, pick(before, changed), changed);
          // Deactivated: off duty at once, signed out of the app, and no offer left waiting on them.
          if (changed.active === false) await createDriversRepository(tx).stopWorking(request.site.id, id, deps.now());
          return after;
        }),
        FLEET_MESSAGES.driverLicenceTaken,
      );
      return { success: true as const, driver };
    });

    app.get('/vehicles', { schema: { response: answers(vehicleListResponseSchema) } }, async (request) => ({ success: true as const, vehicles: await createFleetRepository(db).vehicles(request.site.id, today()) }));

    app.post('/vehicles', { schema: { body: vehicleCreateSchema, response: createdAnswers(vehicleResponseSchema) } }, async (request, reply) => {
      const input = request.body;
      const vehicle = await unique(
        db.transaction(async (tx) => {
          const registers = createFleetRepository(tx);
          if (!(await registers.categoryExists(request.site.id, input.category_id))) throw new HttpError(422, FLEET_MESSAGES.categoryUnknown);
          const created = await registers.insertVehicle(request.site.id, input, today());
          await audit(tx, request, 'vehicle.create', created.id, null, input);
          return created;
        }),
        FLEET_MESSAGES.registrationTaken,
      );
      return reply.code(201).send({ success: true as const, vehicle });
    });

    app.patch('/vehicles/:id', { schema: { params: fleetIdParamsSchema, body: vehiclePatchSchema, response: answers(vehicleResponseSchema) } }, async (request) => {
      const { id } = request.params;
      const patch = request.body;
      const vehicle = await unique(
        db.transaction(async (tx) => {
          const registers = createFleetRepository(tx);
          const before = await registers.vehicle(request.site.id, id, today(), true);
          if (!before) throw new HttpError(404, FLEET_MESSAGES.vehicleNotFound);
          if (patch.category_id !== undefined && !(await registers.categoryExists(request.site.id, patch.category_id))) throw new HttpError(422, FLEET_MESSAGES.categoryUnknown);
          const changed = changes(before, patch);
          if (!changed) return before;
          const after = await registers.updateVehicle(request.site.id, id, changed, today());
          await audit(tx, request, 'vehicle.update', id, pick(before, changed), changed);
          return after;
        }),
        FLEET_MESSAGES.registrationTaken,
      );
      return { success: true as const, vehicle };
    });
  };
}

/**
 * The fields of `patch` that differ from `record`, or null when none does: an edit that changes nothing (a form saved
 * twice, a retried request) writes neither the row nor the audit log.
 */
function changes<T extends object>(record: object, patch: T): Partial<T> | null {
  const changed = Object.fromEntries(Object.entries(patch).filter(([key, value]) => value !== undefined && (record as Record<string, unknown>)[key] !== value));
  return Object.keys(changed).length ? (changed as Partial<T>) : null;
}

/** The fields of `record` that `patch` changes: the audit's before. */
function pick(record: object, patch: object): Record<string, unknown> {
  return Object.fromEntries(Object.keys(patch).map((key) => [key, (record as Record<string, unknown>)[key]]));
}
