import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { PromoCode } from '../../contract/promoCodes.ts';
import { promosMachine, PROMOS_TEXT, selectPromosStage, type PromoChange, type PromosLists } from './index.ts';

const code = { id: 1, code: 'SUMMER10', kind: 'percent', percent: 10, amount_pence: null, valid_from: null, valid_to: null, total_cap: null, per_passenger_cap: 1, min_fare_pence: 0, categories: [], active: true, uses: 0, bookings: 0, created_at: '', updated_at: '' } satisfies PromoCode;
const lists: PromosLists = { promos: [code], categories: [{ value: '1', label: 'Saloon' }] };

function page(save: (change: PromoChange) => Promise<string>, load: () => Promise<PromosLists> = async () => lists) {
  const saved: PromoChange[] = [];
  const actor = createActor(
    promosMachine.provide({
      actors: {
        load: fromPromise(load),
        save: fromPromise(async ({ input }: { input: PromoChange }) => {
          saved.push(input);
          return save(input);
        }),
      },
    }),
  ).start();
  return { actor, saved };
}

describe('the promo codes page', () => {
  it('loads, opens the form, saves and reloads with the server’s notice', async () => {
    const { actor, saved } = page(async () => 'SUMMER10 saved.');
    await waitFor(actor, (s) => selectPromosStage(s) === 'browsing');
    expect(actor.getSnapshot().context.promos).toEqual([code]);
    actor.send({ type: 'edit', id: 1 });
    expect([selectPromosStage(actor.getSnapshot()), actor.getSnapshot().context.editing]).toEqual(['form', 1]);
    actor.send({ type: 'save', change: { kind: 'update', id: 1, code: 'SUMMER10', patch: { percent: 15 } } });
    expect(selectPromosStage(actor.getSnapshot())).toBe('form');
    await waitFor(actor, (s) => selectPromosStage(s) === 'browsing');
    expect(saved).toEqual([{ kind: 'update', id: 1, code: 'SUMMER10', patch: { percent: 15 } }]);
    expect(actor.getSnapshot().context).toMatchObject({ notice: 'SUMMER10 saved.', editing: null, error: null });
  });

  it('keeps the form open with the server’s reason when a save is refused; a row’s switch refused shows it on the list', async () => {
    const { actor } = page(async () => {
      throw new Error('A promo code with this name already exists');
    });
    await waitFor(actor, (s) => selectPromosStage(s) === 'browsing');
    actor.send({ type: 'add' });
    actor.send({ type: 'save', change: { kind: 'create', promo: { ...code, code: 'SUMMER10' } } });
    await waitFor(actor, (s) => !s.matches('saving'));
    expect([selectPromosStage(actor.getSnapshot()), actor.getSnapshot().context.error]).toEqual(['form', 'A promo code with this name already exists']);
    actor.send({ type: 'close' });
    actor.send({ type: 'save', change: { kind: 'update', id: 1, code: 'SUMMER10', patch: { active: false } } });
    await waitFor(actor, (s) => !s.matches('saving'));
    expect([selectPromosStage(actor.getSnapshot()), actor.getSnapshot().context.error]).toEqual(['browsing', 'A promo code with this name already exists']);
  });

  it('a failed load offers a retry', async () => {
    let calls = 0;
    const { actor } = page(async () => '', async () => (++calls === 1 ? Promise.reject(new Error('offline')) : lists));
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe(PROMOS_TEXT.loadFailed);
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => selectPromosStage(s) === 'browsing');
  });
});
