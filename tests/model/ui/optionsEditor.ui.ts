/**
 * The options editor in Chromium: the booking summary panel of /personalDetailView for a mileage return trip (a real
 * quote stored as the quotation step leaves it), with its Options table, Edit, Save and Cancel.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { OptionsEditorContext } from '../../../machines/optionsEditor/index.ts';
import type { PriceDetail } from '../../../machines/booking/index.ts';
import { KEY_HEADERS } from '../../helpers/provider.ts';
import { gone, visible, weekdayAhead } from './common.ts';
import { encoded, type UiRun } from './harness.ts';
import type { UiMachine } from './types.ts';
import { appReady } from '../../helpers/browser.ts';

const ctx = (s: AnyMachineSnapshot) => s.context as OptionsEditorContext;
const optionsPanel = (run: UiRun) => run.page.getByTestId('options-panel');
const editing = (s: AnyMachineSnapshot) => s.matches('editing');

async function seedReturnTrip(run: UiRun) {
  const date = weekdayAhead(4);
  const form = {
    stops: [],
    pickup: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
    dropoff: 'The Savoy, Strand, London WC2R 0EZ',
    pickup_date: date,
    pickup_hour: '2pm',
    pickup_min: '30',
    select_option: 'return',
    return_date: date,
    return_hour: '9pm',
    return_min: '15',
    passengers: 2,
    luggages: 1,
    hand_luggages: 1,
    return_passengers: 2,
    return_luggages: 1,
    return_hand_luggages: 1,
  };
  const response = await fetch(run.url('/api/v1/calculate-distance-price'), { method: 'POST', headers: { ...KEY_HEADERS, 'content-type': 'application/json' }, body: JSON.stringify(form) });
  if (response.status !== 200) throw new Error(`the demo return quote failed: ${response.status}`);
  const list = (await response.json()).price_details as PriceDetail[];
  const saloon = list.find((row) => row.vehicle_id === 1 && row.company_id === 1)!;
  await run.page.goto(run.url('/favicon.svg'));
  await run.page.evaluate(
    (items) => {
      for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
    },
    { BookingType: encoded('milleage'), BookingForm: JSON.stringify(form), PriceDetails: encoded(list), selectedVehicleData: encoded(saloon), SelectedVehicle: JSON.stringify({ vehicle_id: 1 }), selectionKind: JSON.stringify('selection') },
  );
}

export const optionsEditorUi: UiMachine = {
  model: 'optionsEditor',
  calls: {},
  open: async (run) => {
    await seedReturnTrip(run);
    await run.page.goto(run.url('/personalDetailView'));
    // Server-rendered pages show before they react: wait for the app.
    await appReady(run.page, 20_000);
    await visible(optionsPanel(run), 20_000);
  },
  executors: {
    'hide.toggle': {
      unavailable: (s) => (editing(s) ? 'Hide / Show is not offered while editing' : null),
      run: async (run) => optionsPanel(run).getByRole('button', { name: /^(Hide|Show)$/ }).click(),
    },
    'return.toggle': {
      unavailable: (s) => (editing(s) ? 'See Return Details is part of the table, not of the editor' : ctx(s).hidden ? 'the table (with See Return Details) is hidden' : null),
      run: async (run) => optionsPanel(run).getByRole('button', { name: /Return Details$/ }).click(),
    },
    'edit.start': { run: async (run) => optionsPanel(run).getByRole('button', { name: 'Edit' }).click() },
    'edit.cancel': { run: async (run) => optionsPanel(run).getByRole('button', { name: 'Cancel' }).click() },
    'draft.change:seats': {
      run: async (run) => {
        await optionsPanel(run).getByLabel(/^Baby seats/).first().selectOption('15');
      },
    },
    'draft.change:waiting': {
      run: async (run) => {
        await optionsPanel(run).getByLabel(/^Waiting time/).first().selectOption('5');
      },
    },
    save: {
      run: async (run) => {
        // A mark that a page load would wipe: Save must not reload the page.
        await run.page.evaluate(() => Object.assign(window, { __beforeSave: true }));
        await optionsPanel(run).getByRole('button', { name: 'Save' }).click();
      },
    },
  },
  assertions: {
    viewing: async (run, { path, index, snapshot }) => {
      const c = ctx(snapshot);
      await visible(optionsPanel(run).getByRole('button', { name: 'Edit' }));
      if (index >= 0 && path.steps[index].variant === 'save') {
        if (!(await run.page.evaluate(() => (window as unknown as { __beforeSave?: boolean }).__beforeSave === true))) throw new Error('Save reloaded the page');
        // Saved: the table shows the trip's options as the draft had them (spec §4: the editor saves to the form).
        const draft = ctx(index === 0 ? path.start : path.steps[index - 1].snapshot).draft;
        await visible(optionsPanel(run).getByRole('row', { name: /Baby seats/ }).getByRole('cell', { name: String(draft.baby_seats ?? 0), exact: true }));
      }
      if (c.hidden) await gone(optionsPanel(run).getByRole('table'));
      else {
        await visible(optionsPanel(run).getByRole('table'));
        if (c.showReturn) await visible(optionsPanel(run).getByRole('columnheader', { name: 'Return' }));
        else await gone(optionsPanel(run).getByRole('columnheader', { name: 'Return' }));
      }
    },
    editing: async (run, { snapshot }) => {
      const c = ctx(snapshot);
      await visible(optionsPanel(run).getByRole('button', { name: 'Save' }));
      const seats = await optionsPanel(run).getByLabel(/^Baby seats/).first().inputValue();
      if (seats !== String(c.draft.baby_seats ?? 0) && c.draft.baby_seats !== undefined) throw new Error(`the editor shows ${seats} baby seats, the draft ${String(c.draft.baby_seats)}`);
    },
  },
};
