/**
 * The console's Settings page (machines/consoleSettings): the settings load (or fail and are tried again), the owner
 * hides the Our Fleet link and shows it again, types an address the server would refuse, discards, saves (saved or
 * refused), and the preview region waits for typing to pause, makes a preview of the draft (or fails and is tried
 * again), is blocked by a refused value, and shows the public page when nothing differs.
 */
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { PUBLIC_HOME, SETTINGS_TEXT, settingsMachine, type SettingsContext, type SettingValues } from '../../../machines/consoleSettings/index.ts';
import type { MachineModel } from '../types.ts';
import { httpError, outcome, variant } from './helpers.ts';

const m = settingsMachine;
const ctx = (s: AnyMachineSnapshot) => s.context as SettingsContext;
const last = (invocations: Record<string, unknown[]>, name: string) => (invocations[name] ?? []).at(-1);

/** The demo's values of the settings the paths touch. */
export const MODEL_SAVED: SettingValues = { NAVBAR_OUR_FLEET_PAGE: 'enable', FROM_EMAIL: 'bookings@westwaycars.test', Company_Name: 'Westway Cars' };
export const FLEET_HIDDEN: SettingValues = { ...MODEL_SAVED, NAVBAR_OUR_FLEET_PAGE: 'disable' };
export const BAD_EMAIL = 'bookings at westway';
export const MODEL_PREVIEW_URL = `/?settings-preview=${'P'.repeat(43)}`;
export const PREVIEW_DELAY_EVENT = 'xstate.after.previewDelay.consoleSettings.ready.preview.waiting';

const SAVE = outcome(m, 'save', 'done');

export const consoleSettingsModel: MachineModel = {
  id: 'consoleSettings',
  title: 'settings page',
  machine: m,
  origins: [{ id: 'settings', label: '/admin/settings, signed in as the owner', input: undefined }],
  variants: [
    variant('load:done', { type: outcome(m, 'load', 'done'), output: MODEL_SAVED }, 'the settings load'),
    variant('load:error', { type: outcome(m, 'load', 'error'), error: httpError(503, SETTINGS_TEXT.loadFailed) }, 'the settings do not load'),
    variant('retry', { type: 'retry' }, 'Try again'),
    variant('change:fleetOff', { type: 'change', name: 'NAVBAR_OUR_FLEET_PAGE', value: 'disable' }, 'switch the Our Fleet link off'),
    variant('change:fleetOn', { type: 'change', name: 'NAVBAR_OUR_FLEET_PAGE', value: 'enable' }, 'switch the Our Fleet link on'),
    variant('change:badEmail', { type: 'change', name: 'FROM_EMAIL', value: BAD_EMAIL }, 'type an e-mail address the server would refuse'),
    variant('discard', { type: 'discard' }, 'Discard'),
    variant('save', { type: 'save' }, 'Save settings'),
    variant('save:done', { type: SAVE, output: FLEET_HIDDEN }, 'saved'),
    variant('save:error', { type: outcome(m, 'save', 'error'), error: httpError(503, SETTINGS_TEXT.saveFailed) }, 'the save fails'),
    variant(PREVIEW_DELAY_EVENT, { type: PREVIEW_DELAY_EVENT }, 'typing pauses for 0.4 s'),
    variant('makePreview:done', { type: outcome(m, 'makePreview', 'done'), output: MODEL_PREVIEW_URL }, 'the server keeps the draft for the preview'),
    variant('makePreview:error', { type: outcome(m, 'makePreview', 'error'), error: httpError(503, SETTINGS_TEXT.previewFailed) }, 'the preview cannot be made'),
    variant('preview.retry', { type: 'preview.retry' }, 'Try again (preview)'),
  ],
  // The server saves what it is sent: the one saved answer modelled is the Our Fleet link hidden, and the saved page
  // shows it off; so "switch it on" is offered once it is off, and "off" while it is on.
  offer: (s, v) => {
    const fleet = ctx(s).draft.NAVBAR_OUR_FLEET_PAGE;
    if (v.key === 'save:done') return fleet === 'disable' && ctx(s).draft.FROM_EMAIL === MODEL_SAVED.FROM_EMAIL;
    if (v.key === 'change:fleetOff') return fleet === 'enable';
    if (v.key === 'change:fleetOn') return fleet === 'disable';
    if (v.key === 'change:badEmail') return ctx(s).draft.FROM_EMAIL !== BAD_EMAIL;
    return true;
  },
  abstract: (s) => {
    const c = ctx(s);
    return {
      saved: c.saved.NAVBAR_OUR_FLEET_PAGE ?? null,
      fleet: c.draft.NAVBAR_OUR_FLEET_PAGE ?? null,
      email: c.draft.FROM_EMAIL === BAD_EMAIL,
      problems: Object.keys(c.problems).sort(),
      error: c.error,
      notice: c.notice,
      preview: c.previewUrl === PUBLIC_HOME ? 'public' : 'draft',
      previewError: c.previewError,
    };
  },
  limit: 20_000,
  isGoal: () => false,
  simple: { variants: () => false, maxPaths: 0, maxLength: 0 },
  assertions: {
    loading: ({ snapshot }) => expect(ctx(snapshot).error).toBeNull(),
    failed: ({ snapshot }) => expect(ctx(snapshot).error).toBe(SETTINGS_TEXT.loadFailed),
    'ready.form.clean': ({ snapshot }) => {
      expect(ctx(snapshot).draft).toEqual(ctx(snapshot).saved);
      expect(ctx(snapshot).problems).toEqual({});
    },
    'ready.form.dirty': ({ snapshot }) => {
      expect(ctx(snapshot).draft).not.toEqual(ctx(snapshot).saved);
      expect([null, SETTINGS_TEXT.invalid, SETTINGS_TEXT.saveFailed]).toContain(ctx(snapshot).error);
      expect(ctx(snapshot).problems).toEqual(ctx(snapshot).draft.FROM_EMAIL === BAD_EMAIL ? { FROM_EMAIL: 'one e-mail address' } : {});
    },
    'ready.form.validating': ({ snapshot }) => expect(ctx(snapshot).draft).not.toEqual(ctx(snapshot).saved),
    'ready.form.saving': ({ snapshot, invocations }) => {
      expect(last(invocations, 'save')).toEqual({ NAVBAR_OUR_FLEET_PAGE: ctx(snapshot).draft.NAVBAR_OUR_FLEET_PAGE });
      expect(ctx(snapshot).problems).toEqual({});
    },
    'ready.form.saved': ({ snapshot }) => {
      expect(ctx(snapshot).saved).toEqual(FLEET_HIDDEN);
      expect(ctx(snapshot).notice).toBe(SETTINGS_TEXT.saved);
    },
    'ready.preview.shown': ({ snapshot }) => expect(ctx(snapshot).previewError).toBeNull(),
    'ready.preview.waiting': () => {},
    'ready.preview.making': ({ snapshot, invocations }) => {
      const changes = last(invocations, 'makePreview') as SettingValues;
      expect(Object.keys(changes).length).toBeGreaterThan(0);
      expect(changes.FROM_EMAIL).not.toBe(BAD_EMAIL);
      expect(ctx(snapshot).problems).toEqual({});
    },
    'ready.preview.blocked': ({ snapshot }) => expect(ctx(snapshot).problems).toEqual({ FROM_EMAIL: 'one e-mail address' }),
    'ready.preview.failed': ({ snapshot }) => expect(ctx(snapshot).previewError).toBe(SETTINGS_TEXT.previewFailed),
  },
  guardChecks: [
    {
      label: 'Save only with unsaved changes, and not while a save is on its way',
      event: { type: 'save' },
      expected: (s) => (s.matches('ready') ? { can: s.matches({ ready: { form: 'dirty' } }) } : undefined),
    },
    {
      label: 'Try again (preview) only after a failed preview',
      event: { type: 'preview.retry' },
      expected: (s) => (s.matches('ready') ? { can: s.matches({ ready: { preview: 'failed' } }) } : undefined),
    },
  ],
};
