import type { SnapshotFrom } from 'xstate';
import type { CatalogueMachine } from './catalogue.machine.ts';

type Snapshot = SnapshotFrom<CatalogueMachine>;

export type CatalogueStage = 'loading' | 'failed' | 'browsing' | 'company' | 'category' | 'saving';

export function selectCatalogueStage(s: Snapshot): CatalogueStage {
  if (s.matches('loading')) return 'loading';
  if (s.matches('failed')) return 'failed';
  if (s.matches('saving')) return s.context.form?.kind ?? 'saving';
  if (s.matches({ ready: 'company' })) return 'company';
  if (s.matches({ ready: 'category' })) return 'category';
  return 'browsing';
}

export const selectCompanies = (s: Snapshot) => s.context.companies;
export const selectCategories = (s: Snapshot) => s.context.categories;
export const selectCatalogueNotice = (s: Snapshot) => s.context.notice;
export const selectCatalogueError = (s: Snapshot) => s.context.error;
export const selectOpenForm = (s: Snapshot) => s.context.form;
export const selectSavingForm = (s: Snapshot) => s.matches('saving') && s.context.form !== null;
/** The entry whose switch is being saved (from the list), to show that row busy. */
export const selectSavingId = (s: Snapshot) => (s.matches('saving') && s.context.form === null ? (s.context.change?.id ?? null) : null);
export const selectUploading = (s: Snapshot) => s.matches({ ready: { category: 'uploading' } });
export const selectUploadedImage = (s: Snapshot) => s.context.image;
export const selectImageError = (s: Snapshot) => s.context.imageError;
