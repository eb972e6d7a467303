/** The owner's company account calls (contract/companyAccounts.ts, issue 34). */
import type { CompanyAccount, CompanyAccountInput, CompanyAccountPatch, CompanyRole } from '../../contract/companyAccounts.ts';
import { consoleCall } from './consoleClient.ts';
import type { CallOptions } from './client.ts';

export const loadCompanyAccounts = async ({ signal }: CallOptions = {}) => (await consoleCall<{ success: true; accounts: CompanyAccount[] }>('/company-accounts', { signal })).accounts;
export const createCompanyAccount = async (account: CompanyAccountInput) => (await consoleCall<{ success: true; account: CompanyAccount }>('/company-accounts', { method: 'POST', body: { ...account } })).account;
export const patchCompanyAccount = async (id: number, patch: CompanyAccountPatch) => (await consoleCall<{ success: true; account: CompanyAccount }>(`/company-accounts/${id}`, { method: 'PATCH', body: { ...patch } })).account;
export const inviteCompanyMember = async (id: number, input: { email: string; role: CompanyRole }) =>
  (await consoleCall<{ success: true; message: string }>(`/company-accounts/${id}/invitations`, { method: 'POST', body: input })).message;
