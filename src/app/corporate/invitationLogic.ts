/** The invitation page's statechart given its calls (src/api/companyAccounts.ts), the link and the corporate session's storage. */
import { fromPromise } from 'xstate';
import { COMPANY_INVITATION_ROUTE } from '../../../contract/companyAccounts.ts';
import { STORAGE_KEYS } from '../../../contract/storageKeys.ts';
import { invitationMachine } from '../../../machines/corporate/invitation.machine.ts';
import { acceptInvitation, previewInvitation } from '../../api/companyAccounts.ts';
import { writeEncoded } from '../../storage/codec.ts';
import { forgetLinkAddress } from '../linkAddress.ts';

/** The link's token from the fragment (`#token=…`), never sent to a server as part of an address. */
export const invitationToken = () => new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token');

export const invitationLogic = invitationMachine.provide({
  actors: {
    preview: fromPromise(({ input, signal }) => previewInvitation(input.token, { signal })),
    accept: fromPromise(async ({ input, signal }) => {
      const answer = await acceptInvitation(input, { signal });
      return { token: answer.access_token, passenger: answer.passenger };
    }),
  },
  actions: {
    forgetAddress: () => forgetLinkAddress(COMPANY_INVITATION_ROUTE),
    storeSession: (_, { token, passenger }) => {
      writeEncoded(STORAGE_KEYS.corporateToken, token);
      writeEncoded(STORAGE_KEYS.corporateDetails, passenger);
    },
  },
});
