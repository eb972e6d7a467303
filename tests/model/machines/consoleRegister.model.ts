/**
 * The console's register statechart (machines/consoleRegister) as the drivers register on /admin/fleet uses it: the
 * list, adding a driver, editing one (a renewed licence), deactivating one, and each change refused or saved.
 */
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { FLEET_MESSAGES, type Driver } from '../../../contract/fleet.ts';
import { createRegisterMachine, REGISTER_TEXT, type RegisterContext } from '../../../machines/consoleRegister/index.ts';
import type { MachineModel } from '../types.ts';
import { httpError, outcome, variant } from './helpers.ts';

const m = createRegisterMachine<Driver>();
const ctx = (s: AnyMachineSnapshot) => s.context as RegisterContext<Driver>;
const last = (invocations: Record<string, unknown[]>, name: string) => (invocations[name] ?? []).at(-1);

export const MODEL_DRIVER: Driver = {
  id: 1,
  name: 'Model Driver',
  phone: '07700 900123',
  licence_number: 'PHD-MODEL-1',
  licensing_authority: 'Transport for London',
  licence_expiry: '2030-03-31',
  active: true,
  licence_expired: false,
  created_at: '2026-11-25T10:00:00.000Z',
  updated_at: '2026-11-25T10:00:00.000Z',
};

const ADD = { kind: 'add', driver: { name: 'New Driver', phone: '', licence_number: 'PHD-NEW-1', licensing_authority: 'Transport for London', licence_expiry: '2031-01-31' } };
const EDIT = { kind: 'edit', id: 1, patch: { licence_expiry: '2031-03-31' } };
const DEACTIVATE = { kind: 'active', id: 1, active: false };
const CHANGES = [ADD, EDIT, DEACTIVATE];

export const consoleRegisterModel: MachineModel = {
  id: 'consoleRegister',
  title: 'drivers register',
  machine: m,
  origins: [{ id: 'fleet', label: '/admin/fleet, signed in', input: undefined }],
  variants: [
    variant('retry', { type: 'retry' }, 'Try again'),
    variant('add.open', { type: 'add.open' }, 'Add driver'),
    variant('add.close', { type: 'add.close' }, 'Close the new driver form'),
    variant('edit.open', { type: 'edit.open', id: 1 }, "Edit on a driver's row"),
    variant('edit.close', { type: 'edit.close' }, 'Cancel the edit'),
    variant('save:add', { type: 'save', change: ADD }, 'fill in a new driver, Add driver'),
    variant('save:edit', { type: 'save', change: EDIT }, 'a new licence expiry, Save driver'),
    variant('save:active', { type: 'save', change: DEACTIVATE }, 'Deactivate (or Reactivate) on a row'),
    variant('load:done', { type: outcome(m, 'load', 'done'), output: [MODEL_DRIVER] }, 'the drivers are listed'),
    variant('load:error', { type: outcome(m, 'load', 'error'), error: httpError(503, 'Service unavailable') }, 'the list does not load'),
    variant('save:done', { type: outcome(m, 'save', 'done'), output: 'Model Driver saved.' }, 'saved'),
    variant('save:refused', { type: outcome(m, 'save', 'error'), error: httpError(409, FLEET_MESSAGES.driverLicenceTaken) }, 'the server refuses it (a duplicate licence)'),
  ],
  // A form's own save only from that form; a row's toggle wherever the table shows.
  offer: (s, v) => (v.key === 'save:add' ? s.matches({ ready: 'adding' }) : v.key === 'save:edit' ? s.matches({ ready: 'editing' }) : true),
  abstract: (s) => ({ notice: ctx(s).notice, error: ctx(s).error, from: ctx(s).from, change: ctx(s).change?.kind ?? null, editing: ctx(s).editing }),
  limit: 5_000,
  isGoal: () => false,
  simple: { variants: () => false, maxPaths: 0, maxLength: 0 },
  assertions: {
    loading: ({ snapshot }) => expect([null, 'Model Driver saved.']).toContain(ctx(snapshot).notice),
    failed: ({ snapshot }) => expect(ctx(snapshot).error).toBe(REGISTER_TEXT.loadFailed),
    'ready.browsing': ({ snapshot }) => {
      expect(ctx(snapshot).editing).toBeNull();
      expect(ctx(snapshot).items).toEqual([MODEL_DRIVER]);
    },
    'ready.adding': ({ snapshot }) => {
      expect(ctx(snapshot).editing).toBeNull();
      expect(ctx(snapshot).notice).toBeNull();
    },
    'ready.editing': ({ snapshot }) => {
      expect(ctx(snapshot).editing).toBe(1);
      expect([null, FLEET_MESSAGES.driverLicenceTaken]).toContain(ctx(snapshot).error);
    },
    saving: ({ snapshot, invocations }) => {
      expect(CHANGES).toContainEqual(last(invocations, 'save'));
      expect(ctx(snapshot).error).toBeNull();
    },
  },
  guardChecks: [
    { label: 'nothing else is edited while a change is saved', event: { type: 'edit.open', id: 1 }, expected: (s) => (s.matches('saving') || s.matches('loading') || s.matches('failed') ? { can: false } : { can: true, next: ['ready.editing'] }) },
    {
      label: 'a refused edit goes back to the edit form, a refused new driver to its form',
      event: { type: outcome(m, 'save', 'error'), error: httpError(409, FLEET_MESSAGES.driverLicenceTaken) },
      expected: (s) => (s.matches('saving') ? { can: true, next: [ctx(s).from === 'browsing' ? 'ready.browsing' : `ready.${ctx(s).from}`] } : undefined),
    },
  ],
};
