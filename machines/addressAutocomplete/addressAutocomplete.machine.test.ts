import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  addressAutocompleteMachine,
  HIDE_AFTER_BLUR_MS,
  selectCompleting,
  selectListOpen,
  selectLoading,
  selectSuggestions,
  SUGGEST_DEBOUNCE_MS,
  type AddressAutocompleteEmitted,
  type AutocompleteSuggestion,
} from './addressAutocomplete.machine.ts';

const place = (address: string, details?: AutocompleteSuggestion['details']): AutocompleteSuggestion => ({ address, ...(details ? { details } : {}) });

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}
function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

/** The machine with a suggester whose answers the test gives, one deferred per call, and the events it emits. */
function start() {
  const calls: { text: string; signal: AbortSignal; answer: Deferred<AutocompleteSuggestion[]> }[] = [];
  const warmUp = vi.fn();
  const machine = addressAutocompleteMachine.provide({
    actors: {
      suggest: fromPromise(({ input, signal }) => {
        const answer = deferred<AutocompleteSuggestion[]>();
        calls.push({ text: input.text, signal, answer });
        return answer.promise;
      }),
    },
    actions: { warmUp },
  });
  const actor = createActor(machine).start();
  const emitted: AddressAutocompleteEmitted[] = [];
  for (const type of ['picked', 'completed', 'completionFailed'] as const) actor.on(type, (event) => emitted.push(event));
  const snap = () => actor.getSnapshot();
  return { actor, calls, warmUp, emitted, snap, type: (text: string) => actor.send({ type: 'text.change', text }) };
}

const wait = (ms: number) => vi.advanceTimersByTimeAsync(ms);

describe('address autocomplete machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks once typing pauses for SUGGEST_DEBOUNCE_MS, with the trimmed latest text, and shows the answer', async () => {
    const field = start();
    field.type('h');
    field.type(' hea ');
    expect(selectListOpen(field.snap())).toBe(true);
    await wait(SUGGEST_DEBOUNCE_MS - 1);
    expect(field.calls).toHaveLength(0);
    await wait(1);
    expect(field.calls.map((call) => call.text)).toEqual(['hea']);
    expect(selectLoading(field.snap())).toBe(true);
    field.calls[0].answer.resolve([place('Heathrow Airport Terminal 5')]);
    await wait(0);
    expect(selectLoading(field.snap())).toBe(false);
    expect(selectSuggestions(field.snap()).map((s) => s.address)).toEqual(['Heathrow Airport Terminal 5']);
  });

  it('drops a stale answer: typing on aborts the call in flight, and its late answer is never shown', async () => {
    const field = start();
    field.type('gat');
    await wait(SUGGEST_DEBOUNCE_MS);
    field.type('gatw');
    expect(field.calls[0].signal.aborted).toBe(true);
    field.calls[0].answer.resolve([place('Gatehouse Road')]);
    await wait(0);
    expect(selectSuggestions(field.snap())).toEqual([]);
    await wait(SUGGEST_DEBOUNCE_MS);
    field.calls[1].answer.resolve([place('Gatwick North')]);
    await wait(0);
    expect(selectSuggestions(field.snap()).map((s) => s.address)).toEqual(['Gatwick North']);
    expect(field.calls.map((call) => call.text)).toEqual(['gat', 'gatw']);
  });

  it('shows no suggestions when the call fails, and asks nothing for blank text (closing the list)', async () => {
    const field = start();
    field.type('x');
    await wait(SUGGEST_DEBOUNCE_MS);
    field.calls[0].answer.reject(new Error('offline'));
    await wait(0);
    expect(selectSuggestions(field.snap())).toEqual([]);
    expect(selectLoading(field.snap())).toBe(false);
    field.type('   ');
    await wait(SUGGEST_DEBOUNCE_MS * 2);
    expect(field.calls).toHaveLength(1);
    expect(selectListOpen(field.snap())).toBe(false);
  });

  it('hides the list HIDE_AFTER_BLUR_MS after blur, unless the field gets focus back; focus warms the suggester up', async () => {
    const field = start();
    field.actor.send({ type: 'focus' });
    expect(field.warmUp).toHaveBeenCalledTimes(1);
    field.type('heath');
    await wait(SUGGEST_DEBOUNCE_MS);
    field.calls[0].answer.resolve([place('Heathrow')]);
    await wait(0);
    field.actor.send({ type: 'blur' });
    await wait(HIDE_AFTER_BLUR_MS - 1);
    expect(selectListOpen(field.snap())).toBe(true);
    field.actor.send({ type: 'focus' });
    await wait(HIDE_AFTER_BLUR_MS);
    expect(selectListOpen(field.snap())).toBe(true);
    field.actor.send({ type: 'blur' });
    await wait(HIDE_AFTER_BLUR_MS);
    expect(selectListOpen(field.snap())).toBe(false);
    // Focus again with suggestions kept: the list opens again.
    field.actor.send({ type: 'focus' });
    expect(selectListOpen(field.snap())).toBe(true);
  });

  it('a blur while the call is in flight closes the list but still shows the answer on the next focus', async () => {
    const field = start();
    field.actor.send({ type: 'focus' });
    field.type('pad');
    await wait(SUGGEST_DEBOUNCE_MS);
    field.actor.send({ type: 'blur' });
    await wait(HIDE_AFTER_BLUR_MS);
    expect(selectListOpen(field.snap())).toBe(false);
    expect(field.calls[0].signal.aborted).toBe(false);
    field.calls[0].answer.resolve([place('Paddington Station')]);
    await wait(0);
    expect(selectListOpen(field.snap())).toBe(false);
    field.actor.send({ type: 'focus' });
    expect(selectListOpen(field.snap())).toBe(true);
    expect(selectSuggestions(field.snap()).map((s) => s.address)).toEqual(['Paddington Station']);
  });

  it('Escape closes the list and ArrowDown opens it again (the combobox sends list.close / list.open)', async () => {
    const field = start();
    field.type('kings');
    field.actor.send({ type: 'list.close' });
    expect(selectListOpen(field.snap())).toBe(false);
    field.actor.send({ type: 'list.open' });
    expect(selectListOpen(field.snap())).toBe(true);
  });

  it('a pick stops the asking, closes the list, and is final at once without details', async () => {
    const field = start();
    field.type('luton');
    await wait(SUGGEST_DEBOUNCE_MS);
    field.calls[0].answer.resolve([place('Luton Airport'), place('Luton Station')]);
    await wait(0);
    field.actor.send({ type: 'pick', index: 1 });
    expect(field.emitted).toEqual([{ type: 'picked', suggestion: place('Luton Station') }]);
    expect(selectListOpen(field.snap())).toBe(false);
    expect(selectSuggestions(field.snap())).toEqual([]);
    expect(field.snap().context.query).toBeNull();
    expect(selectCompleting(field.snap())).toBe(false);
    // A pick of nothing (a stale index) does nothing.
    field.actor.send({ type: 'pick', index: 5 });
    expect(field.emitted).toHaveLength(1);
  });

  it('a pick while suggestions are still being fetched for newer text stops that call', async () => {
    const field = start();
    field.type('st');
    await wait(SUGGEST_DEBOUNCE_MS);
    field.calls[0].answer.resolve([place('Stansted Airport')]);
    await wait(0);
    field.type('sta');
    await wait(SUGGEST_DEBOUNCE_MS);
    field.actor.send({ type: 'pick', index: 0 });
    expect(field.calls[1].signal.aborted).toBe(true);
    field.calls[1].answer.resolve([place('Stamford Hill')]);
    await wait(0);
    expect(selectSuggestions(field.snap())).toEqual([]);
  });

  it('completes a picked place with its details, and reports a failed completion with the suggestion kept', async () => {
    const field = start();
    const details = deferred<{ address: string; lat: number | null; lon: number | null }>();
    const google = place('Heathrow Terminal 5', () => details.promise);
    field.type('t5');
    await wait(SUGGEST_DEBOUNCE_MS);
    field.calls[0].answer.resolve([google]);
    await wait(0);
    field.actor.send({ type: 'pick', index: 0 });
    expect(selectCompleting(field.snap())).toBe(true);
    details.resolve({ address: 'Heathrow Terminal 5, TW6 2GA', lat: 51.47, lon: -0.49 });
    await wait(0);
    expect(selectCompleting(field.snap())).toBe(false);
    expect(field.emitted.map((event) => event.type)).toEqual(['picked', 'completed']);
    expect(field.emitted[1]).toMatchObject({ suggestion: google, complete: { address: 'Heathrow Terminal 5, TW6 2GA', lat: 51.47, lon: -0.49, details: undefined } });

    const failing = place('Gatwick South', () => Promise.reject(new Error('quota')));
    field.type('gat');
    await wait(SUGGEST_DEBOUNCE_MS);
    field.calls[1].answer.resolve([failing]);
    await wait(0);
    field.actor.send({ type: 'pick', index: 0 });
    await wait(0);
    expect(field.emitted.at(-1)).toMatchObject({ type: 'completionFailed', suggestion: failing, error: new Error('quota') });
  });
});
