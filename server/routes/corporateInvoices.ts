import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { corporateInvoiceListResponseSchema, invoiceFileQuerySchema, invoiceIdParamsSchema } from '../../contract/invoices.ts';
import type { Db } from '../adapters/db/index.ts';
import { authenticatePassenger } from '../domain/accounts/index.ts';
import type { InvoicesService } from '../domain/invoices/service.ts';
import { sendInvoiceFile } from './consoleInvoices.ts';
import { answers } from './schemas.ts';

/** The corporate area's invoices (contract/invoices.ts): an account admin's own account's, by their bearer token. */
export function corporateInvoiceRoutes(deps: { db: Db; invoices: InvoicesService }) {
  const { db, invoices } = deps;
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get('/corporate/invoices', { schema: { response: answers(corporateInvoiceListResponseSchema) } }, async (request) => {
      const { passenger } = await authenticatePassenger(request, db);
      return { success: true as const, ...(await invoices.mine(request.site.id, passenger.id)) };
    });

    // A credit note's PDF: an admin's own account's only.
    app.get('/corporate/credit-notes/:id/file', { schema: { params: invoiceIdParamsSchema } }, async (request, reply) => {
      const { passenger } = await authenticatePassenger(request, db);
      return sendInvoiceFile(reply, await invoices.myCreditNote(request.site, passenger.id, request.params.id));
    });

    // A file: no response schema (tests/api/responseSchemas.test.ts lists it).
    app.get('/corporate/invoices/:id/file', { schema: { params: invoiceIdParamsSchema, querystring: invoiceFileQuerySchema } }, async (request, reply) => {
      const { passenger } = await authenticatePassenger(request, db);
      return sendInvoiceFile(reply, await invoices.myFile(request.site, passenger.id, request.params.id, request.query.format));
    });
  };
}
