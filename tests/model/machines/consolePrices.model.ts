/**
 * The console's Prices page (machines/consolePrices): the prices load (or fail and are tried again); the owner opens
 * a new tariff or a saved zone, types, closes, saves (saved or refused) or deletes the saved zone (deleted or
 * refused); the preview region waits for typing to pause, prices the trip with the draft (or fails), and starts
 * again on any change of the draft or the trip.
 */
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { SAMPLE_TRIPS, type PricesList } from '../../../contract/consolePrices.ts';
import { PRICES_TEXT, pricesMachine, type PriceEdit, type PricesContext, type PreviewRows } from '../../../machines/consolePrices/index.ts';
import { machineInvokes } from '../graph.ts';
import type { MachineModel } from '../types.ts';
import { httpError, outcome, variant } from './helpers.ts';

const m = pricesMachine;
const ctx = (s: AnyMachineSnapshot) => s.context as PricesContext;
const last = (invocations: Record<string, unknown[]>, name: string) => (invocations[name] ?? []).at(-1);

export const MODEL_PRICES: PricesList = {
  success: true,
  companies: [{ id: 1, name: 'Westway Cars' }],
  vehicles: [{ id: 1, name: 'Saloon' }],
  tariffs: [],
  surcharges: [],
  zones: [{ id: 7, name: 'Heathrow', priority: 0, area: { kind: 'polygon', points: [[51.5, -0.54], [51.5, -0.44], [51.44, -0.44]] } }],
  fixed_fares: [],
  sample_trips: SAMPLE_TRIPS,
  today: '2026-11-26',
};
export const NEW_TARIFF: PriceEdit = {
  entity: 'tariff',
  key: null,
  values: { company_id: 1, vehicle_id: 1, valid_from: '2026-12-01', base_fare_pence: 450, mile_bands: [{ up_to_miles: null, per_mile_pence: 240 }], minimum_fare_pence: 0, per_extra_stop_pence: 0, hourly_rate_pence: null, hourly_included_miles_per_hour: 0, hourly_extra_mile_pence: null },
};
/** The saved Heathrow zone, a polygon of three corners around Terminal 5 (drawn on the zone map picker). */
export const SAVED_ZONE: PriceEdit = { entity: 'zone', key: '7', values: { name: 'Heathrow', priority: 0, area: { kind: 'polygon', points: [[51.5, -0.54], [51.5, -0.44], [51.44, -0.44]] } } };
/** The map picker's click (the zone's next corner) and the first corner's drag. */
export const ZONE_POINT = { lat: 51.44, lon: -0.54 };
export const CORNER_MOVED = { lat: 51.52, lon: -0.56 };
/** The corners of the zone being edited as the statechart holds them (none: not a polygon, or values typed over). */
export const zoneCorners = (edit: PriceEdit | null): unknown[] => {
  const area = edit?.entity === 'zone' ? (edit.values.area as { kind?: string; points?: unknown[] } | undefined) : undefined;
  return area?.kind === 'polygon' && Array.isArray(area.points) ? area.points : [];
};
export const TYPED = { marker: 'typed' };
export const MODEL_PREVIEW: PreviewRows = { success: true, pickup: 'Heathrow Terminal 5', dropoff: 'Windsor', miles: 6.36, estimated: true, rows: [] };
export const PREVIEW_DELAY_EVENT = 'xstate.after.previewDelay.prices.ready.preview.debouncing';
export const SAVED_TEXT = 'Tariff saved.';
export const REFUSED_TEXT = 'base_fare_pence: not below 0';

/** The removing state invokes the same `save` actor as saving: its outcome is the second invoke's. */
const removeOutcome = (kind: 'done' | 'error') => `xstate.${kind}.actor.${machineInvokes(m).filter((invoke) => invoke.src === 'save')[1].id}`;

export const consolePricesModel: MachineModel = {
  id: 'consolePrices',
  title: 'prices page',
  machine: m,
  origins: [{ id: 'prices', label: '/admin/prices, signed in as the owner', input: undefined }],
  variants: [
    variant('load:done', { type: outcome(m, 'load', 'done'), output: MODEL_PRICES }, 'the prices load'),
    variant('load:error', { type: outcome(m, 'load', 'error'), error: httpError(503, PRICES_TEXT.loadFailed) }, 'the prices do not load'),
    variant('retry', { type: 'retry' }, 'Try again'),
    variant('edit.open:tariff', { type: 'edit.open', edit: NEW_TARIFF }, 'New tariff'),
    variant('edit.open:zone', { type: 'edit.open', edit: SAVED_ZONE }, 'Edit the Heathrow zone'),
    variant('edit.change', { type: 'edit.change', values: TYPED }, 'type in the form'),
    variant('edit.close', { type: 'edit.close' }, 'Close'),
    variant('zone.point', { type: 'zone.point', point: ZONE_POINT }, "a click on the zone map: the polygon's next corner"),
    variant('zone.corner.move', { type: 'zone.corner.move', index: 0, point: CORNER_MOVED }, 'drag the first corner on the zone map'),
    variant('zone.corner.remove', { type: 'zone.corner.remove', index: 0 }, 'Remove corner 1'),
    variant('trip.change', { type: 'trip.change', trip: { date: '2027-01-10' } }, 'preview another date'),
    variant('save', { type: 'save' }, 'Save'),
    variant('remove', { type: 'remove' }, 'Delete'),
    variant('save:done', { type: outcome(m, 'save', 'done'), output: SAVED_TEXT }, 'saved'),
    variant('save:error', { type: outcome(m, 'save', 'error'), error: httpError(400, REFUSED_TEXT) }, 'the server refuses the values'),
    variant('remove:done', { type: removeOutcome('done'), output: 'Zone deleted.' }, 'deleted'),
    variant('remove:error', { type: removeOutcome('error'), error: httpError(503, PRICES_TEXT.saveFailed) }, 'the deletion fails'),
    variant(PREVIEW_DELAY_EVENT, { type: PREVIEW_DELAY_EVENT }, 'typing pauses for 0.35 s'),
    variant('preview:done', { type: outcome(m, 'preview', 'done'), output: MODEL_PREVIEW }, 'the preview is priced'),
    variant('preview:error', { type: outcome(m, 'preview', 'error'), error: httpError(422, 'Unknown place') }, 'the preview is refused'),
  ],
  abstract: (s) => {
    const c = ctx(s);
    return {
      edit: c.edit ? `${c.edit.entity}:${c.edit.key}:${c.edit.values === TYPED ? 'typed' : c.edit.revision ? 'drawn' : 'opened'}` : null,
      // The zone's corners, as far as the map's steps tell them apart (none, fewer than three, three or more).
      corners: Math.min(zoneCorners(c.edit).length, 3),
      date: c.trip?.date ?? null,
      notice: c.notice,
      error: c.error,
      preview: c.preview !== null,
      previewError: c.previewError,
    };
  },
  limit: 20_000,
  isGoal: () => false,
  simple: { variants: () => false, maxPaths: 0, maxLength: 0 },
  assertions: {
    loading: ({ snapshot }) => expect(ctx(snapshot).edit).toBeNull(),
    failed: ({ snapshot }) => expect(ctx(snapshot).error).toBe(PRICES_TEXT.loadFailed),
    'ready.editor.closed': ({ snapshot }) => {
      expect(ctx(snapshot).edit).toBeNull();
      expect(ctx(snapshot).trip).toMatchObject({ pickup: 'Heathrow Terminal 5', dropoff: 'Windsor', time: '08:00' });
    },
    'ready.editor.open': ({ snapshot }) => {
      expect(ctx(snapshot).edit).not.toBeNull();
      // The map's steps change only a zone's corners (and say so by the revision).
      const edit = ctx(snapshot).edit!;
      if (edit.revision) expect([edit.entity, (edit.values.area as { kind?: string }).kind]).toEqual(['zone', 'polygon']);
      expect([null, REFUSED_TEXT, PRICES_TEXT.saveFailed]).toContain(ctx(snapshot).error);
    },
    'ready.editor.saving': ({ snapshot, invocations }) => expect(last(invocations, 'save')).toEqual({ action: 'save', edit: ctx(snapshot).edit }),
    'ready.editor.removing': ({ snapshot, invocations }) => {
      expect(last(invocations, 'save')).toEqual({ action: 'remove', edit: ctx(snapshot).edit });
      expect(ctx(snapshot).edit?.key).toBe('7');
    },
    'ready.preview.debouncing': () => {},
    'ready.preview.pricing': ({ snapshot, invocations }) => {
      const input = last(invocations, 'preview') as { date: string; draft: Record<string, unknown> };
      const edit = ctx(snapshot).edit;
      expect(Object.keys(input.draft)).toEqual(edit ? [edit.entity] : []);
      expect(input.date).toBe(ctx(snapshot).trip?.date);
    },
    'ready.preview.shown': ({ snapshot }) => expect(ctx(snapshot).preview).toEqual(MODEL_PREVIEW),
    'ready.preview.failed': ({ snapshot }) => expect(ctx(snapshot).previewError).toBe('Unknown place'),
  },
  guardChecks: [
    {
      label: 'a step on the zone map is taken anywhere on the ready page (it restarts the preview), never while the prices load',
      event: { type: 'zone.point', point: ZONE_POINT },
      expected: (s) => (s.matches('ready') ? { can: true } : { can: false }),
    },
    {
      label: 'Delete only a saved row, with the editor open',
      event: { type: 'remove' },
      expected: (s) => (s.matches('ready') ? { can: s.matches({ ready: { editor: 'open' } }) && ctx(s).edit?.key !== null } : undefined),
    },
    {
      label: 'Save only with the editor open, not while a save is on its way',
      event: { type: 'save' },
      expected: (s) => (s.matches('ready') ? { can: s.matches({ ready: { editor: 'open' } }) } : undefined),
    },
  ],
};
