/**
 * The owner's Prices page: tariffs, surcharges, fare zones and fixed fares, with a live price preview.
 * - `loading` → `ready`, or `failed` (`retry`).
 * - `ready` has two regions:
 *   - `editor`: `closed` ⇄ `open` (`edit.open` with the row's values, `edit.close`); `edit.change` replaces the values
 *     being typed; `save` → `saving` → back to `loading` with the server's confirmation, or `open` again with its reason
 *     and the form kept; `remove` (a saved row) likewise. A zone's area is also edited on the map picker:
 *     `zone.point` (a click: a polygon's next corner, or a radius zone's centre), `zone.corner.move` (a dragged
 *     corner), `zone.corner.remove`; each changes the values like typing and bumps `edit.revision`, so the form
 *     shows the map's corners.
 *   - `preview`: every change of the values being edited, the trip or the date waits PREVIEW_DELAY_MS
 *     (`debouncing`, restarted by each change) and then prices the trip with the draft (`pricing`) → `shown` or
 *     `failed` with the server's reason (an unknown place, a value it refuses). The answer of a superseded request is
 *     dropped (leaving `pricing` stops it).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { PreviewInput, PreviewRows, PriceEntity, PriceRowChange, PriceRowEdit, PricesList } from '../../contract/consolePrices.ts';
import { addZonePoint, moveZoneCorner, removeZoneCorner, type MapPoint } from './zoneArea.ts';
import { messageOf } from '../console/callError.ts';

export const PRICES_TEXT = {
  loadFailed: 'The prices could not be loaded. Check the connection and try again.',
  saveFailed: 'That was not saved. Check the connection and try again.',
  previewFailed: 'The preview could not be priced. Check the connection and try again.',
} as const;

/** Wait after the last keystroke before pricing the preview. */
export const PREVIEW_DELAY_MS = 350;

export type { PreviewRows, PriceEntity };

/** The row being edited, as the API takes it. */
export interface PriceEdit extends PriceRowEdit {
  /** Bumped each time the map picker changed the values (the form then re-reads the zone's area from them). */
  revision?: number;
}

export interface PriceChange extends PriceRowChange {
  edit: PriceEdit;
}

export interface PreviewTrip {
  pickup: string;
  dropoff: string;
  date: string;
  time: string;
}

export interface PricesContext {
  data: PricesList | null;
  edit: PriceEdit | null;
  trip: PreviewTrip | null;
  preview: PreviewRows | null;
  previewError: string | null;
  notice: string | null;
  error: string | null;
}

export type PricesEvent =
  | { type: 'retry' }
  | { type: 'edit.open'; edit: PriceEdit }
  | { type: 'edit.change'; values: Record<string, unknown> }
  | { type: 'edit.close' }
  | { type: 'save' }
  | { type: 'remove' }
  | { type: 'trip.change'; trip: Partial<PreviewTrip> }
  | { type: 'zone.point'; point: MapPoint }
  | { type: 'zone.corner.move'; index: number; point: MapPoint }
  | { type: 'zone.corner.remove'; index: number };

const notProvided = (name: string) => () => Promise.reject(new Error(`prices actor "${name}" is not provided`));

/** London date of `today` + days, 'YYYY-MM-DD' (dates only: no clock). */
export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The draft the preview prices: the row being edited, under the key the server's preview takes. */
export function previewDraft(edit: PriceEdit | null): NonNullable<PreviewInput['draft']> {
  if (!edit) return {};
  const id = edit.key === null || edit.entity === 'tariff' ? null : Number(edit.key);
  switch (edit.entity) {
    case 'tariff':
      return { tariff: edit.values as never };
    case 'surcharge':
      return { surcharge: { id, row: edit.values as never } };
    case 'zone':
      return { zone: { id, row: edit.values as never } };
    case 'fixed_fare':
      return { fixed_fare: { id, row: edit.values as never } };
  }
}

export const pricesMachine = setup({
  types: {
    context: {} as PricesContext,
    events: {} as PricesEvent,
  },
  actors: {
    load: fromPromise<PricesList, void>(notProvided('load')),
    save: fromPromise<string, PriceChange>(notProvided('save')),
    preview: fromPromise<PreviewRows, PreviewInput>(notProvided('preview')),
  },
  delays: {
    previewDelay: PREVIEW_DELAY_MS,
  },
  actions: {
    setData: assign({ data: (_, params: { data: PricesList }) => params.data }),
    // The first sample trip, tomorrow at 08:00, until the owner picks another (kept across saves).
    startTrip: assign({
      trip: ({ context }) => {
        if (context.trip || !context.data) return context.trip;
        const sample = context.data.sample_trips[0];
        return { pickup: sample.pickup, dropoff: sample.dropoff, date: addDays(context.data.today, 1), time: '08:00' };
      },
    }),
    setNotice: assign({ notice: (_, params: { text: string | null }) => params.text }),
    setError: assign({ error: (_, params: { text: string | null }) => params.text }),
    openEdit: assign({ edit: (_, params: { edit: PriceEdit }) => params.edit, notice: null, error: null }),
    changeValues: assign({ edit: ({ context }, params: { values: Record<string, unknown> }) => (context.edit ? { ...context.edit, values: params.values } : null) }),
    closeEdit: assign({ edit: null, error: null }),
    changeArea: assign({
      edit: ({ context, event }) => {
        const edit = context.edit;
        if (!edit || edit.entity !== 'zone') return edit;
        const values =
          event.type === 'zone.point'
            ? addZonePoint(edit.values, event.point)
            : event.type === 'zone.corner.move'
              ? moveZoneCorner(edit.values, event.index, event.point)
              : event.type === 'zone.corner.remove'
                ? removeZoneCorner(edit.values, event.index)
                : edit.values;
        return values === edit.values ? edit : { ...edit, values, revision: (edit.revision ?? 0) + 1 };
      },
    }),
    changeTrip: assign({ trip: ({ context }, params: { trip: Partial<PreviewTrip> }) => (context.trip ? { ...context.trip, ...params.trip } : context.trip) }),
    setPreview: assign({ preview: (_, params: { answer: PreviewRows }) => params.answer, previewError: null }),
    setPreviewError: assign({ previewError: (_, params: { text: string }) => params.text }),
  },
  guards: {
    saved: ({ context }) => context.edit !== null && context.edit.key !== null,
  },
}).createMachine({
  id: 'prices',
  context: { data: null, edit: null, trip: null, preview: null, previewError: null, notice: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load',
        onDone: { target: 'ready', actions: [{ type: 'setData', params: ({ event }) => ({ data: event.output }) }, 'startTrip'] },
        onError: { target: 'failed', actions: { type: 'setError', params: { text: PRICES_TEXT.loadFailed } } },
      },
    },
    failed: { on: { retry: { target: 'loading', actions: { type: 'setError', params: { text: null } } } } },
    ready: {
      type: 'parallel',
      states: {
        editor: {
          initial: 'closed',
          states: {
            closed: {
              on: { 'edit.open': { target: 'open', actions: { type: 'openEdit', params: ({ event }) => ({ edit: event.edit }) } } },
            },
            open: {
              on: {
                'edit.open': { target: 'open', reenter: true, actions: { type: 'openEdit', params: ({ event }) => ({ edit: event.edit }) } },
                'edit.change': { actions: { type: 'changeValues', params: ({ event }) => ({ values: event.values }) } },
                'zone.point': { actions: 'changeArea' },
                'zone.corner.move': { actions: 'changeArea' },
                'zone.corner.remove': { actions: 'changeArea' },
                'edit.close': { target: 'closed', actions: 'closeEdit' },
                save: { target: 'saving', actions: { type: 'setError', params: { text: null } } },
                remove: { guard: 'saved', target: 'removing', actions: { type: 'setError', params: { text: null } } },
              },
            },
            saving: {
              invoke: {
                src: 'save',
                input: ({ context }) => ({ action: 'save' as const, edit: context.edit! }),
                onDone: { target: '#prices.loading', actions: [{ type: 'setNotice', params: ({ event }) => ({ text: event.output }) }, 'closeEdit'] },
                onError: { target: 'open', actions: { type: 'setError', params: ({ event }) => ({ text: messageOf(event.error, PRICES_TEXT.saveFailed) }) } },
              },
            },
            removing: {
              invoke: {
                src: 'save',
                input: ({ context }) => ({ action: 'remove' as const, edit: context.edit! }),
                onDone: { target: '#prices.loading', actions: [{ type: 'setNotice', params: ({ event }) => ({ text: event.output }) }, 'closeEdit'] },
                onError: { target: 'open', actions: { type: 'setError', params: ({ event }) => ({ text: messageOf(event.error, PRICES_TEXT.saveFailed) }) } },
              },
            },
          },
        },
        preview: {
          initial: 'pricing',
          on: {
            'edit.change': { target: '.debouncing' },
            'zone.point': { target: '.debouncing' },
            'zone.corner.move': { target: '.debouncing' },
            'zone.corner.remove': { target: '.debouncing' },
            'edit.open': { target: '.debouncing' },
            'edit.close': { target: '.debouncing' },
            'trip.change': { target: '.debouncing', actions: { type: 'changeTrip', params: ({ event }) => ({ trip: event.trip }) } },
          },
          states: {
            debouncing: { after: { previewDelay: 'pricing' } },
            pricing: {
              invoke: {
                src: 'preview',
                input: ({ context }) => ({ ...context.trip!, draft: previewDraft(context.edit) }),
                onDone: { target: 'shown', actions: { type: 'setPreview', params: ({ event }) => ({ answer: event.output }) } },
                onError: { target: 'failed', actions: { type: 'setPreviewError', params: ({ event }) => ({ text: messageOf(event.error, PRICES_TEXT.previewFailed) }) } },
              },
            },
            shown: {},
            failed: {},
          },
        },
      },
    },
  },
});

export type PricesMachine = typeof pricesMachine;
