/** The places page's statechart given the console's calls (src/api/consolePlaces.ts). */
import { fromPromise } from 'xstate';
import type { BanCheck, BanCreate, PlaceCreate, PlacePatch } from '../../../contract/consolePlaces.ts';
import { placesMachine, type PlacesChange } from '../../../machines/consolePlaces/index.ts';
import { checkBan, createBan, createPlace, deleteBan, deletePlace, loadPlaces, locatePlace, patchPlace } from '../../api/consolePlaces.ts';

async function save(change: PlacesChange): Promise<string> {
  switch (change.kind) {
    case 'address.create': {
      const place = await createPlace(change.place as PlaceCreate);
      return `${place.address} saved${place.popular ? ' as a popular location' : ''}.`;
    }
    case 'address.update': {
      const patch = change.patch as PlacePatch;
      const place = await patchPlace(change.id!, patch);
      if (Object.keys(patch).length === 1 && patch.popular !== undefined) return `${place.address} is ${place.popular ? 'now a popular location' : 'no longer a popular location'}.`;
      return `${place.address} saved.`;
    }
    case 'address.delete':
      await deletePlace(change.id!);
      return `${String(change.address)} removed.`;
    case 'ban.create': {
      const ban = await createBan(change.ban as BanCreate);
      return `'${ban.pattern}' is banned: searches containing it are refused.`;
    }
    default:
      await deleteBan(change.id!);
      return `'${String(change.pattern)}' is no longer banned.`;
  }
}

export const placesLogic = placesMachine.provide({
  actors: {
    load: fromPromise(({ signal }) => loadPlaces({ signal })),
    locate: fromPromise(({ input }: { input: string }) => locatePlace(input)),
    check: fromPromise(({ input }: { input: BanCheck }) => checkBan(input)),
    save: fromPromise(({ input }: { input: PlacesChange }) => save(input)),
  },
});
