/**
 * The drivers register on /admin/fleet in Chromium against the real server: the path's browser is signed in as the
 * demo dispatcher and has a driver of its own (paths run side by side on one server), which it edits and deactivates. A
 * refused save is the server's own 409 shape answered by the gate; everything else is the real server.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { FLEET_MESSAGES } from '../../../contract/fleet.ts';
import { REGISTER_TEXT, type RegisterContext } from '../../../machines/consoleRegister/index.ts';
import { DEMO_STAFF } from '../../../server/db/seed/demo.ts';
import { SERVER_ERROR_BODY, answered, gone, labelled, visible } from './common.ts';
import { signInContext, staffCall } from './consoleSession.ts';
import type { UiRun } from './harness.ts';
import type { UiMachine } from './types.ts';

const ctx = (s: AnyMachineSnapshot) => s.context as RegisterContext<unknown>;
const drivers = (run: UiRun) => run.page.locator('section[aria-labelledby="drivers-title"]');
const ownName = (run: UiRun) => run.scratch.driverName as string;
const addForm = (run: UiRun) => run.page.getByRole('form', { name: 'Add a driver' });
const editForm = (run: UiRun) => run.page.getByRole('form', { name: `Edit ${ownName(run)}` });
let serial = 0;

/** Each edit a new expiry (an unchanged form sends nothing). */
function nextExpiry(run: UiRun): string {
  run.scratch.edits = (run.scratch.edits ?? 0) + 1;
  return `2031-0${run.scratch.edits}-15`;
}

export const consoleRegisterUi: UiMachine = {
  model: 'consoleRegister',
  // Both share one queue: the list's GET and a new driver's POST have the same address, and the path orders them.
  calls: { load: '**/api/admin/drivers{,/*}', save: '**/api/admin/drivers{,/*}' },
  prepare: async (run) => {
    // The dispatcher: the console model's paths sign the owner out everywhere, which would end this path's session.
    await signInContext(run, DEMO_STAFF.dispatcher);
    serial += 1;
    run.scratch.driverName = `Model Driver ${Date.now().toString(36)}${serial}`;
    const created = await staffCall(run, 'POST', '/api/admin/drivers', {
      name: run.scratch.driverName,
      licence_number: `PHD-M-${Date.now().toString(36)}-${serial}`,
      licensing_authority: 'Transport for London',
      licence_expiry: '2030-03-31',
    });
    if (created.status() !== 201) throw new Error(`the path's driver was not created: ${created.status()} ${await created.text()}`);
  },
  open: async (run) => {
    await run.page.goto(run.url('/admin/fleet'));
    await run.page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: 20_000 });
  },
  executors: {
    retry: { run: async (run) => drivers(run).getByRole('button', { name: 'Try again' }).click() },
    'add.open': { run: async (run) => drivers(run).getByRole('button', { name: 'Add driver' }).click() },
    'add.close': { run: async (run) => addForm(run).getByRole('button', { name: 'Close' }).click() },
    'edit.open': { run: async (run) => drivers(run).getByRole('button', { name: `Edit ${ownName(run)}`, exact: true }).click() },
    'edit.close': { run: async (run) => editForm(run).getByRole('button', { name: 'Cancel' }).click() },
    'save:add': {
      run: async (run) => {
        const form = addForm(run);
        serial += 1;
        await labelled(form, 'Name').fill(`New Driver ${serial}`);
        await labelled(form, 'PHV driver licence number').fill(`PHD-N-${Date.now().toString(36)}-${serial}`);
        await labelled(form, 'Licence expiry').fill('2031-01-31');
        await form.getByRole('button', { name: 'Add driver' }).click();
      },
    },
    'save:edit': {
      run: async (run) => {
        const form = editForm(run);
        await labelled(form, 'Licence expiry').fill(nextExpiry(run));
        await form.getByRole('button', { name: 'Save driver' }).click();
      },
    },
    'save:active': { run: async (run) => drivers(run).getByRole('button', { name: new RegExp(`^(Deactivate|Reactivate) ${ownName(run)}$`) }).click() },
    'load:done': answered(() => ({ kind: 'continue' })),
    'load:error': answered(() => ({ kind: 'fulfil', status: 503, body: SERVER_ERROR_BODY })),
    'save:done': answered(() => ({ kind: 'continue' })),
    'save:refused': answered(() => ({ kind: 'fulfil', status: 409, body: { success: false, message: FLEET_MESSAGES.driverLicenceTaken } })),
  },
  assertions: {
    loading: async (run, { snapshot }) => {
      // The first load shows a loader; a reload after a save keeps the rows and shows what was saved.
      if (ctx(snapshot).notice === null) await visible(drivers(run).getByRole('status').getByText('Loading…'));
      else await visible(drivers(run).getByRole('status').getByText(/ (added|saved|is inactive|is active again)\.$/));
    },
    failed: async (run) => {
      await visible(drivers(run).getByRole('alert').getByText(REGISTER_TEXT.loadFailed));
    },
    'ready.browsing': async (run, { snapshot }) => {
      await visible(drivers(run).getByRole('row').filter({ hasText: ownName(run) }));
      await gone(addForm(run));
      await gone(editForm(run));
      if (ctx(snapshot).error) await visible(drivers(run).getByRole('alert').getByText(ctx(snapshot).error!));
    },
    'ready.adding': async (run, { snapshot }) => {
      await visible(labelled(addForm(run), 'Name'));
      if (ctx(snapshot).error) await visible(addForm(run).getByRole('alert').getByText(ctx(snapshot).error!));
    },
    'ready.editing': async (run, { snapshot }) => {
      await visible(labelled(editForm(run), 'Licence expiry'));
      if (ctx(snapshot).error) await visible(editForm(run).getByRole('alert').getByText(ctx(snapshot).error!));
    },
    saving: async (run, { snapshot }) => {
      const from = ctx(snapshot).from;
      if (from === 'editing') await visible(editForm(run).getByRole('button', { name: 'Save driver' }).and(run.page.locator('[data-loading]')));
      else if (from === 'adding') await visible(labelled(addForm(run), 'Name'));
      else await visible(drivers(run).getByRole('button', { name: new RegExp(`^(Deactivate|Reactivate) ${ownName(run)}$`) }).and(run.page.locator('[data-loading]')));
    },
  },
};
