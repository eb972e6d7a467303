/**
 * The owner's "Vehicles & companies" page (/admin/catalogue) in Chromium against the real server: the path's browser
 * is signed in as the demo owner and has a company and a vehicle category of its own (paths run side by side on one
 * server), which it edits and switches off; new ones get unique names. A refused save or upload is the server's own
 * 409/415 shape answered by the gate; everything else is the real server (a 20 kB PNG uploaded and resized).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { AnyMachineSnapshot } from 'xstate';
import { CATALOGUE_MESSAGES } from '../../../contract/consoleCatalogue.ts';
import { CATALOGUE_TEXT, type CatalogueContext } from '../../../machines/consoleCatalogue/index.ts';
import { DEMO_STAFF } from '../../../server/db/seed/demo.ts';
import { SERVER_ERROR_BODY, answered, gone, labelled, visible } from './common.ts';
import { signInContext, staffCall } from './consoleSession.ts';
import type { UiRun } from './harness.ts';
import type { UiMachine } from './types.ts';

const ctx = (s: AnyMachineSnapshot) => s.context as CatalogueContext;
const companies = (run: UiRun) => run.page.locator('section[aria-labelledby="companies-title"]');
const categories = (run: UiRun) => run.page.locator('section[aria-labelledby="categories-title"]');
const ownCompany = (run: UiRun) => run.scratch.companyName as string;
const ownCategory = (run: UiRun) => run.scratch.categoryName as string;
/** The open form, as the machine says it is (a new entry's or the path's own one's). */
function openForm(run: UiRun, s: AnyMachineSnapshot) {
  const form = ctx(s).form!;
  if (form.kind === 'company') return run.page.getByRole('form', { name: form.id === null ? 'Add a company' : `Edit ${ownCompany(run)}` });
  return run.page.getByRole('form', { name: form.id === null ? 'Add a vehicle category' : `Edit ${ownCategory(run)}` });
}
let serial = 0;
/**
 * A 6 MB file on disk, handed to the browser by its path: as a buffer it crosses the DevTools protocol base64-encoded,
 * which took over 15 s on a loaded machine (CI, 1 December).
 */
function hugePicture(): string {
  const file = join(tmpdir(), `cabflow-huge-${process.pid}.png`);
  if (!existsSync(file)) writeFileSync(file, Buffer.alloc(6 * 1024 * 1024, 1));
  return file;
}

const unique = (what: string) => `${what} ${Date.now().toString(36)}${(serial += 1)}`;
let picture: Promise<Buffer> | null = null;
const smallPicture = () => (picture ??= sharp({ create: { width: 800, height: 400, channels: 3, background: { r: 30, g: 120, b: 80 } } }).png().toBuffer());

export const consoleCatalogueUi: UiMachine = {
  model: 'consoleCatalogue',
  calls: { load: '**/api/admin/catalogue', save: '**/api/admin/catalogue/{companies,categories}{,/*}', upload: '**/api/admin/catalogue/images' },
  prepare: async (run) => {
    await signInContext(run, DEMO_STAFF.owner);
    run.scratch.companyName = unique('Model Cars');
    run.scratch.categoryName = unique('Model Saloon');
    const company = await staffCall(run, 'POST', '/api/admin/catalogue/companies', { company_name: run.scratch.companyName, rating: 4.5 });
    if (company.status() !== 201) throw new Error(`the path's company was not created: ${company.status()} ${await company.text()}`);
    const category = await staffCall(run, 'POST', '/api/admin/catalogue/categories', {
      category_name: run.scratch.categoryName,
      seats: 4,
      luggage: 2,
      hand_luggage: 2,
      wheelchair: false,
      vehicle_img: 'vehicles/saloon.svg',
    });
    if (category.status() !== 201) throw new Error(`the path's category was not created: ${category.status()} ${await category.text()}`);
  },
  open: async (run) => {
    await run.page.goto(run.url('/admin/catalogue'));
    await run.page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: 20_000 });
  },
  executors: {
    retry: { run: async (run) => run.page.getByRole('button', { name: 'Try again' }).click() },
    'company.add': { run: async (run) => companies(run).getByRole('button', { name: 'Add company' }).click() },
    'company.edit': { run: async (run) => companies(run).getByRole('button', { name: `Edit ${ownCompany(run)}`, exact: true }).click() },
    'category.add': { run: async (run) => categories(run).getByRole('button', { name: 'Add category' }).click() },
    'category.edit': { run: async (run) => categories(run).getByRole('button', { name: `Edit ${ownCategory(run)}`, exact: true }).click() },
    'form.close': { run: async (run, { before }) => openForm(run, before).getByRole('button', { name: 'Cancel' }).click() },
    'image.choose:small': {
      run: async (run, { before }) => openForm(run, before).locator('input[type="file"]').setInputFiles({ name: 'car.png', mimeType: 'image/png', buffer: await smallPicture() }),
    },
    'image.choose:large': {
      run: async (run, { before }) => openForm(run, before).locator('input[type="file"]').setInputFiles(hugePicture()),
    },
    'save:form': {
      run: async (run, { before }) => {
        const form = openForm(run, before);
        const { kind, id } = ctx(before).form!;
        run.scratch.edits = (run.scratch.edits ?? 0) + 1;
        if (kind === 'company' && id === null) {
          await labelled(form, 'Company name').fill(unique('New Cars'));
          return form.getByRole('button', { name: 'Add company' }).click();
        }
        if (kind === 'company') {
          // Each edit a new rating (an unchanged form sends nothing).
          await labelled(form, 'Rating (stars, 0 to 5)').fill(String(1 + (run.scratch.edits % 40) / 10));
          return form.getByRole('button', { name: 'Save company' }).click();
        }
        if (id === null) {
          await labelled(form, 'Category name').fill(unique('New Category'));
          return form.getByRole('button', { name: 'Add category' }).click();
        }
        await labelled(form, 'Seats').fill(String(2 + (run.scratch.edits % 18)));
        await form.getByRole('button', { name: 'Save category' }).click();
      },
    },
    'save:active': { run: async (run) => companies(run).getByRole('button', { name: new RegExp(`^(Deactivate|Reactivate) ${ownCompany(run)}$`) }).click() },
    'load:done': answered(() => ({ kind: 'continue' })),
    'load:error': answered(() => ({ kind: 'fulfil', status: 503, body: SERVER_ERROR_BODY })),
    'save:done': answered(() => ({ kind: 'continue' })),
    'save:refused': answered(() => ({ kind: 'fulfil', status: 409, body: { success: false, message: CATALOGUE_MESSAGES.companyNameTaken } })),
    'upload:done': answered(() => ({ kind: 'continue' })),
    'upload:refused': answered(() => ({ kind: 'fulfil', status: 415, body: { success: false, message: CATALOGUE_MESSAGES.imageSvg } })),
  },
  assertions: {
    loading: async (run, { snapshot }) => {
      // The first load shows a loader; a reload after a save keeps the lists and shows what was saved.
      if (ctx(snapshot).notice === null) await visible(run.page.getByRole('status').getByText('Loading…'));
      else await visible(run.page.getByRole('status').getByText(/ (added|saved|offered again|switched off: no longer offered on the website)\.$/));
    },
    failed: async (run) => {
      await visible(run.page.getByRole('alert').getByText(CATALOGUE_TEXT.loadFailed));
    },
    'ready.browsing': async (run, { snapshot }) => {
      await visible(companies(run).getByRole('row').filter({ hasText: ownCompany(run) }));
      await gone(run.page.getByRole('form'));
      if (ctx(snapshot).error) await visible(run.page.getByRole('alert').getByText(ctx(snapshot).error!));
    },
    'ready.company': async (run, { snapshot }) => {
      await visible(labelled(openForm(run, snapshot), 'Company name'));
      if (ctx(snapshot).error) await visible(openForm(run, snapshot).getByRole('alert').getByText(ctx(snapshot).error!));
    },
    'ready.category.idle': async (run, { snapshot }) => {
      const form = openForm(run, snapshot);
      await visible(labelled(form, 'Category name'));
      if (ctx(snapshot).imageError) await visible(form.getByRole('alert').getByText(ctx(snapshot).imageError!));
      if (ctx(snapshot).image) await visible(form.getByRole('status').getByText(/^Uploaded and resized: 640 × 320/));
      if (ctx(snapshot).error) await visible(form.getByRole('alert').getByText(ctx(snapshot).error!));
    },
    'ready.category.uploading': async (run, { snapshot }) => {
      await visible(openForm(run, snapshot).getByRole('button', { name: 'Choose a picture…' }).and(run.page.locator('[data-loading]')));
    },
    saving: async (run, { snapshot }) => {
      if (ctx(snapshot).form === null) await visible(companies(run).getByRole('button', { name: new RegExp(`^(Deactivate|Reactivate) ${ownCompany(run)}$`) }).and(run.page.locator('[data-loading]')));
      else await visible(openForm(run, snapshot).getByRole('button', { name: /^(Add|Save) (company|category)$/ }).and(run.page.locator('[data-loading]')));
    },
  },
};
