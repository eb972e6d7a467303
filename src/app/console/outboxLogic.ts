/** Composition root of the outbox: machines/consoleInbox's outbox effects made real (src/api/consoleInbox.ts). */
import { fromPromise } from 'xstate';
import { outboxMachine } from '../../../machines/consoleInbox/index.ts';
import { listMails, loadMail, resendMail } from '../../api/consoleInbox.ts';

export const outboxLogic = outboxMachine.provide({
  actors: {
    loadMails: fromPromise(({ input, signal }) => listMails(input, { signal })),
    loadMail: fromPromise(({ input, signal }) => loadMail(input.id, { signal })),
    resend: fromPromise(({ input }) => resendMail(input.id)),
  },
});
