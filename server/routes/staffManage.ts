import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { staffCreateSchema, staffPatchSchema } from '../../contract/staff.ts';
import type { StaffService } from '../domain/staff/service.ts';
import { parseInput } from '../http.ts';

const memberParams = z.object({ id: z.coerce.number({ error: 'id: a staff member id' }).int().positive().max(2 ** 53 - 1) });

/**
 * An owner's staff calls (inside the admin API: its authorisation and the owner-only check apply):
 * `GET /staff`, `POST /staff` (mails a set-password link), `PATCH /staff/:id`, `POST /staff/:id/send-password-link`.
 */
export function staffManageRoutes(staff: StaffService) {
  return async (app: FastifyInstance) => {
    app.get('/staff', async (request) => ({ success: true, staff: await staff.list(request.site.id) }));

    app.post('/staff', async (request, reply) => {
      const input = parseInput(staffCreateSchema, request.body);
      const member = await staff.add(request.site, request.actor, input);
      return reply.code(201).send({ success: true, staff: member });
    });

    app.patch('/staff/:id', async (request) => {
      const { id } = parseInput(memberParams, request.params);
      const patch = parseInput(staffPatchSchema, request.body);
      return { success: true, staff: await staff.change(request.site.id, request.actor, id, patch) };
    });

    app.post('/staff/:id/send-password-link', async (request) => {
      const { id } = parseInput(memberParams, request.params);
      return { success: true, staff: await staff.resendLink(request.site, request.actor, id) };
    });
  };
}
