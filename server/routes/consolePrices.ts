import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  fixedFareInputSchema,
  fixedFareResponseSchema,
  previewAnswerSchema,
  previewInputSchema,
  priceIdParamsSchema,
  pricesListSchema,
  PRICES_MESSAGES,
  SAMPLE_TRIPS,
  surchargeInputSchema,
  surchargeResponseSchema,
  tariffInputSchema,
  tariffKeySchema,
  tariffResponseSchema,
  tariffUpdateSchema,
  zoneInputSchema,
  zoneResponseSchema,
  type PreviewAnswer,
} from '../../contract/consolePrices.ts';
import type { Db } from '../adapters/db/index.ts';
import { recordAudit } from '../domain/audit/audit.ts';
import { createOfflineMaps } from '../domain/geo/mapsPort.ts';
import { londonParts } from '../domain/pricing/londonTime.ts';
import { createPricesRepository, type PricesRepository } from '../domain/pricing/pricesRepository.ts';
import { QuoteRefused, createQuoting, zonePricingCatalog, type Quoting } from '../domain/quotes/quoting.ts';
import type { SiteCache } from '../domain/sites/index.ts';
import { HttpError } from '../http.ts';
import { draftPricing, previewForm, previewRows } from '../domain/pricing/preview.ts';
import { answers, createdAnswers, doneSchema } from './schemas.ts';

const sqlState = (error: unknown) => (error as { code?: string } | null)?.code;

/**
 * The owner's calls for tariffs, surcharges, fare zones and fixed fares, and the live price preview (contract/consolePrices.ts),
 * registered inside the console API's owner-only scope (signed in, CSRF-checked, the member's own site, owners only).
 * Every change is one transaction with its audit row; then the site cache is invalidated here and, through the tables'
 * NOTIFY trigger, in every other process, so the public site prices with it on the next request.
 */
export function consolePricesRoutes(deps: { db: Db; cache: SiteCache; now: () => Date; quoting?: Quoting }) {
  const { db, cache, now } = deps;
  // The site's own quoting engine when the console API is handed it; else one over the offline maps (same engine).
  const quoting = deps.quoting ?? createQuoting({ db, maps: createOfflineMaps(), now });

  /** Runs a change with its audit row in one transaction; a duplicate key is a 409, a foreign key of another site a 400. */
  async function change<T>(request: FastifyRequest, audit: { action: string; entityType: string; duplicate: string }, work: (prices: PricesRepository) => Promise<{ entityId: string | number; before: unknown; after: T | null } | null>): Promise<T> {
    const siteId = request.site.id;
    let result: T;
    try {
      result = await db.transaction(async (tx) => {
        const done = await work(createPricesRepository(tx));
        if (!done) throw new HttpError(404, PRICES_MESSAGES.notFound);
        if (done.after === null && done.before === null) throw new HttpError(409, audit.duplicate);
        await recordAudit(tx, request.actor, { siteId, action: audit.action, entityType: audit.entityType, entityId: done.entityId, before: done.before, after: done.after });
        // after is null only for a create the database refused as a duplicate: the 409 above.
        return done.after as T;
      });
    } catch (error) {
      if (sqlState(error) === '23505') throw new HttpError(409, audit.duplicate);
      if (sqlState(error) === '23503') throw new HttpError(400, PRICES_MESSAGES.unknownReference);
      throw error;
    }
    await cache.invalidate(siteId);
    return result;
  }

  const created = <T>(row: T | null, entityId: (row: T) => string | number) => (row === null ? { entityId: 0, before: null, after: null } : { entityId: entityId(row), before: null, after: row });

  return async (owners: FastifyInstance) => {
    const typed = owners.withTypeProvider<ZodTypeProvider>();
    typed.get('/prices', { schema: { response: answers(pricesListSchema) } }, async (request) => {
      const prices = createPricesRepository(db);
      const siteId = request.site.id;
      const [names, tariffs, surcharges, zones, fixedFares] = await Promise.all([prices.names(siteId), prices.tariffs(siteId), prices.surcharges(siteId), prices.zones(siteId), prices.fixedFares(siteId)]);
      return { success: true as const, ...names, tariffs, surcharges, zones, fixed_fares: fixedFares, sample_trips: SAMPLE_TRIPS, today: londonParts(now()).date };
    });

    // ─── Tariffs: keyed by company, vehicle and valid_from ───
    const tariffAudit = (action: string) => ({ action: `tariff.${action}`, entityType: 'tariff', duplicate: PRICES_MESSAGES.tariffExists });
    const tariffId = (row: { company_id: number; vehicle_id: number; valid_from: string }) => `${row.company_id}/${row.vehicle_id}/${row.valid_from}`;

    typed.post('/prices/tariffs', { schema: { body: tariffInputSchema, response: createdAnswers(tariffResponseSchema) } }, async (request, reply) => {
      const input = request.body;
      const tariff = await change(request, tariffAudit('create'), async (prices) => created(await prices.insertTariff(request.site.id, input), tariffId));
      return reply.code(201).send({ success: true as const, tariff });
    });
    typed.put('/prices/tariffs/:company_id/:vehicle_id/:valid_from', { schema: { params: tariffKeySchema, body: tariffUpdateSchema, response: answers(tariffResponseSchema) } }, async (request) => {
      const key = request.params;
      const figures = request.body;
      const tariff = await change(request, tariffAudit('update'), async (prices) => {
        const before = await prices.tariff(request.site.id, key, true);
        const after = before && (await prices.updateTariff(request.site.id, { ...key, ...figures }));
        return after ? { entityId: tariffId(key), before, after } : null;
      });
      return { success: true as const, tariff };
    });
    typed.delete('/prices/tariffs/:company_id/:vehicle_id/:valid_from', { schema: { params: tariffKeySchema, response: answers(doneSchema) } }, async (request) => {
      const key = request.params;
      await change(request, tariffAudit('delete'), async (prices) => {
        const before = await prices.tariff(request.site.id, key, true);
        return before && (await prices.deleteTariff(request.site.id, key)) ? { entityId: tariffId(key), before, after: { deleted: true } } : null;
      });
      return { success: true as const };
    });

    // ─── Surcharges, zones and fixed fares: keyed by id ───
    const byId = <I, R extends { id: number }>(
      path: string,
      entity: string,
      duplicate: string,
      schemas: { input: z.ZodType; answer: z.ZodType },
      repo: (prices: PricesRepository) => {
        get: (siteId: number, id: number, lock: boolean) => Promise<R | null>;
        insert: (siteId: number, input: I) => Promise<R | null>;
        update: (siteId: number, id: number, input: I) => Promise<R | null>;
        remove: (siteId: number, id: number) => Promise<boolean>;
      },
    ) => {
      const audit = (action: string) => ({ action: `${entity}.${action}`, entityType: entity, duplicate });
      // The entity's name keys its row in the answer, so these handlers are typed by hand (the schemas still check).
      owners.post(path, { schema: { body: schemas.input, response: createdAnswers(schemas.answer) } }, async (request, reply) => {
        const input = request.body as I;
        const row = await change(request, audit('create'), async (prices) => created(await repo(prices).insert(request.site.id, input), (saved) => saved.id));
        return reply.code(201).send({ success: true, [entity]: row });
      });
      owners.put(`${path}/:id`, { schema: { params: priceIdParamsSchema, body: schemas.input, response: answers(schemas.answer) } }, async (request) => {
        const { id } = request.params as z.output<typeof priceIdParamsSchema>;
        const input = request.body as I;
        const row = await change(request, audit('update'), async (prices) => {
          const before = await repo(prices).get(request.site.id, id, true);
          const after = before && (await repo(prices).update(request.site.id, id, input));
          return after ? { entityId: id, before, after } : null;
        });
        return { success: true, [entity]: row };
      });
      owners.delete(`${path}/:id`, { schema: { params: priceIdParamsSchema, response: answers(doneSchema) } }, async (request) => {
        const { id } = request.params as z.output<typeof priceIdParamsSchema>;
        await change(request, audit('delete'), async (prices) => {
          const before = await repo(prices).get(request.site.id, id, true);
          return before && (await repo(prices).remove(request.site.id, id)) ? { entityId: id, before, after: { deleted: true } } : null;
        });
        return { success: true };
      });
    };

    byId('/prices/surcharges', 'surcharge', PRICES_MESSAGES.surchargeExists, { input: surchargeInputSchema, answer: surchargeResponseSchema }, (prices) => ({
      get: prices.surcharge,
      insert: prices.insertSurcharge,
      update: prices.updateSurcharge,
      remove: prices.deleteSurcharge,
    }));
    byId('/prices/zones', 'zone', PRICES_MESSAGES.zoneExists, { input: zoneInputSchema, answer: zoneResponseSchema }, (prices) => ({ get: prices.zone, insert: prices.insertZone, update: prices.updateZone, remove: prices.deleteZone }));
    byId('/prices/fixed-fares', 'fixed_fare', PRICES_MESSAGES.fixedFareExists, { input: fixedFareInputSchema, answer: fixedFareResponseSchema }, (prices) => ({
      get: prices.fixedFare,
      insert: prices.insertFixedFare,
      update: prices.updateFixedFare,
      remove: prices.deleteFixedFare,
    }));

    // ─── The live preview: saved rows with the draft in them, priced by the site's engine; nothing is saved ───
    // A draft the owner is still typing (an empty amount, half a polygon) and a trip the maps cannot place are the
    // preview's usual answers while typing, not faults: 200 with success false and the reason, shown beside the preview.
    // A draft's problem is this 200 answer, not a 400: the schema's refusal is attached to the request (attachValidation)
    // and only a problem outside the draft is thrown.
    typed.post('/prices/preview', { attachValidation: true, schema: { body: previewInputSchema, response: answers(previewAnswerSchema) } }, async (request): Promise<PreviewAnswer> => {
      if (request.validationError) {
        const issue = previewInputSchema.safeParse(request.body ?? {}).error?.issues[0];
        if (issue?.path[0] === 'draft') return { success: false, message: `${issue.path.slice(1).join('.')}: ${issue.message}` };
        throw request.validationError;
      }
      const input = request.body;
      const site = request.site;
      const catalog = await cache.catalog(site.id);
      const saved = await zonePricingCatalog(db, site.id, catalog);
      const pricing = draftPricing(saved, input.draft, input.draft.surcharge ? await createPricesRepository(db).surcharges(site.id) : null);
      try {
        const { trip, rows } = await quoting.priceDraft(site, catalog, previewForm(input), pricing);
        const [pickup, dropoff] = [trip.outbound.points[0], trip.outbound.points[trip.outbound.points.length - 1]];
        return { success: true, pickup: pickup.label, dropoff: dropoff.label, miles: trip.outbound.miles, estimated: trip.outbound.estimated, rows: previewRows(rows) };
      } catch (error) {
        if (error instanceof QuoteRefused) return { success: false, message: error.message };
        throw error;
      }
    });
  };
}
