import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { SAMPLE_TRIPS, type PreviewInput, type PricesList } from '../../contract/consolePrices.ts';
import { PRICES_TEXT, pricesMachine, type PriceChange, type PreviewRows } from './prices.machine.ts';
import { selectEditorStage, selectPreviewStage, selectStage, selectZoneProblem } from './prices.selectors.ts';

const data: PricesList = {
  success: true,
  companies: [{ id: 1, name: 'Westway Cars' }],
  vehicles: [{ id: 1, name: 'Saloon' }],
  tariffs: [],
  surcharges: [],
  zones: [],
  fixed_fares: [],
  sample_trips: SAMPLE_TRIPS,
  today: '2026-11-26',
};
const answer = (pence: number): PreviewRows => ({ success: true, pickup: 'Heathrow T5', dropoff: 'Windsor', miles: 6.36, estimated: true, rows: [{ company_id: 1, company_name: 'Westway Cars', vehicle_id: 1, vehicle_type: 'Saloon', final_price_pence: pence, lines: [], notes: [] }] });

function start(options: { load?: () => Promise<PricesList>; save?: (change: PriceChange) => Promise<string>; delay?: number } = {}) {
  const previews: PreviewInput[] = [];
  const saves: PriceChange[] = [];
  const actor = createActor(
    pricesMachine.provide({
      actors: {
        load: fromPromise(options.load ?? (() => Promise.resolve(data))),
        save: fromPromise(({ input }) => {
          saves.push(input);
          return options.save ? options.save(input) : Promise.resolve('Saved.');
        }),
        preview: fromPromise(({ input }) => {
          previews.push(input);
          return Promise.resolve(answer(1000 + previews.length));
        }),
      },
      delays: { previewDelay: options.delay ?? 20 },
    }),
  );
  actor.start();
  return { actor, previews, saves };
}

const tariffValues = (base: number) => ({ company_id: 1, vehicle_id: 1, valid_from: '2026-12-01', base_fare_pence: base });

describe('prices machine', () => {
  it('loads, then prices the first sample trip tomorrow at 08:00 with no draft', async () => {
    const { actor, previews } = start();
    await waitFor(actor, (s) => selectPreviewStage(s) === 'shown');
    expect(previews).toEqual([{ pickup: 'Heathrow Terminal 5', dropoff: 'Windsor', date: '2026-11-27', time: '08:00', draft: {} }]);
    expect(actor.getSnapshot().context.preview?.rows[0].final_price_pence).toBe(1001);
  });

  it('typing is debounced: several changes in a row make one preview, with the last values as the draft', async () => {
    const { actor, previews } = start({ delay: 50 });
    await waitFor(actor, (s) => selectPreviewStage(s) === 'shown');
    actor.send({ type: 'edit.open', edit: { entity: 'tariff', key: null, values: tariffValues(500) } });
    for (const base of [600, 650, 700]) actor.send({ type: 'edit.change', values: tariffValues(base) });
    expect(selectPreviewStage(actor.getSnapshot())).toBe('debouncing');
    await waitFor(actor, (s) => selectPreviewStage(s) === 'shown' && previews.length === 2);
    expect(previews[1].draft).toEqual({ tariff: tariffValues(700) });
    actor.send({ type: 'trip.change', trip: { date: '2027-01-10' } });
    await waitFor(actor, (s) => selectPreviewStage(s) === 'shown' && previews.length === 3);
    expect(previews[2]).toMatchObject({ date: '2027-01-10', time: '08:00', draft: { tariff: tariffValues(700) } });
  });

  it('a saved row is previewed under its id; saving reloads with the notice; a refused save keeps the form and the reason', async () => {
    let refuse = true;
    const { actor, previews, saves } = start({ save: () => (refuse ? Promise.reject(new Error('area.points: edges must not cross')) : Promise.resolve('Zone saved.')) });
    await waitFor(actor, (s) => selectStage(s) === 'ready');
    const zone = { name: 'Heathrow', priority: 0, area: { kind: 'postcodes', districts: ['TW6'] } };
    actor.send({ type: 'edit.open', edit: { entity: 'zone', key: '7', values: zone } });
    await waitFor(actor, (s) => selectPreviewStage(s) === 'shown' && previews.length === 2);
    expect(previews[1].draft).toEqual({ zone: { id: 7, row: zone } });
    actor.send({ type: 'save' });
    await waitFor(actor, (s) => selectEditorStage(s) === 'open' && s.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({ error: 'area.points: edges must not cross', edit: { entity: 'zone', key: '7', values: zone } });
    refuse = false;
    actor.send({ type: 'remove' });
    await waitFor(actor, (s) => selectStage(s) === 'ready' && s.context.notice === 'Zone saved.');
    expect(saves.map((change) => change.action)).toEqual(['save', 'remove']);
    expect(actor.getSnapshot().context.edit).toBeNull();
    expect(selectEditorStage(actor.getSnapshot())).toBe('closed');
  });

  it('a new row cannot be removed; closing the editor previews the saved prices again', async () => {
    const { actor, previews, saves } = start();
    await waitFor(actor, (s) => selectPreviewStage(s) === 'shown');
    actor.send({ type: 'edit.open', edit: { entity: 'tariff', key: null, values: tariffValues(500) } });
    actor.send({ type: 'remove' });
    expect(selectEditorStage(actor.getSnapshot())).toBe('open');
    actor.send({ type: 'edit.close' });
    await waitFor(actor, (s) => selectPreviewStage(s) === 'shown' && previews.length === 2);
    expect(previews[1].draft).toEqual({});
    expect(saves).toEqual([]);
  });

  it('a failed load offers retry', async () => {
    let fail = true;
    const { actor } = start({ load: () => (fail ? Promise.reject(new Error('offline')) : Promise.resolve(data)) });
    await waitFor(actor, (s) => selectStage(s) === 'failed');
    expect(actor.getSnapshot().context.error).toBe(PRICES_TEXT.loadFailed);
    fail = false;
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => selectStage(s) === 'ready');
  });
});

describe('prices machine: the zone map picker', () => {
  const polygonZone = (points: [number, number][]) => ({ name: 'Heathrow', priority: 0, area: { kind: 'polygon', points } });
  const open = async (values: Record<string, unknown>) => {
    const flow = start();
    await waitFor(flow.actor, (s) => selectPreviewStage(s) === 'shown');
    flow.actor.send({ type: 'edit.open', edit: { entity: 'zone', key: null, values } });
    return flow;
  };

  it('clicks add corners in order, a drag moves one, a corner can be removed; each bumps the revision and re-prices', async () => {
    const { actor, previews } = await open(polygonZone([]));
    actor.send({ type: 'zone.point', point: { lat: 51.48, lon: -0.5 } });
    actor.send({ type: 'zone.point', point: { lat: 51.48, lon: -0.43 } });
    expect(selectZoneProblem(actor.getSnapshot())).toBe('at least three different corners');
    actor.send({ type: 'zone.point', point: { lat: 51.45, lon: -0.43 } });
    actor.send({ type: 'zone.point', point: { lat: 51.45, lon: -0.5 } });
    expect(actor.getSnapshot().context.edit).toEqual({
      entity: 'zone',
      key: null,
      values: polygonZone([
        [51.48, -0.5],
        [51.48, -0.43],
        [51.45, -0.43],
        [51.45, -0.5],
      ]),
      revision: 4,
    });
    expect(selectZoneProblem(actor.getSnapshot())).toBeNull();
    // Dragging the third corner across the first edge makes the edges cross.
    actor.send({ type: 'zone.corner.move', index: 2, point: { lat: 51.5, lon: -0.45 } });
    expect(selectZoneProblem(actor.getSnapshot())).toBe('edges must not cross');
    actor.send({ type: 'zone.corner.remove', index: 2 });
    expect((actor.getSnapshot().context.edit!.values.area as { points: unknown }).points).toEqual([
      [51.48, -0.5],
      [51.48, -0.43],
      [51.45, -0.5],
    ]);
    expect(actor.getSnapshot().context.edit!.revision).toBe(6);
    await waitFor(actor, (s) => selectPreviewStage(s) === 'shown' && previews.length === 2);
    expect(previews[1].draft).toEqual({ zone: { id: null, row: actor.getSnapshot().context.edit!.values } });
  });

  it("a click sets a radius zone's centre and keeps its radius; out-of-range corners and other kinds change nothing", async () => {
    const { actor } = await open({ name: 'Airport', priority: 0, area: { kind: 'radius', lat: 51.4, lon: -0.4, radius_miles: 2 } });
    actor.send({ type: 'zone.point', point: { lat: 51.47, lon: -0.45 } });
    expect(actor.getSnapshot().context.edit!.values.area).toEqual({ kind: 'radius', lat: 51.47, lon: -0.45, radius_miles: 2 });
    actor.send({ type: 'zone.corner.remove', index: 0 });
    actor.send({ type: 'zone.corner.move', index: 0, point: { lat: 1, lon: 1 } });
    expect(actor.getSnapshot().context.edit!.revision).toBe(1);

    actor.send({ type: 'edit.open', edit: { entity: 'zone', key: null, values: { name: 'W1', priority: 0, area: { kind: 'postcodes', districts: ['W1'] } } } });
    actor.send({ type: 'zone.point', point: { lat: 51.5, lon: -0.1 } });
    expect(actor.getSnapshot().context.edit).toEqual({ entity: 'zone', key: null, values: { name: 'W1', priority: 0, area: { kind: 'postcodes', districts: ['W1'] } } });
    actor.send({ type: 'edit.open', edit: { entity: 'zone', key: '3', values: polygonZone([[51, -1]]) } });
    actor.send({ type: 'zone.corner.move', index: 5, point: { lat: 51.5, lon: -0.1 } });
    expect(actor.getSnapshot().context.edit!.revision).toBeUndefined();
  });

  it('a tariff ignores the map events', async () => {
    const { actor } = await open(polygonZone([]));
    actor.send({ type: 'edit.open', edit: { entity: 'tariff', key: null, values: tariffValues(500) } });
    actor.send({ type: 'zone.point', point: { lat: 51.5, lon: -0.1 } });
    expect(actor.getSnapshot().context.edit).toEqual({ entity: 'tariff', key: null, values: tariffValues(500) });
    expect(selectZoneProblem(actor.getSnapshot())).toBeNull();
  });
});
