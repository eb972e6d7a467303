import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { PREVIEW_DELAY_MS, PUBLIC_HOME, SETTINGS_TEXT, settingsMachine, type SettingValues } from './index.ts';

const SAVED: SettingValues = { Company_Name: 'Westway Cars', NAVBAR_OUR_FLEET_PAGE: 'enable', MEET_AND_GREET: '12', WHEEL_CHAIR: '1', GOOGLE_API_KEY: null };

/** The machine with stub effects; `saves` answers each save in turn (an Error rejects). */
function settings({ saves = [] as (SettingValues | Error)[], loads = [] as (SettingValues | Error)[] } = {}) {
  const calls = { save: [] as SettingValues[], preview: [] as SettingValues[] };
  const actor = createActor(
    settingsMachine.provide({
      actors: {
        load: fromPromise(async () => {
          const answer = loads.shift() ?? SAVED;
          if (answer instanceof Error) throw answer;
          return answer;
        }),
        save: fromPromise(async ({ input }) => {
          calls.save.push(input);
          const answer = saves.shift() ?? { ...SAVED, ...input };
          if (answer instanceof Error) throw answer;
          return answer;
        }),
        makePreview: fromPromise(async ({ input }) => {
          calls.preview.push(input);
          return `/?settings-preview=token-${calls.preview.length}`;
        }),
      },
    }),
  ).start();
  return { actor, calls };
}

const ready = (actor: ReturnType<typeof settings>['actor']) => waitFor(actor, (state) => state.matches('ready'));

describe('console settings machine', () => {
  it('loads, edits a dirty draft, saves only the changes, and is clean and saved after', async () => {
    const { actor, calls } = settings();
    await ready(actor);
    expect(actor.getSnapshot().value).toEqual({ ready: { form: 'clean', preview: 'shown' } });
    actor.send({ type: 'change', name: 'NAVBAR_OUR_FLEET_PAGE', value: 'disable' });
    expect(actor.getSnapshot().matches({ ready: { form: 'dirty' } })).toBe(true);
    actor.send({ type: 'save' });
    await waitFor(actor, (state) => state.matches({ ready: { form: 'saved' } }));
    expect(calls.save).toEqual([{ NAVBAR_OUR_FLEET_PAGE: 'disable' }]);
    const { context } = actor.getSnapshot();
    expect([context.saved.NAVBAR_OUR_FLEET_PAGE, context.notice, context.previewUrl]).toEqual(['disable', SETTINGS_TEXT.saved, PUBLIC_HOME]);
    // A change back to the saved value is no change.
    actor.send({ type: 'change', name: 'Company_Name', value: 'Eastway' });
    actor.send({ type: 'change', name: 'Company_Name', value: 'Westway Cars' });
    expect(actor.getSnapshot().matches({ ready: { form: 'clean' } })).toBe(true);
  });

  it('names each invalid value (the server’s own checks) and saves nothing until it is fixed; a wheelchair price is refused', async () => {
    const { actor, calls } = settings();
    await ready(actor);
    actor.send({ type: 'change', name: 'MEET_AND_GREET', value: '-5' });
    actor.send({ type: 'change', name: 'WHEEL_CHAIR', value: '7.50' });
    expect(actor.getSnapshot().context.problems).toEqual({
      MEET_AND_GREET: 'a price in pounds and pence from £0 to £10000, for example 12.50',
      WHEEL_CHAIR: 'wheelchair access is never charged (Equality Act 2010): 1 offers the option free of charge, 0 hides it',
    });
    actor.send({ type: 'save' });
    expect(actor.getSnapshot().matches({ ready: { form: 'dirty' } })).toBe(true);
    expect(actor.getSnapshot().context.error).toBe(SETTINGS_TEXT.invalid);
    expect(calls.save).toEqual([]);
    actor.send({ type: 'change', name: 'MEET_AND_GREET', value: '15.50' });
    actor.send({ type: 'change', name: 'WHEEL_CHAIR', value: '0' });
    expect(actor.getSnapshot().context.problems).toEqual({});
    actor.send({ type: 'save' });
    await waitFor(actor, (state) => state.matches({ ready: { form: 'saved' } }));
    expect(calls.save).toEqual([{ MEET_AND_GREET: '15.50', WHEEL_CHAIR: '0' }]);
  });

  it('keeps the draft with the server’s reason when a save is refused; discard puts the saved values back', async () => {
    const { actor } = settings({ saves: [new Error('FROM_EMAIL: one e-mail address')] });
    await ready(actor);
    actor.send({ type: 'change', name: 'Company_Name', value: 'Northway' });
    actor.send({ type: 'save' });
    await waitFor(actor, (state) => state.matches({ ready: { form: 'dirty' } }) && state.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('FROM_EMAIL: one e-mail address');
    expect(actor.getSnapshot().context.draft.Company_Name).toBe('Northway');
    actor.send({ type: 'discard' });
    expect(actor.getSnapshot().matches({ ready: { form: 'clean' } })).toBe(true);
    expect(actor.getSnapshot().context.draft).toEqual(SAVED);
  });

  it('a failed load offers a retry', async () => {
    const { actor } = settings({ loads: [new Error('')] });
    await waitFor(actor, (state) => state.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe(SETTINGS_TEXT.loadFailed);
    actor.send({ type: 'retry' });
    await ready(actor);
  });

  it('the preview waits for typing to pause, shows the draft, is blocked by a problem, and shows the public page when nothing differs', async () => {
    vi.useFakeTimers();
    try {
      const { actor, calls } = settings();
      await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
      actor.send({ type: 'change', name: 'Company_Name', value: 'N' });
      actor.send({ type: 'change', name: 'Company_Name', value: 'No' });
      await vi.advanceTimersByTimeAsync(PREVIEW_DELAY_MS - 1);
      actor.send({ type: 'change', name: 'Company_Name', value: 'Northway' });
      await vi.advanceTimersByTimeAsync(PREVIEW_DELAY_MS - 1);
      expect(calls.preview).toEqual([]); // each change starts the wait again
      await vi.advanceTimersByTimeAsync(1);
      await vi.waitFor(() => expect(actor.getSnapshot().matches({ ready: { preview: 'shown' } })).toBe(true));
      expect(calls.preview).toEqual([{ Company_Name: 'Northway' }]);
      expect(actor.getSnapshot().context.previewUrl).toBe('/?settings-preview=token-1');
      actor.send({ type: 'change', name: 'MEET_AND_GREET', value: 'free' });
      await vi.advanceTimersByTimeAsync(PREVIEW_DELAY_MS);
      expect(actor.getSnapshot().matches({ ready: { preview: 'blocked' } })).toBe(true);
      actor.send({ type: 'discard' });
      await vi.advanceTimersByTimeAsync(PREVIEW_DELAY_MS);
      expect(actor.getSnapshot().matches({ ready: { preview: 'shown' } })).toBe(true);
      expect(actor.getSnapshot().context.previewUrl).toBe(PUBLIC_HOME);
      expect(calls.preview).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
