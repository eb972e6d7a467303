import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCOUNT_MESSAGES, passengerLoginResponseSchema } from '../../contract/accounts.ts';
import {
  CHANGE_LINK_API,
  changeLinkRequestSchema,
  changeLinkResponseSchema,
  companyBookingsQuerySchema,
  companyBookingsResponseSchema,
  invitationAcceptSchema,
  invitationPreviewResponseSchema,
  invitationTokenSchema,
  inviteMemberSchema,
  memberParamsSchema,
  messageResponseSchema,
  myCompanyAccountResponseSchema,
} from '../../contract/companyAccounts.ts';
import type { Db } from '../adapters/db/index.ts';
import { authenticatePassenger } from '../domain/accounts/index.ts';
import { issueChangeLink } from '../domain/companyAccounts/changeLink.ts';
import type { CompanyAccountsService } from '../domain/companyAccounts/service.ts';
import type { RateLimiter } from '../plugins/rateLimit.ts';
import { CREDENTIAL_RATE_LIMITS } from './passengers.ts';
import { answers, createdAnswers } from './schemas.ts';

/**
 * The corporate area's company account calls (contract/companyAccounts.ts, issue 34): the signed-in member's account,
 * an admin's members, the account's bookings with filters, and the invitation (its secret is the proof).
 */
export function companyAccountRoutes(deps: { db: Db; limiter: RateLimiter; companies: CompanyAccountsService }) {
  const { db, companies, limiter } = deps;
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get('/corporate/account', { schema: { response: answers(myCompanyAccountResponseSchema) } }, async (request) => {
      const { passenger } = await authenticatePassenger(request, db);
      return { success: true as const, account: await companies.mine(request.site.id, passenger.id) };
    });

    app.post('/corporate/members', { schema: { body: inviteMemberSchema, response: createdAnswers(messageResponseSchema) } }, async (request, reply) => {
      const { passenger } = await authenticatePassenger(request, db);
      const message = await companies.inviteMember(request.site, passenger, request.body.email, request.body.role);
      return reply.code(201).send({ success: true as const, message });
    });

    app.delete('/corporate/members/:passenger_id', { schema: { params: memberParamsSchema, response: answers(messageResponseSchema) } }, async (request) => {
      const { passenger } = await authenticatePassenger(request, db);
      return { success: true as const, message: await companies.removeMember(request.site.id, passenger.id, request.params.passenger_id) };
    });

    app.get('/corporate/bookings', { schema: { querystring: companyBookingsQuerySchema, response: answers(companyBookingsResponseSchema) } }, async (request) => {
      const { passenger } = await authenticatePassenger(request, db);
      return { success: true as const, data: await companies.bookings(request.site.id, passenger, request.query) };
    });

    // "Change booking": a short-lived manage link for a booking the member may see (domain/companyAccounts/changeLink.ts).
    app.post(CHANGE_LINK_API, { schema: { body: changeLinkRequestSchema, response: answers(changeLinkResponseSchema) } }, async (request) => {
      const { passenger } = await authenticatePassenger(request, db);
      const link = await issueChangeLink(db, request.site.id, passenger, request.body.booking_number, new Date());
      request.log.info({ site_id: request.site.id, passenger_id: passenger.id, booking: request.body.booking_number }, 'corporate change link issued');
      return { success: true as const, url: link.url, expires_at: link.expiresAt.toISOString() };
    });

    app.post('/corporate/invitation', { onRequest: limiter.perAddress(CREDENTIAL_RATE_LIMITS.loginPerAddress), schema: { body: invitationTokenSchema, response: answers(invitationPreviewResponseSchema) } }, async (request) => {
      return { success: true as const, invitation: await companies.previewInvitation(request.site.id, request.body.token) };
    });

    app.post('/corporate/invitation/accept', { onRequest: limiter.perAddress(CREDENTIAL_RATE_LIMITS.loginPerAddress), schema: { body: invitationAcceptSchema, response: answers(passengerLoginResponseSchema) } }, async (request) => {
      const session = await companies.acceptInvitation(request.site.id, { ip: request.ip }, request.body.token, request.body.password);
      return { success: true as const, message: ACCOUNT_MESSAGES.loginOk, access_token: session.token, token_type: 'Bearer' as const, expires_at: session.expiresAt.toISOString(), passenger: session.passenger };
    });
  };
}
