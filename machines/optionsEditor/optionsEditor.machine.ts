/**
 * The options editor of the booking summary panel (spec §2 Booking summary panel, §4 Choosing a vehicle, §5 limits):
 * an Options table with edit and hide toggles and 'See Return Details'; editing works on a draft, and Save hands the
 * draft to the booking flow (`saveOptions`, supplied by the view: the booking machine's options.save, which saves the
 * form and re-prices the chosen vehicle). Top-level states:
 *
 * - viewing   the table of the trip's options (hidden or shown; the return leg's column on request)
 * - editing   the editor's fields over a draft started from the form's values; Save or Cancel end it
 */
import { assertEvent, assign, setup } from 'xstate';
import { LIMITS } from '../../contract/quoting.constants.ts';
import type { TripOptions } from '../booking/booking.context.ts';

export type OptionField = keyof TripOptions;

const COUNT_LIMITS: Partial<Record<OptionField, number>> = {
  baby_seats: LIMITS.seats,
  booster_seats: LIMITS.seats,
  special_luggage: LIMITS.seats,
  return_baby_seats: LIMITS.seats,
  return_booster_seats: LIMITS.seats,
  return_special_luggage: LIMITS.seats,
  luggages: LIMITS.luggage,
  hand_luggages: LIMITS.luggage,
  return_luggages: LIMITS.luggage,
  return_hand_luggages: LIMITS.luggage,
  waiting_min: LIMITS.waitingMinutes,
  return_waiting_min: LIMITS.waitingMinutes,
};

/** Brings a typed value inside spec §5's limits: counts 0..15 or 0..20, waiting 0..100 in steps of 5, yes/no. */
export function clampOption(field: OptionField, value: unknown): TripOptions[OptionField] {
  if (field.endsWith('meet_and_greet') || field.endsWith('wheel_chair')) return value === 'yes' || value === true ? 'yes' : 'no';
  const max = COUNT_LIMITS[field] ?? 0;
  const n = Math.trunc(Number(value));
  const within = Number.isFinite(n) ? Math.min(max, Math.max(0, n)) : 0;
  return field.endsWith('waiting_min') ? Math.floor(within / LIMITS.waitingStep) * LIMITS.waitingStep : within;
}

export interface OptionsEditorContext {
  draft: TripOptions;
  hidden: boolean;
  showReturn: boolean;
}

export type OptionsEditorEvent =
  | { type: 'hide.toggle' }
  | { type: 'return.toggle' }
  | { type: 'edit.start'; options: TripOptions }
  | { type: 'edit.cancel' }
  | { type: 'draft.change'; values: Partial<TripOptions> }
  | { type: 'save' };

export const optionsEditorMachine = setup({
  types: { context: {} as OptionsEditorContext, events: {} as OptionsEditorEvent },
  actions: {
    /** Supplied by the view: send options.save to the booking flow. */
    saveOptions: (_, _params: { options: TripOptions }) => {},
    toggleHidden: assign(({ context }) => ({ hidden: !context.hidden })),
    toggleReturn: assign(({ context }) => ({ showReturn: !context.showReturn })),
    startDraft: assign(({ event }) => {
      assertEvent(event, 'edit.start');
      return { draft: { ...event.options }, hidden: false };
    }),
    changeDraft: assign(({ context, event }) => {
      assertEvent(event, 'draft.change');
      const draft: Record<string, unknown> = { ...context.draft };
      for (const [field, value] of Object.entries(event.values)) draft[field] = clampOption(field as OptionField, value);
      return { draft: draft as TripOptions };
    }),
  },
}).createMachine({
  id: 'optionsEditor',
  context: { draft: {}, hidden: false, showReturn: false },
  initial: 'viewing',
  on: {
    'hide.toggle': { actions: 'toggleHidden' },
    'return.toggle': { actions: 'toggleReturn' },
  },
  states: {
    viewing: {
      on: { 'edit.start': { target: 'editing', actions: 'startDraft' } },
    },
    editing: {
      on: {
        'draft.change': { actions: 'changeDraft' },
        'edit.cancel': 'viewing',
        save: { target: 'viewing', actions: { type: 'saveOptions', params: ({ context }) => ({ options: context.draft }) } },
      },
    },
  },
});

export type OptionsEditorMachine = typeof optionsEditorMachine;
