/**
 * The Prices page on /admin/prices in Chromium against the real server, signed in as the demo owner. Every call is
 * answered by the gate in the server's shape (the list with one saved zone, the preview, saves and deletions), so no
 * path changes the database and paths running side by side never see each other's prices.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { PRICES_TEXT, type PricesContext } from '../../../machines/consolePrices/index.ts';
import { DEMO_STAFF } from '../../../server/db/seed/demo.ts';
import { CORNER_MOVED, MODEL_PREVIEW, MODEL_PRICES, PREVIEW_DELAY_EVENT, REFUSED_TEXT, TYPED, ZONE_POINT, zoneCorners } from '../machines/consolePrices.model.ts';
import { SERVER_ERROR_BODY, answered, timer, visible } from './common.ts';
import { signInContext } from './consoleSession.ts';
import { eventually, type UiRun } from './harness.ts';
import { RUNNER_LIMIT } from './select.ts';
import type { UiMachine } from './types.ts';

const ctx = (s: AnyMachineSnapshot) => s.context as PricesContext;
const editorForm = (run: UiRun) => run.page.getByRole('form', { name: /^(New|Edit) / });
const previewSection = (run: UiRun) => run.page.locator('section[aria-labelledby="preview-title"]');
const isUserStep = (type: string) => !type.startsWith('xstate.');

/**
 * Where (lat, lon) is on the zone form's schematic map, by its projection's frame (data-north/south/east/west), as
 * tests/e2e/console-prices.test.ts clicks it; a point outside the drawn frame is brought inside its edge.
 */
async function mapSpot(run: UiRun, { lat, lon }: { lat: number; lon: number }) {
  const map = editorForm(run).getByTestId('map-schematic');
  await map.waitFor();
  const [frame, box] = await Promise.all([map.evaluate((svg) => ({ ...(svg as SVGElement).dataset })), map.locator('rect').first().boundingBox()]);
  if (!box) throw new Error('the schematic map is not drawn');
  const [north, south, east, west] = [frame.north, frame.south, frame.east, frame.west].map(Number);
  const within = (x: number) => Math.min(0.95, Math.max(0.05, Number.isFinite(x) ? x : 0.5));
  return { x: box.x + within((lon - west) / (east - west)) * box.width, y: box.y + within((north - lat) / (north - south)) * box.height };
}
const clickMap = async (run: UiRun, point: { lat: number; lon: number }) => {
  const { x, y } = await mapSpot(run, point);
  await run.page.mouse.click(x, y);
};

export const consolePricesUi: UiMachine = {
  model: 'consolePrices',
  // One queue for the list; one for saves and deletions (a new tariff's POST, the zone's DELETE); one for the preview.
  calls: { load: '**/api/admin/prices', save: '**/api/admin/prices/{tariffs,zones/7}', preview: '**/api/admin/prices/preview' },
  prepare: async (run) => signInContext(run, DEMO_STAFF.owner),
  open: async (run) => {
    await run.page.goto(run.url('/admin/prices'));
    await run.page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: 20_000 });
  },
  unavailable: (s, variant) => {
    const type = variant.event.type;
    if (!isUserStep(type)) return null;
    if (s.matches({ ready: { preview: 'debouncing' } })) return `${RUNNER_LIMIT}the preview waits 0.35 s after a change: a step there races its timer`;
    // A preview the path leaves unanswered would reach the real server (the gates answer calls in path order).
    if (s.matches({ ready: { preview: 'pricing' } })) return 'the preview is being priced: a step there races its answer';
    const open = s.matches({ ready: { editor: 'open' } });
    if ((type === 'edit.change' || type === 'edit.close' || type === 'save' || type === 'remove') && !open) return 'no form is open (or its buttons are busy)';
    if (type === 'remove' && ctx(s).edit?.key === null) return 'a new row has no Delete button';
    if (type.startsWith('zone.')) {
      if (!open) return 'the zone map is in the open form only (and not while it saves or deletes)';
      if (ctx(s).edit?.entity !== 'zone') return "a tariff's form has no map";
      const corners = zoneCorners(ctx(s).edit);
      if (ctx(s).edit?.values === TYPED) return "the model's typed values (a marker) hold no corners to follow on the map";
      if (type !== 'zone.point' && corners.length === 0) return 'the polygon has no corner left to drag or remove';
    }
    return null;
  },
  executors: {
    'load:done': answered(() => ({ kind: 'fulfil', status: 200, body: MODEL_PRICES })),
    'load:error': answered(() => ({ kind: 'fulfil', status: 503, body: SERVER_ERROR_BODY })),
    retry: { run: async (run) => run.page.getByRole('button', { name: 'Try again' }).click() },
    'edit.open:tariff': { run: async (run) => run.page.getByRole('button', { name: 'New tariff' }).click() },
    'edit.open:zone': { run: async (run) => run.page.getByRole('button', { name: 'Edit zone Heathrow' }).click() },
    'edit.change': {
      run: async (run, { before }) => {
        const form = editorForm(run);
        if (ctx(before).edit?.entity === 'zone') await form.getByLabel('Name').fill('Heathrow airport');
        else await form.getByLabel('Base fare (£)').fill('5.00');
      },
    },
    'edit.close': { run: async (run) => editorForm(run).getByRole('button', { name: 'Close' }).click() },
    'zone.point': { run: async (run) => clickMap(run, ZONE_POINT) },
    'zone.corner.move': {
      run: async (run) => {
        const corner = editorForm(run).getByTestId('map-corner').first();
        const from = await corner.boundingBox();
        if (!from) throw new Error('the first corner is not drawn');
        const to = await mapSpot(run, CORNER_MOVED);
        await run.page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
        await run.page.mouse.down();
        await run.page.mouse.move((from.x + from.width / 2 + to.x) / 2, (from.y + from.height / 2 + to.y) / 2, { steps: 4 });
        await run.page.mouse.move(to.x, to.y, { steps: 4 });
        await run.page.mouse.up();
      },
    },
    'zone.corner.remove': { run: async (run) => editorForm(run).getByRole('button', { name: 'Remove corner 1', exact: true }).click() },
    'trip.change': { run: async (run) => run.page.getByLabel('Date', { exact: true }).fill('2027-01-10') },
    save: { run: async (run) => editorForm(run).getByRole('button', { name: 'Save' }).click() },
    remove: { run: async (run) => editorForm(run).getByRole('button', { name: 'Delete' }).click() },
    'save:done': answered(() => ({ kind: 'fulfil', status: 201, body: { success: true } })),
    'save:error': answered(() => ({ kind: 'fulfil', status: 400, body: { success: false, message: REFUSED_TEXT } })),
    'remove:done': answered(() => ({ kind: 'fulfil', status: 200, body: { success: true } })),
    'remove:error': answered(() => ({ kind: 'fulfil', status: 503, body: SERVER_ERROR_BODY })),
    [PREVIEW_DELAY_EVENT]: timer,
    'preview:done': answered(() => ({ kind: 'fulfil', status: 200, body: MODEL_PREVIEW })),
    'preview:error': answered(() => ({ kind: 'fulfil', status: 200, body: { success: false, message: 'Unknown place' } })),
  },
  assertions: {
    loading: async (run) => visible(run.page.getByRole('heading', { name: 'Prices', level: 1 })),
    failed: async (run) => visible(run.page.getByText(PRICES_TEXT.loadFailed)),
    'ready.editor.closed': async (run) => eventually(async () => {
      if ((await editorForm(run).count()) !== 0) throw new Error('an editor form is still open');
    }),
    'ready.editor.open': async (run, { snapshot }) => {
      await visible(editorForm(run));
      const { error, edit } = ctx(snapshot);
      // A zone's corners as the statechart holds them are drawn on the map (values typed over: the model keeps none).
      if (edit?.entity === 'zone' && edit.values !== TYPED) {
        const corners = zoneCorners(edit).length;
        await eventually(async () => {
          const drawn = await editorForm(run).getByTestId('map-corner').count();
          if (drawn !== corners) throw new Error(`the zone map draws ${drawn} corners, the statechart holds ${corners}`);
        });
      }
      // A failed call shows the server's own message.
      if (error) await visible(editorForm(run).getByRole('alert').getByText(error === REFUSED_TEXT ? error : SERVER_ERROR_BODY.message));
    },
    'ready.editor.saving': async (run) => visible(editorForm(run).getByRole('button', { name: 'Save' }).and(run.page.locator('[data-loading]'))),
    'ready.editor.removing': async (run) => visible(editorForm(run).getByRole('button', { name: 'Delete' }).and(run.page.locator('[data-loading]'))),
    'ready.preview.debouncing': async () => {},
    'ready.preview.pricing': async (run) => visible(previewSection(run).getByLabel('Pricing')),
    'ready.preview.shown': async (run) => visible(previewSection(run).getByText('Heathrow Terminal 5 → Windsor, 6.36 miles (estimated)')),
    'ready.preview.failed': async (run) => visible(previewSection(run).getByRole('alert').getByText('Unknown place')),
  },
};
