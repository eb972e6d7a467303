import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { UploadedImage } from '../../contract/consoleCatalogue.ts';
import { CATALOGUE_TEXT, catalogueMachine, type CatalogueChange, type CatalogueLists, type ChosenFile } from './catalogue.machine.ts';
import { selectCatalogueStage, selectSavingId, selectUploading } from './catalogue.selectors.ts';

const lists: CatalogueLists = {
  companies: [{ id: 1, company_name: 'Westway Cars', rating: 4.6, active: true }],
  categories: [{ id: 1, category_name: 'Saloon', seats: 4, luggage: 2, hand_luggage: 2, wheelchair: false, vehicle_img: 'vehicles/saloon.svg', active: true }],
};
const uploaded: UploadedImage = { vehicle_img: 'uploads/1/0123456789abcdef0123456789abcdef.webp', width: 640, height: 320, bytes: 9000 };

function start(options: { load?: () => Promise<CatalogueLists>; save?: (change: CatalogueChange) => Promise<string>; upload?: (file: ChosenFile) => Promise<UploadedImage> } = {}) {
  const calls = { load: 0, saves: [] as CatalogueChange[], uploads: [] as ChosenFile[] };
  const actor = createActor(
    catalogueMachine.provide({
      actors: {
        load: fromPromise(() => (calls.load++, (options.load ?? (() => Promise.resolve(lists)))())),
        save: fromPromise(({ input }: { input: CatalogueChange }) => (calls.saves.push(input), (options.save ?? (() => Promise.resolve('Saved.')))(input))),
        upload: fromPromise(({ input }: { input: ChosenFile }) => (calls.uploads.push(input), (options.upload ?? (() => Promise.resolve(uploaded)))(input))),
      },
    }),
  ).start();
  return { actor, calls, stage: () => selectCatalogueStage(actor.getSnapshot()) };
}

describe('the catalogue page machine', () => {
  it('loads both lists, and offers a retry when that fails', async () => {
    let fail = true;
    const { actor, calls, stage } = start({ load: () => (fail ? Promise.reject(new Error('offline')) : Promise.resolve(lists)) });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe(CATALOGUE_TEXT.loadFailed);
    fail = false;
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect([stage(), calls.load, actor.getSnapshot().context.companies, actor.getSnapshot().context.error]).toEqual(['browsing', 2, lists.companies, null]);
  });

  it("a refused save returns to the form with the server's reason; a saved one reloads with the notice and closes it", async () => {
    const answers = [Promise.reject(new Error('A company with this name already exists on this site')), Promise.resolve('Riverside added.')];
    answers[0].catch(() => undefined);
    const { actor, calls, stage } = start({ save: () => answers.shift()! });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'company.add' });
    const change = { kind: 'company.create', company: { company_name: 'Riverside', rating: 4.5 } };
    actor.send({ type: 'save', change });
    await waitFor(actor, (s) => s.matches({ ready: 'company' }) && s.context.error !== null);
    expect([stage(), actor.getSnapshot().context.error, actor.getSnapshot().context.form]).toEqual(['company', 'A company with this name already exists on this site', { kind: 'company', id: null }]);
    actor.send({ type: 'save', change });
    await waitFor(actor, (s) => s.matches('ready') && calls.load === 2);
    expect([stage(), actor.getSnapshot().context.notice, actor.getSnapshot().context.form, calls.saves.length]).toEqual(['browsing', 'Riverside added.', null, 2]);
  });

  it('a category picture: too large is refused without sending it; a good one is uploaded and kept for the save; closing drops it', async () => {
    let finish: (image: UploadedImage) => void = () => undefined;
    const { actor, calls } = start({ upload: () => new Promise((resolve) => (finish = resolve)) });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'category.edit', id: 1 });
    actor.send({ type: 'image.choose', file: { name: 'huge.png', size: 6 * 1024 * 1024 } });
    expect([actor.getSnapshot().context.imageError, calls.uploads]).toEqual([CATALOGUE_TEXT.imageTooLarge, []]);
    actor.send({ type: 'image.choose', file: { name: 'car.png', size: 120_000 } });
    expect(selectUploading(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'save', change: { kind: 'category.update', id: 1 } });
    expect(calls.saves).toEqual([]);
    finish(uploaded);
    await waitFor(actor, (s) => s.matches({ ready: { category: 'idle' } }));
    expect([actor.getSnapshot().context.image, actor.getSnapshot().context.imageError]).toEqual([uploaded, null]);
    actor.send({ type: 'form.close' });
    expect([actor.getSnapshot().context.image, actor.getSnapshot().context.form]).toEqual([null, null]);
  });

  it("a refused upload shows the server's reason and keeps the form open", async () => {
    const { actor } = start({ upload: () => Promise.reject(new Error('SVG drawings are not accepted')) });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'category.add' });
    actor.send({ type: 'image.choose', file: { name: 'logo.svg', size: 900 } });
    await waitFor(actor, (s) => s.context.imageError !== null);
    expect([actor.getSnapshot().value, actor.getSnapshot().context.image]).toEqual([{ ready: { category: 'idle' } }, null]);
    expect(actor.getSnapshot().context.imageError).toBe('SVG drawings are not accepted');
  });

  it('switching an entry off from the list shows that row busy, and a refusal comes back to the list', async () => {
    const { actor, stage } = start({ save: () => Promise.reject(new Error('At least one company must stay active')) });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'save', change: { kind: 'company.active', id: 1, active: false } });
    expect([stage(), selectSavingId(actor.getSnapshot())]).toEqual(['saving', 1]);
    await waitFor(actor, (s) => s.matches('ready'));
    expect([stage(), actor.getSnapshot().context.error]).toEqual(['browsing', 'At least one company must stay active']);
  });
});
