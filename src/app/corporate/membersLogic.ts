/** Composition root of the company account's members (machines/corporate/members.machine.ts): its calls. */
import { fromPromise } from 'xstate';
import { membersMachine } from '../../../machines/corporate/members.machine.ts';

const companyApi = () => import('../../api/companyAccounts.ts');

export const membersLogic = membersMachine.provide({
  actors: {
    loadAccount: fromPromise(async ({ input, signal }) => (await companyApi()).getMyCompanyAccount(input.bearer, { signal })),
    inviteMember: fromPromise(async ({ input, signal }) => (await companyApi()).inviteMember(input.bearer, { email: input.email, role: input.role }, { signal })),
    removeMember: fromPromise(async ({ input, signal }) => (await companyApi()).removeMember(input.bearer, input.passengerId, { signal })),
  },
});
