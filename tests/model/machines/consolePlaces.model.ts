/**
 * The console's places statechart (machines/consolePlaces) on /admin/places: the lists, the address form with the maps
 * lookup, the ban form with its sample check, the saves from either form and the rows' quick changes (popular on or
 * off, remove, lift a ban), each refused or saved.
 */
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { PLACES_MESSAGES, type BanCheckResult, type LocatedPlace } from '../../../contract/consolePlaces.ts';
import { PLACES_TEXT, placesMachine, type PlacesContext, type PlacesLists } from '../../../machines/consolePlaces/index.ts';
import type { MachineModel } from '../types.ts';
import { httpError, outcome, variant } from './helpers.ts';

const m = placesMachine;
const ctx = (s: AnyMachineSnapshot) => s.context as PlacesContext;
const last = (invocations: Record<string, unknown[]>, name: string) => (invocations[name] ?? []).at(-1);

export const MODEL_PLACES: PlacesLists = {
  maps: 'offline',
  addresses: [{ id: 4, address: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA', lat: 51.4723, lon: -0.4877, kind: 'airport', popular: true }],
  banned: [{ id: 1, pattern: 'Unpaid Fares Close', reason: null, created_at: '2026-11-26T02:00:00.000Z' }],
};
const WINDSOR: LocatedPlace = { label: 'Windsor, Royal Borough of Windsor and Maidenhead', lat: 51.48333, lon: -0.6, estimated: true, source: 'gazetteer' };
/** Where the pin is dropped: Kew Gardens' Victoria Gate, in Great Britain (the map picker's clicks land there). */
export const KEW = { lat: 51.4787, lon: -0.2956 };
const REFUSED: BanCheckResult = { refused: true, matched: 'Windsor Castle', by_new_pattern: true, resolved: WINDSOR.label };

const CHANGES = {
  addressCreate: { kind: 'address.create', place: { address: 'Windsor Castle, Windsor SL4 1NJ', kind: 'place', popular: true } },
  addressUpdate: { kind: 'address.update', id: 4, patch: { lat: 51.4724, lon: -0.4877 } },
  popular: { kind: 'address.update', id: 4, patch: { popular: false } },
  addressDelete: { kind: 'address.delete', id: 4, address: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA' },
  banCreate: { kind: 'ban.create', ban: { pattern: 'Windsor Castle' } },
  banDelete: { kind: 'ban.delete', id: 1, pattern: 'Unpaid Fares Close' },
} as const;
const ROW_SAVES = new Set(['save:popular', 'save:address.delete', 'save:ban.delete']);

export const consolePlacesModel: MachineModel = {
  id: 'consolePlaces',
  title: 'places page',
  machine: m,
  origins: [{ id: 'places', label: '/admin/places, signed in as the owner', input: undefined }],
  variants: [
    variant('retry', { type: 'retry' }, 'Try again'),
    variant('address.add', { type: 'address.add' }, 'Add address'),
    variant('address.edit', { type: 'address.edit', id: 4 }, "Edit on an address's row"),
    variant('ban.add', { type: 'ban.add' }, 'Ban an address'),
    variant('close', { type: 'close' }, 'Close (or Cancel) the open form'),
    variant('locate', { type: 'locate', address: 'Windsor' }, 'type an address, Find coordinates'),
    variant('pin.drop', { type: 'pin.drop', point: KEW }, 'a click on the map picker drops the pin'),
    variant('check', { type: 'check', sample: 'Windsor Castle, Windsor SL4 1NJ', pattern: 'Windsor Castle' }, 'a pattern and a sample search, Test sample'),
    variant('check.clear', { type: 'check.clear' }, 'change the pattern or sample after a test'),
    variant('save:address.create', { type: 'save', change: CHANGES.addressCreate }, 'fill in a new address, Add address'),
    variant('save:address.update', { type: 'save', change: CHANGES.addressUpdate }, 'move the point, Save address'),
    variant('save:popular', { type: 'save', change: CHANGES.popular }, 'Mark (or Unmark) popular on a row'),
    variant('save:address.delete', { type: 'save', change: CHANGES.addressDelete }, 'Remove on a row'),
    variant('save:ban.create', { type: 'save', change: CHANGES.banCreate }, 'a pattern, Ban pattern'),
    variant('save:ban.delete', { type: 'save', change: CHANGES.banDelete }, 'Lift ban on a row'),
    variant('load:done', { type: outcome(m, 'load', 'done'), output: MODEL_PLACES }, 'the places are listed'),
    variant('load:error', { type: outcome(m, 'load', 'error'), error: httpError(503, 'Service unavailable') }, 'the lists do not load'),
    variant('locate:done', { type: outcome(m, 'locate', 'done'), output: WINDSOR }, 'the maps service finds it'),
    variant('locate:error', { type: outcome(m, 'locate', 'error'), error: httpError(422, PLACES_MESSAGES.notLocated) }, 'the maps service finds nothing'),
    variant('check:done', { type: outcome(m, 'check', 'done'), output: REFUSED }, 'the sample would be refused'),
    variant('check:error', { type: outcome(m, 'check', 'error'), error: httpError(503, 'Service unavailable') }, 'the check fails'),
    variant('save:done', { type: outcome(m, 'save', 'done'), output: 'Saved.' }, 'saved'),
    variant('save:refused', { type: outcome(m, 'save', 'error'), error: httpError(409, PLACES_MESSAGES.addressTaken) }, 'the server refuses it (already saved)'),
  ],
  // A form's own save only from that form; a row's quick change only from the list.
  offer: (s, v) => {
    if (v.key === 'save:address.create' || v.key === 'save:address.update') return s.matches({ ready: { address: 'idle' } });
    if (v.key === 'save:ban.create') return s.matches({ ready: { ban: 'idle' } });
    if (ROW_SAVES.has(v.key)) return s.matches({ ready: 'browsing' });
    // The map picker is in the address form; the form takes a pin only at rest (not while a lookup is on its way).
    if (v.key === 'pin.drop') return s.matches({ ready: { address: 'idle' } });
    return true;
  },
  abstract: (s) => ({
    notice: ctx(s).notice,
    error: ctx(s).error,
    from: ctx(s).from,
    change: ctx(s).change?.kind ?? null,
    editing: ctx(s).editing,
    located: ctx(s).located !== null,
    pin: ctx(s).pin !== null,
    check: ctx(s).check !== null,
  }),
  limit: 20_000,
  isGoal: () => false,
  simple: { variants: () => false, maxPaths: 0, maxLength: 0 },
  assertions: {
    loading: ({ snapshot }) => expect([null, 'Saved.']).toContain(ctx(snapshot).notice),
    failed: ({ snapshot }) => expect(ctx(snapshot).error).toBe(PLACES_TEXT.loadFailed),
    'ready.browsing': ({ snapshot }) => {
      expect([ctx(snapshot).editing, ctx(snapshot).located, ctx(snapshot).pin, ctx(snapshot).check]).toEqual([null, null, null, null]);
      expect(ctx(snapshot).addresses).toEqual(MODEL_PLACES.addresses);
      expect(ctx(snapshot).banned).toEqual(MODEL_PLACES.banned);
    },
    'ready.address.idle': ({ snapshot }) => {
      expect([null, 4]).toContain(ctx(snapshot).editing);
      expect([null, WINDSOR]).toContainEqual(ctx(snapshot).located);
      expect([null, KEW]).toContainEqual(ctx(snapshot).pin);
      expect([null, PLACES_MESSAGES.notLocated, PLACES_MESSAGES.addressTaken]).toContain(ctx(snapshot).error);
      expect(ctx(snapshot).notice).toBeNull();
    },
    'ready.address.locating': ({ snapshot, invocations }) => {
      expect(last(invocations, 'locate')).toBe('Windsor');
      expect([ctx(snapshot).error, ctx(snapshot).located]).toEqual([null, null]);
    },
    'ready.ban.idle': ({ snapshot }) => {
      expect(ctx(snapshot).editing).toBeNull();
      expect([null, REFUSED]).toContainEqual(ctx(snapshot).check);
      expect([null, PLACES_TEXT.checkFailed, 'Service unavailable', PLACES_MESSAGES.addressTaken]).toContain(ctx(snapshot).error);
    },
    'ready.ban.checking': ({ snapshot, invocations }) => {
      expect(last(invocations, 'check')).toEqual({ sample: 'Windsor Castle, Windsor SL4 1NJ', pattern: 'Windsor Castle' });
      expect([ctx(snapshot).error, ctx(snapshot).check]).toEqual([null, null]);
    },
    saving: ({ snapshot, invocations }) => {
      expect(Object.values(CHANGES)).toContainEqual(last(invocations, 'save'));
      expect(ctx(snapshot).error).toBeNull();
    },
  },
  guardChecks: [
    {
      label: 'a pin is dropped only in the address form at rest, and only in Great Britain',
      event: { type: 'pin.drop', point: { lat: 48.8566, lon: 2.3522 } },
      expected: (s) => (s.matches({ ready: { address: 'idle' } }) ? { can: false } : undefined),
    },
    {
      label: 'a pin in Great Britain is taken by the address form at rest',
      event: { type: 'pin.drop', point: KEW },
      expected: (s) => (s.matches({ ready: { address: 'idle' } }) ? { can: true } : s.matches('ready') ? { can: false } : undefined),
    },
    {
      label: 'a row quick change only from the list; a form save only from its form',
      event: { type: 'save', change: CHANGES.popular },
      expected: (s) => (s.matches({ ready: 'browsing' }) || s.matches({ ready: { address: 'idle' } }) || s.matches({ ready: { ban: 'idle' } }) ? { can: true, next: ['saving'] } : { can: false }),
    },
    {
      label: 'a refused save goes back to the form it came from, or to the list',
      event: { type: outcome(m, 'save', 'error'), error: httpError(409, PLACES_MESSAGES.addressTaken) },
      expected: (s) => (s.matches('saving') ? { can: true, next: [ctx(s).from === 'browsing' ? 'ready.browsing' : `ready.${ctx(s).from}.idle`] } : undefined),
    },
    {
      label: 'nothing is looked up while a lookup is in flight',
      event: { type: 'locate', address: 'Windsor' },
      expected: (s) => (s.matches({ ready: { address: 'idle' } }) ? { can: true, next: ['ready.address.locating'] } : { can: false }),
    },
  ],
};
