import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { manageAccessSchema } from '../../contract/manageAccess.ts';
import { FIRST_STATEMENT_YEAR, RECEIPT_API, RECEIPT_MESSAGES, STATEMENT_FORMATS, STATEMENT_MONTH_PATTERN } from '../../contract/receipts.ts';
import { authenticatePassenger } from '../domain/accounts/index.ts';
import { createManageService, type ManageServiceDeps } from '../domain/manage/service.ts';
import { receiptPdf, statementFile, type ReceiptFile } from '../domain/receipts/index.ts';
import { manageGrantOf } from './manage.ts';

/** What the receipt routes need: the manage service's deps (a receipt is asked for with a manage link or a session). */
export type ReceiptRouteDeps = Omit<ManageServiceDeps, 'maps'>;

const statementQuerySchema = z.object({
  month: z
    .string(RECEIPT_MESSAGES.monthInvalid)
    .regex(STATEMENT_MONTH_PATTERN, RECEIPT_MESSAGES.monthInvalid)
    .refine((month) => Number(month.slice(0, 4)) >= FIRST_STATEMENT_YEAR && Number(month.slice(0, 4)) <= 2100, RECEIPT_MESSAGES.monthInvalid),
  format: z.enum(STATEMENT_FORMATS, RECEIPT_MESSAGES.formatInvalid).default('pdf'),
});

const sendFile = (reply: FastifyReply, file: ReceiptFile) =>
  reply.type(file.contentType).header('content-disposition', `attachment; filename="${file.filename}"`).send(file.content);

/**
 * Receipts and statements (contract/receipts.ts), under /api/v1 with the key pair. A receipt is let in exactly as the
 * manage calls let a booking in (a link's token, or a corporate passenger's own booking by number), through the
 * manage service's grants; a statement is the bearer token's own passenger's.
 */
export function receiptRoutes(deps: ReceiptRouteDeps) {
  const manage = createManageService(deps);

  // The answers are files (a PDF, a CSV), so only the requests have schemas.
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(RECEIPT_API.receipt, { schema: { body: manageAccessSchema } }, async (request, reply) => {
      const { bookingId } = await manageGrantOf(manage, deps.db, request, request.body);
      return sendFile(reply, await receiptPdf(deps.db, request.site.id, bookingId));
    });

    // The session is checked before the query's problems are told: the schema's refusal waits (attachValidation).
    app.get(RECEIPT_API.statement, { attachValidation: true, schema: { querystring: statementQuerySchema } }, async (request, reply) => {
      const auth = await authenticatePassenger(request, deps.db);
      if (request.validationError) throw request.validationError;
      const query = request.query;
      const file = await statementFile(deps.db, request.site.id, { id: auth.passenger.id, name: auth.passenger.name }, query.month, query.format);
      return sendFile(reply, file);
    });
  };
}
