/** The company accounts page's statechart given the console's calls (src/api/consoleCompanyAccounts.ts). */
import { fromPromise } from 'xstate';
import { companyAccountsMachine, type CompanyAccountChange } from '../../../machines/consoleCompanyAccounts/index.ts';
import { createCompanyAccount, inviteCompanyMember, loadCompanyAccounts, patchCompanyAccount } from '../../api/consoleCompanyAccounts.ts';

async function save(change: CompanyAccountChange): Promise<string> {
  if (change.kind === 'create') return `${(await createCompanyAccount(change.account)).name} created.`;
  if (change.kind === 'invite') return inviteCompanyMember(change.id, { email: change.email, role: change.role });
  return `${(await patchCompanyAccount(change.id, change.patch)).name} saved.`;
}

export const companyAccountsLogic = companyAccountsMachine.provide({
  actors: {
    load: fromPromise(({ signal }) => loadCompanyAccounts({ signal })),
    save: fromPromise(({ input }: { input: CompanyAccountChange }) => save(input)),
  },
});
