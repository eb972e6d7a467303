import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { clampOption, optionsEditorMachine } from './optionsEditor.machine.ts';

function start() {
  const saveOptions = vi.fn();
  const actor = createActor(optionsEditorMachine.provide({ actions: { saveOptions: (_, p) => saveOptions(p.options) } })).start();
  return { actor, saveOptions, ctx: () => actor.getSnapshot().context };
}

describe('options editor', () => {
  it('edits a draft from the form values and saves it once', () => {
    const { actor, saveOptions, ctx } = start();
    actor.send({ type: 'edit.start', options: { meet_and_greet: 'no', baby_seats: 0, luggages: 1 } });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'draft.change', values: { meet_and_greet: 'yes', baby_seats: 2 } });
    expect(ctx().draft).toEqual({ meet_and_greet: 'yes', baby_seats: 2, luggages: 1 });
    actor.send({ type: 'save' });
    actor.send({ type: 'save' });
    expect(saveOptions).toHaveBeenCalledTimes(1);
    expect(saveOptions).toHaveBeenCalledWith({ meet_and_greet: 'yes', baby_seats: 2, luggages: 1 });
    expect(actor.getSnapshot().value).toBe('viewing');
  });

  it('cancels without saving', () => {
    const { actor, saveOptions } = start();
    actor.send({ type: 'edit.start', options: {} });
    actor.send({ type: 'edit.cancel' });
    expect(actor.getSnapshot().value).toBe('viewing');
    expect(saveOptions).not.toHaveBeenCalled();
  });

  it('keeps values inside spec §5 limits', () => {
    expect(clampOption('baby_seats', 99)).toBe(15);
    expect(clampOption('luggages', 25)).toBe(20);
    expect(clampOption('hand_luggages', -3)).toBe(0);
    expect(clampOption('waiting_min', 37)).toBe(35);
    expect(clampOption('return_waiting_min', 400)).toBe(100);
    expect(clampOption('wheel_chair', true)).toBe('yes');
    expect(clampOption('return_meet_and_greet', 'maybe')).toBe('no');
  });

  it('hides the table and shows the return details on request', () => {
    const { actor, ctx } = start();
    actor.send({ type: 'hide.toggle' });
    expect(ctx().hidden).toBe(true);
    actor.send({ type: 'return.toggle' });
    expect(ctx().showReturn).toBe(true);
    actor.send({ type: 'edit.start', options: {} });
    expect(ctx().hidden).toBe(false);
  });
});
