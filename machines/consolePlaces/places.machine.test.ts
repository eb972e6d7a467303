import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { BanCheck, BanCheckResult, LocatedPlace } from '../../contract/consolePlaces.ts';
import { PLACES_TEXT, placesMachine, type PlacesChange, type PlacesLists } from './places.machine.ts';
import { selectPlacesStage, selectSavingRow } from './places.selectors.ts';

const lists: PlacesLists = {
  maps: 'offline',
  addresses: [{ id: 4, address: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA', lat: 51.4723, lon: -0.4877, kind: 'airport', popular: true }],
  banned: [{ id: 1, pattern: 'Unpaid Fares Close', reason: null, created_at: '2026-11-26T02:00:00.000Z' }],
};
const windsor: LocatedPlace = { label: 'Windsor, Royal Borough of Windsor and Maidenhead', lat: 51.48333, lon: -0.6, estimated: true, source: 'gazetteer' };
const refused: BanCheckResult = { refused: true, matched: 'Heathrow Airport Terminal 5', by_new_pattern: true, resolved: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA' };

function start(options: { load?: () => Promise<PlacesLists>; save?: (change: PlacesChange) => Promise<string>; locate?: (address: string) => Promise<LocatedPlace>; check?: (input: BanCheck) => Promise<BanCheckResult> } = {}) {
  const calls = { load: 0, saves: [] as PlacesChange[], locates: [] as string[], checks: [] as BanCheck[] };
  const actor = createActor(
    placesMachine.provide({
      actors: {
        load: fromPromise(() => (calls.load++, (options.load ?? (() => Promise.resolve(lists)))())),
        save: fromPromise(({ input }: { input: PlacesChange }) => (calls.saves.push(input), (options.save ?? (() => Promise.resolve('Saved.')))(input))),
        locate: fromPromise(({ input }: { input: string }) => (calls.locates.push(input), (options.locate ?? (() => Promise.resolve(windsor)))(input))),
        check: fromPromise(({ input }: { input: BanCheck }) => (calls.checks.push(input), (options.check ?? (() => Promise.resolve(refused)))(input))),
      },
    }),
  ).start();
  return { actor, calls, stage: () => selectPlacesStage(actor.getSnapshot()), context: () => actor.getSnapshot().context };
}

describe('the places page machine', () => {
  it('loads the lists, and offers a retry when that fails', async () => {
    let fail = true;
    const { actor, calls, stage, context } = start({ load: () => (fail ? Promise.reject(new Error('offline')) : Promise.resolve(lists)) });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(context().error).toBe(PLACES_TEXT.loadFailed);
    fail = false;
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect([stage(), calls.load, context().addresses, context().banned, context().error]).toEqual(['browsing', 2, lists.addresses, lists.banned, null]);
  });

  it('locates a typed address with the maps port; a failure is shown in the form, which stays open', async () => {
    const answers = [Promise.reject(new Error('The maps service found no place for this address.')), Promise.resolve(windsor)];
    answers[0].catch(() => undefined);
    const { actor, calls, stage, context } = start({ locate: () => answers.shift()! });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'address.add' });
    actor.send({ type: 'locate', address: 'zzqx' });
    await waitFor(actor, (s) => s.matches({ ready: { address: 'idle' } }) && s.context.error !== null);
    expect([stage(), context().error, context().located]).toEqual(['address', 'The maps service found no place for this address.', null]);
    actor.send({ type: 'locate', address: 'Windsor' });
    await waitFor(actor, (s) => s.context.located !== null);
    expect([stage(), context().located, context().error, calls.locates]).toEqual(['address', windsor, null, ['zzqx', 'Windsor']]);
    actor.send({ type: 'close' });
    expect([stage(), context().located, context().editing]).toEqual(['browsing', null, null]);
  });

  it("checks a sample against the saved patterns and the new one; a change of the fields clears the answer; saving closes the form with the server's notice", async () => {
    const { actor, calls, stage, context } = start({ save: (change) => Promise.resolve(`'${String((change.ban as { pattern: string }).pattern)}' is banned.`) });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'ban.add' });
    actor.send({ type: 'check', sample: 'Heathrow Terminal 5', pattern: 'Heathrow Airport Terminal 5' });
    await waitFor(actor, (s) => s.context.check !== null);
    expect([stage(), context().check, calls.checks]).toEqual(['ban', refused, [{ sample: 'Heathrow Terminal 5', pattern: 'Heathrow Airport Terminal 5' }]]);
    actor.send({ type: 'check.clear' });
    expect(context().check).toBeNull();
    actor.send({ type: 'check', sample: 'Heathrow Terminal 5', pattern: '' });
    await waitFor(actor, (s) => s.context.check !== null);
    expect(calls.checks[1]).toEqual({ sample: 'Heathrow Terminal 5' });
    actor.send({ type: 'save', change: { kind: 'ban.create', ban: { pattern: 'Heathrow Airport Terminal 5' } } });
    await waitFor(actor, (s) => s.matches('ready') && calls.load === 2);
    expect([stage(), context().notice, context().check, calls.saves.length]).toEqual(['browsing', "'Heathrow Airport Terminal 5' is banned.", null, 1]);
  });

  it("a refused save returns to its form with the server's reason; a row's quick change shows that row busy and its refusal on the page", async () => {
    let finish: (text: string) => void = () => undefined;
    const answers: Array<() => Promise<string>> = [() => Promise.reject(new Error('This address is already saved')), () => new Promise((resolve) => (finish = resolve)), () => Promise.reject(new Error('No such saved address on this site'))];
    const { actor, calls, stage, context } = start({ save: () => answers.shift()!() });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'address.edit', id: 4 });
    actor.send({ type: 'save', change: { kind: 'address.update', id: 4, patch: { address: 'Heathrow T2' } } });
    await waitFor(actor, (s) => s.matches({ ready: 'address' }) && s.context.error !== null);
    expect([stage(), context().error, context().editing]).toEqual(['address', 'This address is already saved', 4]);
    actor.send({ type: 'close' });
    actor.send({ type: 'save', change: { kind: 'address.update', id: 4, patch: { popular: false } } });
    expect([stage(), selectSavingRow(actor.getSnapshot())]).toEqual(['saving', 'address.update:4']);
    finish('Heathrow Airport Terminal 5 is no longer popular.');
    await waitFor(actor, (s) => s.matches('ready') && calls.load === 2);
    expect(context().notice).toBe('Heathrow Airport Terminal 5 is no longer popular.');
    actor.send({ type: 'save', change: { kind: 'address.delete', id: 4 } });
    await waitFor(actor, (s) => s.matches('ready') && s.context.error !== null);
    expect([stage(), context().error, calls.load]).toEqual(['browsing', 'No such saved address on this site', 2]);
  });
});

describe('the places page machine: the map pin', () => {
  it("a pin dropped in the address form sets the point (replacing what was found); one outside Great Britain, or with the form closed, is ignored", async () => {
    const { actor, context, calls } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'pin.drop', point: { lat: 51.47, lon: -0.45 } });
    expect(context().pin).toBeNull();
    actor.send({ type: 'address.edit', id: 4 });
    actor.send({ type: 'locate', address: 'Windsor' });
    await waitFor(actor, (s) => s.context.located !== null);
    actor.send({ type: 'pin.drop', point: { lat: 51.4701, lon: -0.4543 } });
    expect([context().pin, context().located]).toEqual([{ lat: 51.4701, lon: -0.4543 }, null]);
    actor.send({ type: 'pin.drop', point: { lat: 48.85, lon: 2.35 } });
    expect(context().pin).toEqual({ lat: 51.4701, lon: -0.4543 });
    // Find coordinates after a pin: the lookup replaces the pin, so the status never names a point the fields left.
    actor.send({ type: 'locate', address: 'Kew Gardens' });
    expect(context().pin).toBeNull();
    actor.send({ type: 'close' });
    expect(context().pin).toBeNull();
    expect(calls.saves).toEqual([]);
  });
});
