/**
 * The console's promo codes statechart (machines/consolePromos) on /admin/promos: the list with its uses, the form to
 * create or edit a code, and a row's switch off / on, each saved or refused.
 */
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { PROMO_MESSAGES, type PromoCode } from '../../../contract/promoCodes.ts';
import { PROMOS_TEXT, promosMachine, type PromosContext, type PromosLists } from '../../../machines/consolePromos/index.ts';
import type { MachineModel } from '../types.ts';
import { httpError, outcome, variant } from './helpers.ts';

const m = promosMachine;
const ctx = (s: AnyMachineSnapshot) => s.context as PromosContext;
const last = (invocations: Record<string, unknown[]>, name: string) => (invocations[name] ?? []).at(-1);

const SUMMER: PromoCode = {
  id: 1,
  code: 'SUMMER10',
  kind: 'percent',
  percent: 10,
  amount_pence: null,
  valid_from: null,
  valid_to: null,
  total_cap: 100,
  per_passenger_cap: 1,
  min_fare_pence: 0,
  categories: [],
  active: true,
  uses: 3,
  bookings: 3,
  created_at: '2026-11-26T02:00:00.000Z',
  updated_at: '2026-11-26T02:00:00.000Z',
};
export const MODEL_PROMOS: PromosLists = { promos: [SUMMER], categories: [{ value: '1', label: 'Saloon' }] };

const CHANGES = {
  create: { kind: 'create', promo: { code: 'WELCOME5', kind: 'fixed', percent: null, amount_pence: 500, valid_from: null, valid_to: null, total_cap: 1, per_passenger_cap: null, min_fare_pence: 0, categories: [], active: true } },
  update: { kind: 'update', id: 1, code: 'SUMMER10', patch: { percent: 15 } },
  switchOff: { kind: 'update', id: 1, code: 'SUMMER10', patch: { active: false } },
} as const;

export const consolePromosModel: MachineModel = {
  id: 'consolePromos',
  title: 'promo codes page',
  machine: m,
  origins: [{ id: 'promos', label: '/admin/promos, signed in as the owner', input: undefined }],
  variants: [
    variant('retry', { type: 'retry' }, 'Try again'),
    variant('add', { type: 'add' }, 'New promo code'),
    variant('edit', { type: 'edit', id: 1 }, "Edit on a code's row"),
    variant('close', { type: 'close' }, 'Close the form'),
    variant('save:create', { type: 'save', change: CHANGES.create }, 'fill in a new code, Create code'),
    variant('save:update', { type: 'save', change: CHANGES.update }, 'change the percentage, Save code'),
    variant('save:switch', { type: 'save', change: CHANGES.switchOff }, 'Switch off on a row'),
    variant('load:done', { type: outcome(m, 'load', 'done'), output: MODEL_PROMOS }, 'the codes are listed'),
    variant('load:error', { type: outcome(m, 'load', 'error'), error: httpError(503, 'Service unavailable') }, 'the codes do not load'),
    variant('save:done', { type: outcome(m, 'save', 'done'), output: 'Saved.' }, 'saved'),
    variant('save:refused', { type: outcome(m, 'save', 'error'), error: httpError(409, PROMO_MESSAGES.codeTaken) }, 'the server refuses it (the code exists)'),
  ],
  // The form's saves only from the form; a row's switch only from the list.
  offer: (s, v) => {
    if (v.key === 'save:create') return s.matches({ ready: 'form' }) && ctx(s).editing === null;
    if (v.key === 'save:update') return s.matches({ ready: 'form' }) && ctx(s).editing === 1;
    if (v.key === 'save:switch') return s.matches({ ready: 'browsing' });
    return true;
  },
  abstract: (s) => ({ notice: ctx(s).notice, error: ctx(s).error, from: ctx(s).from, change: ctx(s).change?.kind ?? null, editing: ctx(s).editing }),
  limit: 5_000,
  isGoal: () => false,
  simple: { variants: () => false, maxPaths: 0, maxLength: 0 },
  assertions: {
    loading: ({ snapshot }) => expect([null, 'Saved.']).toContain(ctx(snapshot).notice),
    failed: ({ snapshot }) => expect(ctx(snapshot).error).toBe(PROMOS_TEXT.loadFailed),
    'ready.browsing': ({ snapshot }) => {
      expect(ctx(snapshot).editing).toBeNull();
      expect(ctx(snapshot).promos).toEqual(MODEL_PROMOS.promos);
      expect([null, PROMO_MESSAGES.codeTaken]).toContain(ctx(snapshot).error);
    },
    'ready.form': ({ snapshot }) => {
      expect([null, 1]).toContain(ctx(snapshot).editing);
      expect([null, PROMO_MESSAGES.codeTaken]).toContain(ctx(snapshot).error);
      expect(ctx(snapshot).notice).toBeNull();
    },
    saving: ({ snapshot, invocations }) => {
      expect(Object.values(CHANGES)).toContainEqual(last(invocations, 'save'));
      expect(ctx(snapshot).error).toBeNull();
    },
  },
  guardChecks: [
    {
      label: 'a refused save goes back to the form it came from, or to the list',
      event: { type: outcome(m, 'save', 'error'), error: httpError(409, PROMO_MESSAGES.codeTaken) },
      expected: (s) => (s.matches('saving') ? { can: true, next: [ctx(s).from === 'form' ? 'ready.form' : 'ready.browsing'] } : undefined),
    },
    {
      label: 'nothing is saved while a save is in flight',
      event: { type: 'save', change: CHANGES.switchOff },
      expected: (s) => (s.matches('saving') || s.matches('loading') || s.matches('failed') ? { can: false } : { can: true, next: ['saving'] }),
    },
  ],
};
