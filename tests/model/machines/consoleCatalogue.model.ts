/**
 * The owner's catalogue page statechart (machines/consoleCatalogue) on /admin/catalogue: the companies and vehicle
 * categories, their add and edit forms, a category picture uploaded (or refused) before the save, switching an entry
 * off from its row, and each change refused or saved.
 */
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { CATALOGUE_MESSAGES, type CatalogueCategory, type CatalogueCompany, type UploadedImage } from '../../../contract/consoleCatalogue.ts';
import { CATALOGUE_TEXT, catalogueMachine as m, type CatalogueContext } from '../../../machines/consoleCatalogue/index.ts';
import type { MachineModel } from '../types.ts';
import { httpError, outcome, variant } from './helpers.ts';

const ctx = (s: AnyMachineSnapshot) => s.context as CatalogueContext;
const last = (invocations: Record<string, unknown[]>, name: string) => (invocations[name] ?? []).at(-1);

export const MODEL_COMPANY: CatalogueCompany = { id: 1, company_name: 'Model Cars', rating: 4.5, active: true };
export const MODEL_CATEGORY: CatalogueCategory = { id: 1, category_name: 'Model Saloon', seats: 4, luggage: 2, hand_luggage: 2, wheelchair: false, vehicle_img: 'vehicles/saloon.svg', active: true };
const UPLOADED: UploadedImage = { vehicle_img: 'uploads/1/0123456789abcdef0123456789abcdef.webp', width: 640, height: 320, bytes: 4000 };
const SMALL_FILE = { name: 'car.png', size: 20_000 };
const LARGE_FILE = { name: 'huge.png', size: 6 * 1024 * 1024 };
const FORM_SAVE = { kind: 'company.update', id: 1, patch: { rating: 4.6 } };
const ROW_SAVE = { kind: 'company.active', id: 1, active: false };

export const consoleCatalogueModel: MachineModel = {
  id: 'consoleCatalogue',
  title: 'vehicles & companies',
  machine: m,
  origins: [{ id: 'catalogue', label: '/admin/catalogue, signed in as an owner', input: undefined }],
  variants: [
    variant('retry', { type: 'retry' }, 'Try again'),
    variant('company.add', { type: 'company.add' }, 'Add company'),
    variant('company.edit', { type: 'company.edit', id: 1 }, "Edit on a company's row"),
    variant('category.add', { type: 'category.add' }, 'Add category'),
    variant('category.edit', { type: 'category.edit', id: 1 }, "Edit on a category's row"),
    variant('form.close', { type: 'form.close' }, 'Cancel the open form'),
    variant('image.choose:small', { type: 'image.choose', file: SMALL_FILE }, 'choose a 20 kB picture'),
    variant('image.choose:large', { type: 'image.choose', file: LARGE_FILE }, 'choose a 6 MB picture'),
    variant('save:form', { type: 'save', change: FORM_SAVE }, 'fill in the open form, Add / Save'),
    variant('save:active', { type: 'save', change: ROW_SAVE }, 'Deactivate (or Reactivate) on a row'),
    variant('load:done', { type: outcome(m, 'load', 'done'), output: { companies: [MODEL_COMPANY], categories: [MODEL_CATEGORY] } }, 'the lists are shown'),
    variant('load:error', { type: outcome(m, 'load', 'error'), error: httpError(503, 'Service unavailable') }, 'the lists do not load'),
    variant('save:done', { type: outcome(m, 'save', 'done'), output: 'Model Cars saved.' }, 'saved'),
    variant('save:refused', { type: outcome(m, 'save', 'error'), error: httpError(409, CATALOGUE_MESSAGES.companyNameTaken) }, 'the server refuses it (a name taken)'),
    variant('upload:done', { type: outcome(m, 'upload', 'done'), output: UPLOADED }, 'the picture is stored and resized'),
    variant('upload:refused', { type: outcome(m, 'upload', 'error'), error: httpError(415, CATALOGUE_MESSAGES.imageSvg) }, 'the server refuses the file (an SVG)'),
  ],
  // A form's save only from an open form (and not while its picture uploads); a row's switch from the list.
  offer: (s, v) => (v.key === 'save:form' ? s.matches({ ready: 'company' }) || s.matches({ ready: { category: 'idle' } }) : v.key === 'save:active' ? s.matches({ ready: 'browsing' }) : true),
  abstract: (s) => ({ notice: ctx(s).notice, error: ctx(s).error, form: ctx(s).form, image: ctx(s).image !== null, imageError: ctx(s).imageError, change: ctx(s).change?.kind ?? null }),
  limit: 20_000,
  isGoal: () => false,
  simple: { variants: () => false, maxPaths: 0, maxLength: 0 },
  assertions: {
    loading: ({ snapshot }) => {
      expect([null, 'Model Cars saved.']).toContain(ctx(snapshot).notice);
      expect(ctx(snapshot).form).toBeNull();
    },
    failed: ({ snapshot }) => expect(ctx(snapshot).error).toBe(CATALOGUE_TEXT.loadFailed),
    'ready.browsing': ({ snapshot }) => {
      expect(ctx(snapshot).form).toBeNull();
      expect([ctx(snapshot).image, ctx(snapshot).imageError]).toEqual([null, null]);
      expect(ctx(snapshot).companies).toEqual([MODEL_COMPANY]);
    },
    'ready.company': ({ snapshot }) => {
      expect(ctx(snapshot).form?.kind).toBe('company');
      expect(ctx(snapshot).image).toBeNull();
      expect([null, CATALOGUE_MESSAGES.companyNameTaken]).toContain(ctx(snapshot).error);
    },
    'ready.category.idle': ({ snapshot }) => {
      expect(ctx(snapshot).form?.kind).toBe('category');
      expect([null, UPLOADED]).toContainEqual(ctx(snapshot).image);
      expect([null, CATALOGUE_TEXT.imageTooLarge, CATALOGUE_MESSAGES.imageSvg]).toContain(ctx(snapshot).imageError);
    },
    'ready.category.uploading': ({ snapshot, invocations }) => {
      expect(last(invocations, 'upload')).toEqual(SMALL_FILE);
      expect(ctx(snapshot).imageError).toBeNull();
    },
    saving: ({ snapshot, invocations }) => {
      expect([FORM_SAVE, ROW_SAVE]).toContainEqual(last(invocations, 'save'));
      expect(ctx(snapshot).error).toBeNull();
    },
  },
  guardChecks: [
    {
      label: 'a picture over 5 MB is refused at once, without an upload',
      event: { type: 'image.choose', file: LARGE_FILE },
      expected: (s) => (s.matches({ ready: { category: 'idle' } }) ? { can: true, next: ['ready.category.idle'] } : undefined),
    },
    {
      label: 'a refused save goes back to the open form, a refused switch to the list',
      event: { type: outcome(m, 'save', 'error'), error: httpError(409, CATALOGUE_MESSAGES.companyNameTaken) },
      expected: (s) => (s.matches('saving') ? { can: true, next: [ctx(s).form === null ? 'ready.browsing' : ctx(s).form!.kind === 'company' ? 'ready.company' : 'ready.category.idle'] } : undefined),
    },
    { label: 'no form opens while a change is saved', event: { type: 'company.add' }, expected: (s) => (s.matches('saving') || s.matches('loading') || s.matches('failed') ? { can: false } : undefined) },
  ],
};
