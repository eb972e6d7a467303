/** The catalogue page's statechart given the console's calls (src/api/consoleCatalogue.ts). */
import { fromPromise } from 'xstate';
import type { CategoryCreate, CategoryPatch, CompanyCreate, CompanyPatch } from '../../../contract/consoleCatalogue.ts';
import { catalogueMachine, type CatalogueChange, type ChosenFile } from '../../../machines/consoleCatalogue/index.ts';
import { createCategory, createCompany, loadCatalogue, patchCategory, patchCompany, uploadImage } from '../../api/consoleCatalogue.ts';

async function save(change: CatalogueChange): Promise<string> {
  switch (change.kind) {
    case 'company.create':
      return `${(await createCompany(change.company as CompanyCreate)).company_name} added.`;
    case 'company.update':
      return `${(await patchCompany(change.id!, change.patch as CompanyPatch)).company_name} saved.`;
    case 'company.active': {
      const company = await patchCompany(change.id!, { active: change.active as boolean });
      return `${company.company_name} is ${company.active ? 'offered again' : 'switched off: no longer offered on the website'}.`;
    }
    case 'category.create':
      return `${(await createCategory(change.category as CategoryCreate)).category_name} added.`;
    case 'category.update':
      return `${(await patchCategory(change.id!, change.patch as CategoryPatch)).category_name} saved.`;
    default: {
      const category = await patchCategory(change.id!, { active: change.active as boolean });
      return `${category.category_name} is ${category.active ? 'offered again' : 'switched off: no longer offered on the website'}.`;
    }
  }
}

export const catalogueLogic = catalogueMachine.provide({
  actors: {
    load: fromPromise(({ signal }) => loadCatalogue({ signal })),
    save: fromPromise(({ input }: { input: CatalogueChange }) => save(input)),
    upload: fromPromise(({ input }: { input: ChosenFile }) => uploadImage(input as unknown as Blob)),
  },
});
