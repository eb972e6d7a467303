/** Composition root of the company's invoices section (machines/corporate/invoices.machine.ts): its call, with the member's bearer. */
import { fromPromise } from 'xstate';
import { corporateInvoicesMachine } from '../../../machines/corporate/invoices.machine.ts';

const companyApi = () => import('../../api/companyAccounts.ts');

export const corporateInvoicesLogic = (bearer: string) =>
  corporateInvoicesMachine.provide({
    actors: { load: fromPromise(async ({ signal }) => (await companyApi()).getCompanyInvoices(bearer, { signal })) },
  });
