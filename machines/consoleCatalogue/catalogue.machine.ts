/**
 * The owner's "Vehicles & companies" page (/admin/catalogue): the site's companies and vehicle categories, adding and
 * editing each, switching them off and on, and a category's picture uploaded and previewed before it is saved.
 * Pure: the view supplies `load` (both lists), `save` (one change, answering the text that confirms it) and `upload`
 * (one image file, answering what the server stored).
 * - `loading` → `ready.browsing`, or `failed` (`retry`).
 * - From anywhere in `ready`: `company.add` / `company.edit` → `ready.company` (the company form); `category.add` /
 *   `category.edit` → `ready.category` (the category form, with its own `idle` ⇄ `uploading`). `form.close` → browsing.
 * - In the category form, `image.choose` (a file) → `uploading` → back to `idle` with the stored image to preview (or
 *   the server's reason); a file over IMAGE_RULES.maxBytes is refused at once, without sending it. Closing the form
 *   drops an uploaded picture that was not saved (the category keeps its own).
 * - `save` from browsing (switching an entry on or off) or a form → `saving` → `loading` with the server's
 *   confirmation as the notice, or back where it was with the server's reason (a name taken, the last company…),
 *   the form and its uploaded picture kept.
 */
import { assign, fromPromise, setup } from 'xstate';
import { IMAGE_RULES, type CatalogueCategory, type CatalogueCompany, type UploadedImage } from '../../contract/consoleCatalogue.ts';
import { messageOf } from '../console/callError.ts';

export const CATALOGUE_TEXT = {
  loadFailed: 'The companies and vehicles could not be loaded. Check the connection and try again.',
  saveFailed: 'That was not saved. Check the connection and try again.',
  uploadFailed: 'The picture was not uploaded. Check the connection and try again.',
  imageTooLarge: `This file is larger than ${IMAGE_RULES.maxLabel}. Save it smaller and try again.`,
} as const;

export interface CatalogueLists {
  companies: CatalogueCompany[];
  categories: CatalogueCategory[];
}

/** One change to save: the view's shape (`{ kind: 'company.create', company }`, `{ kind: 'category.active', id, active }` …). */
export interface CatalogueChange {
  kind: string;
  id?: number;
  [field: string]: unknown;
}

/** What the machine needs of a chosen file (a browser File is one). */
export interface ChosenFile {
  size: number;
  name: string;
}

export type CatalogueForm = { kind: 'company' | 'category'; id: number | null };

export interface CatalogueContext extends CatalogueLists {
  notice: string | null;
  error: string | null;
  /** The open form: which kind, and the entry it edits (null: a new one). */
  form: CatalogueForm | null;
  /** The picture uploaded in the open category form, not yet saved. */
  image: UploadedImage | null;
  imageError: string | null;
  file: ChosenFile | null;
  change: CatalogueChange | null;
}

export type CatalogueEvent =
  | { type: 'retry' }
  | { type: 'company.add' }
  | { type: 'company.edit'; id: number }
  | { type: 'category.add' }
  | { type: 'category.edit'; id: number }
  | { type: 'form.close' }
  | { type: 'image.choose'; file: ChosenFile }
  | { type: 'save'; change: CatalogueChange };

const notProvided = (name: string) => () => Promise.reject(new Error(`catalogue actor "${name}" is not provided`));

const cleared = { notice: null, error: null, image: null, imageError: null, file: null } as const;

export const catalogueMachine = setup({
  types: {
    context: {} as CatalogueContext,
    events: {} as CatalogueEvent,
  },
  actors: {
    load: fromPromise<CatalogueLists, void>(notProvided('load')),
    save: fromPromise<string, CatalogueChange>(notProvided('save')),
    upload: fromPromise<UploadedImage, ChosenFile>(notProvided('upload')),
  },
  actions: {
    openForm: assign((_, params: CatalogueForm) => ({ ...cleared, form: params })),
    closeForm: assign({ ...cleared, form: null }),
    keepChange: assign({ change: (_, params: { change: CatalogueChange }) => params.change, error: null }),
  },
  guards: {
    fileTooLarge: ({ event }) => event.type === 'image.choose' && event.file.size > IMAGE_RULES.maxBytes,
    inCompanyForm: ({ context }) => context.form?.kind === 'company',
    inCategoryForm: ({ context }) => context.form?.kind === 'category',
  },
}).createMachine({
  id: 'catalogue',
  context: { companies: [], categories: [], notice: null, error: null, form: null, image: null, imageError: null, file: null, change: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load',
        onDone: { target: 'ready', actions: assign(({ event }) => ({ companies: event.output.companies, categories: event.output.categories })) },
        onError: { target: 'failed', actions: assign({ error: CATALOGUE_TEXT.loadFailed }) },
      },
    },
    failed: { on: { retry: { target: 'loading', actions: assign({ error: null }) } } },
    ready: {
      initial: 'browsing',
      on: {
        'company.add': { target: '.company', actions: { type: 'openForm', params: { kind: 'company', id: null } } },
        'company.edit': { target: '.company', actions: { type: 'openForm', params: ({ event }) => ({ kind: 'company' as const, id: event.id }) } },
        'category.add': { target: '.category', actions: { type: 'openForm', params: { kind: 'category', id: null } } },
        'category.edit': { target: '.category', actions: { type: 'openForm', params: ({ event }) => ({ kind: 'category' as const, id: event.id }) } },
      },
      states: {
        browsing: {
          on: { save: { target: '#catalogue.saving', actions: [{ type: 'keepChange', params: ({ event }) => ({ change: event.change }) }, assign({ notice: null })] } },
        },
        company: {
          on: {
            'form.close': { target: 'browsing', actions: 'closeForm' },
            save: { target: '#catalogue.saving', actions: { type: 'keepChange', params: ({ event }) => ({ change: event.change }) } },
          },
        },
        category: {
          initial: 'idle',
          on: { 'form.close': { target: 'browsing', actions: 'closeForm' } },
          states: {
            idle: {
              on: {
                'image.choose': [
                  { guard: 'fileTooLarge', actions: assign({ imageError: CATALOGUE_TEXT.imageTooLarge }) },
                  { target: 'uploading', actions: assign({ file: ({ event }) => event.file, imageError: null }) },
                ],
                save: { target: '#catalogue.saving', actions: { type: 'keepChange', params: ({ event }) => ({ change: event.change }) } },
              },
            },
            uploading: {
              invoke: {
                src: 'upload',
                input: ({ context }) => context.file!,
                onDone: { target: 'idle', actions: assign({ image: ({ event }) => event.output, file: null }) },
                onError: { target: 'idle', actions: assign({ imageError: ({ event }) => messageOf(event.error, CATALOGUE_TEXT.uploadFailed), file: null }) },
              },
            },
          },
        },
      },
    },
    saving: {
      invoke: {
        src: 'save',
        input: ({ context }) => context.change!,
        onDone: { target: 'loading', actions: [{ type: 'closeForm' }, assign({ notice: ({ event }) => event.output })] },
        onError: [
          { guard: 'inCompanyForm', target: 'ready.company', actions: assign({ error: ({ event }) => messageOf(event.error, CATALOGUE_TEXT.saveFailed) }) },
          { guard: 'inCategoryForm', target: 'ready.category', actions: assign({ error: ({ event }) => messageOf(event.error, CATALOGUE_TEXT.saveFailed) }) },
          { target: 'ready.browsing', actions: assign({ error: ({ event }) => messageOf(event.error, CATALOGUE_TEXT.saveFailed) }) },
        ],
      },
    },
  },
});

export type CatalogueMachine = typeof catalogueMachine;
