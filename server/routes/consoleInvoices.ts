import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  INVOICE_MESSAGES,
  invoiceFileQuerySchema,
  invoiceIdParamsSchema,
  invoiceListQuerySchema,
  invoiceListResponseSchema,
  invoiceRunResponseSchema,
  paymentInputSchema,
  paymentResponseSchema,
} from '../../contract/invoices.ts';
import type { InvoiceFile } from '../domain/invoices/document.ts';
import type { InvoicesService } from '../domain/invoices/service.ts';
import { answers, createdAnswers } from './schemas.ts';

/** An invoice as a download (the console's and the corporate area's routes send the same file). */
export function sendInvoiceFile(reply: FastifyReply, file: InvoiceFile) {
  return reply.type(file.contentType).header('content-disposition', `attachment; filename="${file.filename}"`).header('cache-control', 'no-store').send(file.content);
}

/** The owner's company invoices (contract/invoices.ts), inside the console API's owner-only scope. */
export function consoleInvoiceRoutes(deps: { invoices: InvoicesService; now: () => Date }) {
  const { invoices, now } = deps;
  return async (fastify: FastifyInstance) => {
    const owners = fastify.withTypeProvider<ZodTypeProvider>();
    owners.get('/invoices', { schema: { querystring: invoiceListQuerySchema, response: answers(invoiceListResponseSchema) } }, async (request) => ({
      success: true as const,
      ...(await invoices.list(request.site.id, request.query.account_id ?? null, now())),
    }));

    owners.post('/invoices/run', { schema: { response: answers(invoiceRunResponseSchema) } }, async (request) => {
      const issued = await invoices.runForSite(request.actor, request.site.id, now());
      return { success: true as const, message: INVOICE_MESSAGES.issued(issued.length), issued };
    });

    // A file: no response schema (tests/api/responseSchemas.test.ts lists it).
    owners.get('/credit-notes/:id/file', { schema: { params: invoiceIdParamsSchema } }, async (request, reply) => sendInvoiceFile(reply, await invoices.consoleCreditNote(request.site, request.params.id)));

    owners.get('/invoices/:id/file', { schema: { params: invoiceIdParamsSchema, querystring: invoiceFileQuerySchema } }, async (request, reply) => {
      return sendInvoiceFile(reply, await invoices.consoleFile(request.site, request.params.id, request.query.format));
    });

    owners.post('/invoices/:id/payments', { schema: { params: invoiceIdParamsSchema, body: paymentInputSchema, response: createdAnswers(paymentResponseSchema) } }, async (request, reply) => {
      const recorded = await invoices.recordPayment(request.actor, request.site.id, request.params.id, request.body, now());
      return reply.code(201).send({ success: true as const, ...recorded });
    });
  };
}
