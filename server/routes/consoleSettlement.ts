import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PDF_CONTENT_TYPE } from '../../contract/receipts.ts';
import {
  adjustmentCreateSchema,
  settledResponseSchema,
  settlementListResponseSchema,
  settlementQuerySchema,
  settlementWeekParamsSchema,
  weekDetailResponseSchema,
  type WeekDetail,
} from '../../contract/settlement.ts';
import { SETTLEMENT_MESSAGES, statementFilename } from '../../contract/settlementRules.ts';
import type { Db } from '../adapters/db/index.ts';
import type { Issuer } from '../domain/receipts/receipt.ts';
import { createSettlementService } from '../domain/settlement/service.ts';
import { weekStatementPdf } from '../domain/settlement/statement.ts';
import { answers, createdAnswers } from './schemas.ts';

/** A week's statement as a PDF download (the owner's and the driver's routes send the same file). */
export async function sendWeekStatement(reply: FastifyReply, detail: WeekDetail, issuer: Issuer) {
  const content = await weekStatementPdf(detail, issuer);
  return reply.type(PDF_CONTENT_TYPE).header('content-disposition', `attachment; filename="${statementFilename(detail.week_start)}"`).header('cache-control', 'no-store').send(content);
}

/**
 * The owner's driver settlement (contract/settlement.ts), inside the console API's owner-only scope (signed in,
 * CSRF-checked, the member's own site, owners only).
 */
export function consoleSettlementRoutes(deps: { db: Db; now: () => Date }) {
  const settlement = createSettlementService(deps.db);
  return async (fastify: FastifyInstance) => {
    const owners = fastify.withTypeProvider<ZodTypeProvider>();
    owners.get('/settlement', { schema: { querystring: settlementQuerySchema, response: answers(settlementListResponseSchema) } }, async (request) => ({
      success: true as const,
      ...(await settlement.list(request.site.id, request.query.week, deps.now())),
    }));

    owners.get('/settlement/:driver_id/:week', { schema: { params: settlementWeekParamsSchema, response: answers(weekDetailResponseSchema) } }, async (request) => ({
      success: true as const,
      detail: await settlement.detail(request.site.id, request.params.driver_id, request.params.week, deps.now()),
    }));

    owners.post(
      '/settlement/:driver_id/:week/adjustments',
      { schema: { params: settlementWeekParamsSchema, body: adjustmentCreateSchema, response: createdAnswers(weekDetailResponseSchema) } },
      async (request, reply) => {
        const detail = await settlement.addAdjustment(request.actor, request.site.id, request.params.driver_id, request.params.week, request.body, deps.now());
        return reply.code(201).send({ success: true as const, detail });
      },
    );

    owners.post('/settlement/:driver_id/:week/settle', { schema: { params: settlementWeekParamsSchema, response: answers(settledResponseSchema) } }, async (request) => {
      const detail = await settlement.settle(request.actor, request.site.id, request.params.driver_id, request.params.week, deps.now());
      return { success: true as const, message: SETTLEMENT_MESSAGES.settled(detail.driver_name), detail };
    });

    // A file: no response schema (tests/api/responseSchemas.test.ts lists it).
    owners.get('/settlement/:driver_id/:week/statement', { schema: { params: settlementWeekParamsSchema } }, async (request, reply) => {
      const detail = await settlement.detail(request.site.id, request.params.driver_id, request.params.week, deps.now());
      return sendWeekStatement(reply, detail, await settlement.issuer(request.site.id));
    });
  };
}
