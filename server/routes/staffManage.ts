import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffCreateSchema, staffListResponseSchema, staffMemberResponseSchema, staffPatchSchema } from '../../contract/staff.ts';
import type { StaffService } from '../domain/staff/service.ts';
import { answers, createdAnswers } from './schemas.ts';

const memberParams = z.object({ id: z.coerce.number({ error: 'id: a staff member id' }).int().positive().max(2 ** 53 - 1) });

/**
 * An owner's staff calls (inside the console API: its authorisation and the owner-only check apply):
 * `GET /staff`, `POST /staff` (mails a set-password link), `PATCH /staff/:id`, `POST /staff/:id/send-password-link`.
 */
export function staffManageRoutes(staff: StaffService) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get('/staff', { schema: { response: answers(staffListResponseSchema) } }, async (request) => ({ success: true as const, staff: await staff.list(request.site.id) }));

    app.post('/staff', { schema: { body: staffCreateSchema, response: createdAnswers(staffMemberResponseSchema) } }, async (request, reply) => {
      const input = request.body;
      const member = await staff.add(request.site, request.actor, input);
      return reply.code(201).send({ success: true as const, staff: member });
    });

    app.patch('/staff/:id', { schema: { params: memberParams, body: staffPatchSchema, response: answers(staffMemberResponseSchema) } }, async (request) => {
      const { id } = request.params;
      return { success: true as const, staff: await staff.change(request.site.id, request.actor, id, request.body) };
    });

    app.post('/staff/:id/send-password-link', { schema: { params: memberParams, response: answers(staffMemberResponseSchema) } }, async (request) => {
      const { id } = request.params;
      return { success: true as const, staff: await staff.resendLink(request.site, request.actor, id) };
    });
  };
}
