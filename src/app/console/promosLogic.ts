/** The promo codes page's statechart given the console's calls (src/api/consolePromos.ts) and the site's vehicle categories. */
import { fromPromise } from 'xstate';
import { promosMachine, type PromoChange } from '../../../machines/consolePromos/index.ts';
import { createPromo, loadPromos, patchPromo } from '../../api/consolePromos.ts';
import { loadCatalogChoices } from './catalogChoices.ts';

async function save(change: PromoChange): Promise<string> {
  if (change.kind === 'create') return `${(await createPromo(change.promo)).code} created.`;
  const promo = await patchPromo(change.id, change.patch);
  if (Object.keys(change.patch).length === 1 && change.patch.active !== undefined) return `${promo.code} is ${promo.active ? 'on again' : 'switched off: visitors can no longer use it'}.`;
  return `${promo.code} saved.`;
}

export const promosLogic = promosMachine.provide({
  actors: {
    load: fromPromise(async ({ signal }) => {
      const [promos, choices] = await Promise.all([loadPromos({ signal }), loadCatalogChoices({ signal })]);
      return { promos, categories: choices.categories };
    }),
    save: fromPromise(({ input }: { input: PromoChange }) => save(input)),
  },
});
