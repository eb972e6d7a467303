/**
 * The mail outbox on /admin/mail in Chromium, signed in as the demo dispatcher. The site's outbox fills with every other
 * path's mail, so each answer of the outbox's calls is the gate's (the server's shape, the path's mails); a call no
 * step answers stays in flight. The real outbox is tested in tests/e2e/console-inbox.test.ts (a reply shown with its
 * delivery state and resent).
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { OutboxContext } from '../../../machines/consoleInbox/index.ts';
import { DEMO_STAFF } from '../../../server/db/seed/demo.ts';
import { COPY_ID, OLDER_ID, OUTBOX_FAILED, SENT_ID, mailDetail, mailRow, outboxPage } from '../machines/consoleOutbox.model.ts';
import { answered, gone, visible } from './common.ts';
import { signInContext } from './consoleSession.ts';
import type { UiRun } from './harness.ts';
import type { UiMachine } from './types.ts';

const ctx = (s: AnyMachineSnapshot) => s.context as OutboxContext;
const LIST_CALL = '**/api/admin/mail{,?*}';
const MAIL_CALL = '**/api/admin/mail/*';
const RESEND_CALL = '**/api/admin/mail/*/resend';
const fulfil = (body: unknown) => answered(() => ({ kind: 'fulfil', status: 200, body }));
const failure = answered(() => ({ kind: 'fulfil', status: 503, body: { success: false, message: OUTBOX_FAILED } }));
const detail = (run: UiRun) => run.page.getByRole('region', { name: 'Mail' });
const subject = (id: number) => mailRow(id).subject;

export const consoleOutboxUi: UiMachine = {
  model: 'consoleOutbox',
  calls: { loadMails: LIST_CALL, loadMail: MAIL_CALL, resend: RESEND_CALL },
  prepare: async (run) => {
    // Behind the gates: a call of the outbox no step answers stays in flight.
    for (const pattern of [LIST_CALL, MAIL_CALL, RESEND_CALL]) await run.page.route(pattern, () => new Promise<void>(() => {}));
    // The dispatcher: the console model's paths sign the owner out everywhere, which would end this path's session.
    await signInContext(run, DEMO_STAFF.dispatcher);
  },
  open: async (run) => {
    await run.page.goto(run.url('/admin/mail'));
    await run.page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: 20_000 });
  },
  executors: {
    'filter.change:failed': { run: async (run) => run.page.getByRole('radiogroup', { name: 'Delivery state', exact: true }).getByText('Failed', { exact: true }).click() },
    'filter.change:all': { run: async (run) => run.page.getByRole('radiogroup', { name: 'Delivery state', exact: true }).getByText('All', { exact: true }).click() },
    // The list's Try again comes first on the page (the opened mail's, if any, is beside it).
    'list.retry': { run: async (run) => run.page.getByRole('button', { name: 'Try again' }).first().click() },
    'list.refresh': { run: async (run) => run.page.getByRole('button', { name: 'Refresh', exact: true }).click() },
    'list.more': { run: async (run) => run.page.getByRole('button', { name: 'Show more', exact: true }).click() },
    'mail.open': {
      unavailable: (s) => (s.matches({ list: 'loading' }) || s.matches({ list: 'failed' }) ? 'the rows are not shown while the list loads or after it failed' : null),
      run: async (run) => run.page.getByTestId(`mail-row-${SENT_ID}`).getByRole('button', { name: subject(SENT_ID) }).click(),
    },
    'mail.dismiss': {
      unavailable: (s) => (s.matches({ detail: 'ready' }) ? null : "Back to list is on a mail shown: the loading and failed views have none (another row's mail, or the list, is the way on)"),
      run: async (run) => detail(run).getByRole('button', { name: 'Back to list' }).click(),
    },
    'detail.retry': { run: async (run) => detail(run).getByRole('button', { name: 'Try again' }).click() },
    'mail.resend': { run: async (run) => detail(run).getByRole('button', { name: 'Resend' }).click() },
    'loadMails:rows': fulfil(outboxPage([mailRow(SENT_ID)], 'cursor-1')),
    'loadMails:empty': fulfil(outboxPage([], null)),
    'loadMails:error': failure,
    'loadMore:done': fulfil(outboxPage([mailRow(OLDER_ID)], null)),
    'loadMore:error': failure,
    'loadMail:done': fulfil({ success: true, mail: mailDetail(SENT_ID) }),
    'loadMail:error': failure,
    'resend:done': fulfil({ success: true, mail: mailDetail(COPY_ID, 'queued', SENT_ID) }),
    'resend:error': failure,
  },
  assertions: {
    'list.loading': async (run) => visible(run.page.locator('[aria-busy="true"][aria-label="Loading mail"]')),
    'list.ready': async (run, { snapshot }) => {
      const { rows, next, moreError } = ctx(snapshot);
      for (const row of rows) await visible(run.page.getByTestId(`mail-row-${row.id}`));
      if (next) await visible(run.page.getByRole('button', { name: 'Show more', exact: true }));
      else await gone(run.page.getByRole('button', { name: 'Show more', exact: true }));
      if (moreError) await visible(run.page.getByRole('alert').getByText(moreError));
      await gone(run.page.locator('[aria-busy="true"][aria-label="Loading mail"]'));
    },
    'list.loadingMore': async (run) => visible(run.page.getByRole('button', { name: 'Show more', exact: true }).and(run.page.locator('[data-loading]'))),
    'list.failed': async (run) => visible(run.page.getByText('The mail could not be loaded').first()),
    'detail.none': async (run) => gone(detail(run)),
    'detail.loading': async (run) => visible(detail(run).getByLabel('Loading the mail')),
    'detail.failed': async (run) => visible(detail(run).getByRole('button', { name: 'Try again' })),
    'detail.ready.idle': async (run, { snapshot }) => {
      const { mail, notice, actionError } = ctx(snapshot);
      await visible(detail(run).getByRole('heading', { name: mail!.subject }));
      if (notice) await visible(detail(run).getByTestId('outbox-notice').getByText(notice));
      if (actionError) await visible(detail(run).getByRole('alert').getByText(actionError));
      await gone(detail(run).getByRole('button', { name: 'Resend' }).and(run.page.locator('[data-loading]')));
    },
    'detail.ready.resending': async (run) => visible(detail(run).getByRole('button', { name: 'Resend' }).and(run.page.locator('[data-loading]'))),
  },
};
