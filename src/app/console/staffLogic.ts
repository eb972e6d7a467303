/** The staff register (owners): the register machine given the staff calls (src/api/consoleStaff.ts). */
import { fromPromise } from 'xstate';
import type { StaffMember, StaffRole } from '../../../contract/staff.ts';
import { createRegisterMachine, type RegisterChange } from '../../../machines/consoleRegister/index.ts';
import { createStaff, loadStaff, patchStaff, sendStaffPasswordLink } from '../../api/consoleStaff.ts';

export const staffLogic = createRegisterMachine<StaffMember>().provide({
  actors: {
    load: fromPromise(({ signal }) => loadStaff({ signal })),
    save: fromPromise(async ({ input }: { input: RegisterChange }) => {
      switch (input.kind) {
        case 'add':
          await createStaff({ email: input.email as string, name: input.name as string, role: input.role as StaffRole });
          return `A link to set a password was mailed to ${input.email as string}.`;
        case 'role':
          await patchStaff(input.id as number, { role: input.role as StaffRole });
          return `${input.name as string} is now ${input.role === 'owner' ? 'an owner' : 'a dispatcher'}.`;
        case 'active':
          await patchStaff(input.id as number, { active: input.active as boolean });
          return `${input.name as string} is ${input.active ? 'active again' : 'deactivated: their sessions have ended'}.`;
        default:
          await sendStaffPasswordLink(input.id as number);
          return `A new link was mailed to ${input.email as string}.`;
      }
    }),
  },
});
