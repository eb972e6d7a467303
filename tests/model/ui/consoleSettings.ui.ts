/**
 * The Settings page on /admin/settings in Chromium against the real server, signed in as the demo owner. Loading and
 * making a preview are the real server's; a save is answered by the gate in the server's shape and never reaches the
 * database, so paths running side by side (and the other machines' paths on the public site) never see each other's
 * settings.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { PUBLIC_HOME, SETTINGS_TEXT, type SettingsContext } from '../../../machines/consoleSettings/index.ts';
import { demoSettings, DEMO_STAFF } from '../../../server/db/seed/demo.ts';
import { BAD_EMAIL, PREVIEW_DELAY_EVENT } from '../machines/consoleSettings.model.ts';
import { SERVER_ERROR_BODY, answered, timer, visible } from './common.ts';
import { signInContext } from './consoleSession.ts';
import { eventually, type UiRun } from './harness.ts';
import { RUNNER_LIMIT } from './select.ts';
import type { UiMachine } from './types.ts';

const ctx = (s: AnyMachineSnapshot) => s.context as SettingsContext;
const saveBar = (run: UiRun) => run.page.getByTestId('settings-save-bar');
const previewStatus = (run: UiRun) => run.page.getByTestId('preview-status');
const previewSection = (run: UiRun) => run.page.locator('section[aria-labelledby="settings-preview-title"]');
const fleetSwitch = (run: UiRun) => run.page.getByRole('switch', { name: /^Our Fleet link/ });

async function textOf(locator: ReturnType<typeof saveBar>, expected: string | RegExp) {
  await eventually(async () => {
    const text = (await locator.textContent()) ?? '';
    if (typeof expected === 'string' ? !text.includes(expected) : !expected.test(text)) throw new Error(`expected ${expected}, found '${text}'`);
  });
}

/** The server's answer to a save of the Our Fleet link hidden (the demo's settings with it off). */
const SAVED_ROWS = Object.entries({ ...demoSettings(null), NAVBAR_OUR_FLEET_PAGE: 'disable' }).map(([setting_name, setting_value]) => ({ setting_name, setting_value }));

const isUserStep = (type: string) => !type.startsWith('xstate.');

export const consoleSettingsUi: UiMachine = {
  model: 'consoleSettings',
  // One queue for the GET and the PUT of the same address, in path order; the preview has its own.
  calls: { load: '**/api/admin/settings', save: '**/api/admin/settings', makePreview: '**/api/admin/settings/preview' },
  prepare: async (run) => signInContext(run, DEMO_STAFF.owner),
  open: async (run) => {
    await run.page.goto(run.url('/admin/settings'));
    await run.page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: 20_000 });
  },
  unavailable: (s, variant) => {
    const type = variant.event.type;
    if (!isUserStep(type)) return null;
    if (s.matches({ ready: { preview: 'waiting' } })) return `${RUNNER_LIMIT}the preview waits 0.4 s after a change: a step there races its timer`;
    if (s.matches({ ready: { form: 'saving' } }) && (type === 'change' || type === 'discard')) return 'the form and its buttons are disabled while a save is on its way';
    if (type === 'discard' && !s.matches({ ready: { form: 'dirty' } })) return 'Discard is disabled without unsaved changes';
    return null;
  },
  executors: {
    'load:done': answered(() => ({ kind: 'continue' })),
    'load:error': answered(() => ({ kind: 'fulfil', status: 503, body: SERVER_ERROR_BODY })),
    retry: { run: async (run) => run.page.getByRole('button', { name: 'Try again' }).click() },
    'change:fleetOff': { run: async (run) => fleetSwitch(run).click({ force: true }) },
    'change:fleetOn': { run: async (run) => fleetSwitch(run).click({ force: true }) },
    'change:badEmail': { run: async (run) => run.page.getByRole('textbox', { name: /^E-mail address/ }).fill(BAD_EMAIL) },
    discard: { run: async (run) => run.page.getByRole('button', { name: 'Discard' }).click() },
    save: { run: async (run) => run.page.getByRole('button', { name: 'Save settings' }).click() },
    'save:done': answered(() => ({ kind: 'fulfil', status: 200, body: { success: true, settings: SAVED_ROWS } })),
    'save:error': answered(() => ({ kind: 'fulfil', status: 503, body: SERVER_ERROR_BODY })),
    [PREVIEW_DELAY_EVENT]: timer,
    'makePreview:done': answered(() => ({ kind: 'continue' })),
    'makePreview:error': answered(() => ({ kind: 'fulfil', status: 503, body: SERVER_ERROR_BODY })),
    'preview.retry': { run: async (run) => previewSection(run).getByRole('button', { name: 'Try again' }).click() },
  },
  assertions: {
    loading: async (run) => visible(run.page.locator('[aria-label="Loading the settings"]')),
    failed: async (run) => visible(run.page.getByText('The settings could not be loaded')),
    'ready.form.clean': async (run) => textOf(saveBar(run), 'No unsaved changes.'),
    'ready.form.dirty': async (run, { snapshot }) => {
      const { error, problems } = ctx(snapshot);
      // A failed call shows the server's own message; the form's own refusal its text.
      await textOf(saveBar(run), error === SETTINGS_TEXT.invalid ? error : error ? SERVER_ERROR_BODY.message : /\d+ unsaved changes?/);
      if (problems.FROM_EMAIL) await visible(run.page.getByText(problems.FROM_EMAIL, { exact: true }));
    },
    'ready.form.validating': async () => {},
    'ready.form.saving': async (run) => visible(run.page.getByRole('button', { name: 'Save settings' }).and(run.page.locator('[data-loading]'))),
    'ready.form.saved': async (run) => textOf(saveBar(run), SETTINGS_TEXT.saved),
    'ready.preview.shown': async (run, { snapshot }) => {
      const frame = run.page.getByTestId('settings-preview');
      await eventually(async () => {
        const url = (await frame.getAttribute('data-preview-url')) ?? '';
        const ok = ctx(snapshot).previewUrl === PUBLIC_HOME ? url === PUBLIC_HOME : /^\/\?settings-preview=[A-Za-z0-9_-]{43}$/.test(url);
        if (!ok) throw new Error(`the preview frame shows ${url}`);
      });
    },
    'ready.preview.waiting': async () => {},
    'ready.preview.making': async (run) => textOf(previewStatus(run), 'Updating the preview…'),
    'ready.preview.blocked': async (run) => textOf(previewStatus(run), 'Fix the marked values to see them in the preview.'),
    'ready.preview.failed': async (run) => {
      await visible(previewSection(run).getByRole('alert').getByText(SERVER_ERROR_BODY.message));
      await visible(previewSection(run).getByRole('button', { name: 'Try again' }));
    },
  },
};
