import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  companyAccountIdParamsSchema,
  companyAccountInputSchema,
  companyAccountListResponseSchema,
  companyAccountPatchSchema,
  companyAccountResponseSchema,
  companyMembersResponseSchema,
  inviteMemberSchema,
  messageResponseSchema,
} from '../../contract/companyAccounts.ts';
import type { CompanyAccountsService } from '../domain/companyAccounts/service.ts';
import { answers, createdAnswers } from './schemas.ts';

/** The owner's company account calls (contract/companyAccounts.ts), inside the console API's owner-only scope. */
export function consoleCompanyAccountRoutes(companies: CompanyAccountsService) {
  return async (fastify: FastifyInstance) => {
    const owners = fastify.withTypeProvider<ZodTypeProvider>();
    owners.get('/company-accounts', { schema: { response: answers(companyAccountListResponseSchema) } }, async (request) => ({ success: true as const, accounts: await companies.list(request.site.id) }));

    owners.post('/company-accounts', { schema: { body: companyAccountInputSchema, response: createdAnswers(companyAccountResponseSchema) } }, async (request, reply) => {
      return reply.code(201).send({ success: true as const, account: await companies.create(request.actor, request.site.id, request.body) });
    });

    owners.patch('/company-accounts/:id', { schema: { params: companyAccountIdParamsSchema, body: companyAccountPatchSchema, response: answers(companyAccountResponseSchema) } }, async (request) => {
      return { success: true as const, account: await companies.update(request.actor, request.site.id, request.params.id, request.body) };
    });

    owners.get('/company-accounts/:id/members', { schema: { params: companyAccountIdParamsSchema, response: answers(companyMembersResponseSchema) } }, async (request) => {
      return { success: true as const, ...(await companies.members(request.site.id, request.params.id)) };
    });

    owners.post('/company-accounts/:id/invitations', { schema: { params: companyAccountIdParamsSchema, body: inviteMemberSchema, response: createdAnswers(messageResponseSchema) } }, async (request, reply) => {
      const message = await companies.inviteFromConsole(request.site, request.actor, request.params.id, request.body.email, request.body.role);
      return reply.code(201).send({ success: true as const, message });
    });
  };
}
