/** The options editor's model (machines/optionsEditor): the Options table, its edit draft, Save and Cancel. */
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { LIMITS } from '../../../contract/quoting.constants.ts';
import { optionsEditorMachine, type OptionsEditorContext } from '../../../machines/optionsEditor/index.ts';
import type { MachineModel } from '../types.ts';
import { variant } from './helpers.ts';

const ctx = (s: AnyMachineSnapshot) => s.context as OptionsEditorContext;

export const optionsEditorModel: MachineModel = {
  id: 'optionsEditor',
  title: 'options editor',
  machine: optionsEditorMachine,
  origins: [{ id: 'fresh', label: 'the personal-details step (mileage)', input: undefined }],
  variants: [
    variant('hide.toggle', { type: 'hide.toggle' }, 'hide / show the Options table'),
    variant('return.toggle', { type: 'return.toggle' }, 'See Return Details'),
    variant('edit.start', { type: 'edit.start', options: { baby_seats: 0, luggages: 1, waiting_min: 0, meet_and_greet: 'no' } }, 'edit'),
    variant('edit.cancel', { type: 'edit.cancel' }, 'Cancel'),
    variant('draft.change:seats', { type: 'draft.change', values: { baby_seats: 20 } }, 'type 20 baby seats'),
    variant('draft.change:waiting', { type: 'draft.change', values: { waiting_min: 7 } }, 'type 7 waiting minutes'),
    variant('save', { type: 'save' }, 'Save'),
  ],
  abstract: (s) => ({ hidden: ctx(s).hidden, showReturn: ctx(s).showReturn, draft: ctx(s).draft }),
  limit: 5_000,
  isGoal: () => false,
  simple: { variants: () => false, maxPaths: 0, maxLength: 0 },
  assertions: {
    viewing: ({ snapshot }) => {
      expect(snapshot.can({ type: 'edit.start', options: {} })).toBe(true);
      expect(snapshot.can({ type: 'draft.change', values: {} })).toBe(false);
    },
    editing: ({ snapshot }) => {
      const draft = ctx(snapshot).draft;
      // Spec §5 limits: seats 0..15, waiting 0..100 in steps of 5.
      expect(snapshot.can({ type: 'save' })).toBe(true);
      if (draft.baby_seats !== undefined) expect(Number(draft.baby_seats)).toBeLessThanOrEqual(LIMITS.seats);
      if (draft.waiting_min !== undefined) expect(Number(draft.waiting_min) % LIMITS.waitingStep).toBe(0);
    },
  },
  guardChecks: [
    { label: 'Save only while editing', event: { type: 'save' }, expected: (s) => ({ can: s.matches('editing') }) },
  ],
};
