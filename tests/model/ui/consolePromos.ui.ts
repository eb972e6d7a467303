/**
 * The promo codes page (/admin/promos) in Chromium against the real server: the path's browser is signed in as the
 * demo owner and has a promo code of its own (paths run side by side on one server), which it edits and switches off
 * and on; a new code gets a fresh name. The refusals and failures are answered by the gate; everything else is the
 * real server. The list's GET and the saves' POST / PATCH share one URL, so they share one gate queue (path order).
 */
import type { AnyMachineSnapshot } from 'xstate';
import { PROMO_MESSAGES } from '../../../contract/promoCodes.ts';
import { PROMOS_TEXT, type PromosContext } from '../../../machines/consolePromos/index.ts';
import { DEMO_STAFF } from '../../../server/db/seed/demo.ts';
import { SERVER_ERROR_BODY, answered, gone, labelled, visible } from './common.ts';
import { signInContext, staffCall } from './consoleSession.ts';
import type { UiRun } from './harness.ts';
import type { UiMachine } from './types.ts';

const ctx = (s: AnyMachineSnapshot) => s.context as PromosContext;
const own = (run: UiRun) => run.scratch.code as string;
const promoForm = (run: UiRun) => run.page.getByRole('form', { name: /^(New promo code|Edit )/ });
const ownRow = (run: UiRun) => run.page.getByTestId(`promo-${own(run)}`);
let serial = 0;
const unique = () => `${Date.now().toString(36)}${(serial += 1)}`.toUpperCase();

/** The list's GET /api/admin/promos, a new code's POST there and an edit's PATCH /api/admin/promos/:id: one queue. */
const PROMOS_CALLS = '**/api/admin/promos{,/*}';

export const consolePromosUi: UiMachine = {
  model: 'consolePromos',
  calls: { load: PROMOS_CALLS, save: PROMOS_CALLS },
  prepare: async (run) => {
    await signInContext(run, DEMO_STAFF.owner);
    run.scratch.code = `MODEL${unique()}`;
    const created = await staffCall(run, 'POST', '/api/admin/promos', { code: run.scratch.code, kind: 'percent', percent: 10, total_cap: 100, per_passenger_cap: 1 });
    if (created.status() !== 201) throw new Error(`the path's promo code was not created: ${created.status()} ${await created.text()}`);
  },
  open: async (run) => {
    await run.page.goto(run.url('/admin/promos'));
    await run.page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: 20_000 });
  },
  executors: {
    retry: { run: async (run) => run.page.getByRole('button', { name: 'Try again' }).click() },
    add: {
      unavailable: (s) => (s.matches({ ready: 'form' }) ? 'the New promo code button is hidden while the form is open' : null),
      run: async (run) => run.page.getByRole('button', { name: 'New promo code' }).click(),
    },
    edit: {
      unavailable: (s) => (s.matches({ ready: 'form' }) ? "the rows' Edit buttons are disabled while the form is open" : null),
      run: async (run) => ownRow(run).getByRole('button', { name: `Edit ${own(run)}`, exact: true }).click(),
    },
    close: { run: async (run) => promoForm(run).getByRole('button', { name: 'Close' }).click() },
    'save:create': {
      run: async (run) => {
        const form = promoForm(run);
        await labelled(form, 'Code').fill(`NEW${unique()}`);
        await labelled(form, 'Discount').selectOption('fixed');
        await labelled(form, 'Amount off (£)').fill('5.00');
        await labelled(form, 'Total uses').fill('1');
        await form.getByRole('button', { name: 'Create code' }).click();
      },
    },
    'save:update': {
      run: async (run) => {
        const form = promoForm(run);
        const percent = labelled(form, 'Percentage off');
        await percent.fill((await percent.inputValue()) === '15' ? '16' : '15');
        await form.getByRole('button', { name: 'Save code' }).click();
      },
    },
    'save:switch': { run: async (run) => ownRow(run).getByRole('button', { name: new RegExp(`^Switch (off|on) ${own(run)}$`) }).click() },
    'load:done': answered(() => ({ kind: 'continue' })),
    'load:error': answered(() => ({ kind: 'fulfil', status: 503, body: SERVER_ERROR_BODY })),
    'save:done': answered(() => ({ kind: 'continue' })),
    'save:refused': answered(() => ({ kind: 'fulfil', status: 409, body: { success: false, message: PROMO_MESSAGES.codeTaken } })),
  },
  assertions: {
    loading: async (run, { snapshot }) => {
      // The first load shows a loader; a reload after a save keeps the list and shows what was saved.
      if (ctx(snapshot).notice === null) await visible(run.page.getByRole('status').getByText('Loading…'));
      else await visible(run.page.getByRole('status').filter({ hasText: /( created\.| saved\.|switched off: visitors can no longer use it\.| is on again\.)$/ }));
    },
    failed: async (run) => {
      await visible(run.page.getByRole('alert').getByText(PROMOS_TEXT.loadFailed));
      await visible(run.page.getByRole('button', { name: 'Try again' }));
    },
    'ready.browsing': async (run, { snapshot }) => {
      await visible(ownRow(run));
      await visible(run.page.getByRole('button', { name: 'New promo code' }));
      await gone(promoForm(run));
      if (ctx(snapshot).error) await visible(run.page.getByRole('alert').getByText(ctx(snapshot).error!));
    },
    'ready.form': async (run, { snapshot }) => {
      const form = promoForm(run);
      await visible(form);
      if (ctx(snapshot).editing === null) await visible(run.page.getByRole('form', { name: 'New promo code' }));
      else await visible(run.page.getByRole('form', { name: `Edit ${own(run)}` }));
      if (ctx(snapshot).error) await visible(form.getByText(ctx(snapshot).error!));
    },
    saving: async (run, { snapshot }) => {
      if (ctx(snapshot).from === 'form') await visible(promoForm(run).getByRole('button', { name: /^(Create|Save) code$/ }).and(run.page.locator('[data-loading]')));
      else await visible(ownRow(run).locator('button[data-loading]'));
    },
  },
};
