/**
 * The bookings board on /admin/bookings in Chromium, signed in as the demo dispatcher. Paths run side by side on one
 * server whose site takes other paths' bookings, so what the board shows is the path's own: every page of the board
 * is answered by the gate (the server's shape, the path's rows), a call no step answers stays in flight, and the live
 * feed is the browser's EventSource replaced by one the path drives (open, a drop, a resync, a booking made or
 * changed, a refusal: its probe answered 429 as the server's cap does). The real stream is tested in
 * tests/e2e/console.test.ts (a booking made in another browser; a tab over the cap). The choices and the CSV
 * export are the real server's, but for their failures.
 */
import type { Route } from 'playwright-core';
import type { AnyMachineSnapshot } from 'xstate';
import type { BoardPage, BoardRow } from '../../../contract/consoleBookings.ts';
import { BOARD_TEXT, LIVE_OFF_TEXT, type BoardContext } from '../../../machines/consoleBoard/index.ts';
import { CONSOLE_EVENTS_MESSAGES } from '../../../server/routes/consoleEvents.ts';
import { DEMO_STAFF } from '../../../server/db/seed/demo.ts';
import { CSV_REFUSED, FIRST, NEW_BOOKING, SECOND } from '../machines/consoleBoard.model.ts';
import { SERVER_ERROR_BODY, answered, gone, visible } from './common.ts';
import { signInContext } from './consoleSession.ts';
import type { ModelPath } from '../types.ts';
import type { UiRun } from './harness.ts';
import type { UiMachine } from './types.ts';

const ctx = (s: AnyMachineSnapshot) => s.context as BoardContext;
const BOARD_CALL = '**/api/admin/bookings?*';

const row = (number: string): BoardRow => ({
  booking_number: number,
  status: 'confirmed',
  revision: 0,
  created_at: '2026-11-26T09:00:00.000Z',
  ride_type: 'Q',
  pickup_at: '2026-11-27T14:30:00.000Z',
  pickup_date: '2026-11-27',
  pickup_time: '14:30',
  return_at: null,
  from: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
  to: 'The Savoy, Strand, London WC2R 0EZ',
  stops: 0,
  company_id: 1,
  company_name: 'Westway Cars',
  vehicle_id: 1,
  vehicle_category: 'Saloon',
  vehicle_qty: 1,
  passengers: 2,
  passenger_name: 'Board Model',
  passenger_phone: '+44 7700 900456',
  currency: 'GBP',
  total_pence: 7814,
  payment_method: 'car',
  payment_state: 'pay_in_car' as BoardRow['payment_state'],
  refunded_pence: 0,
  driver: null,
  anonymised: false,
  job_stage: null,
});
const page = (numbers: string[], next: string | null): BoardPage => ({ success: true, bookings: numbers.map(row), next_cursor: next, range: { from: '2026-11-26', to: '2026-11-27' }, needs_action: 0 });
const fulfilPage = (body: BoardPage) => answered(() => ({ kind: 'fulfil', status: 200, body }));
const failure = answered(() => ({ kind: 'fulfil', status: 503, body: SERVER_ERROR_BODY }));

/** The page's EventSource on the live feed, driven by the path (window.__boardFeed). */
const FAKE_FEED = `(() => {
  const Native = window.EventSource;
  const feeds = [];
  window.EventSource = class extends EventTarget {
    constructor(url, init) {
      if (!String(url).includes('/api/admin/events')) return new Native(url, init);
      super();
      this.url = String(url);
      this.readyState = 0;
      this.onopen = null;
      this.onerror = null;
      this.onmessage = null;
      feeds.push(this);
    }
    close() { this.readyState = 2; }
  };
  window.EventSource.CONNECTING = 0;
  window.EventSource.OPEN = 1;
  window.EventSource.CLOSED = 2;
  window.__boardFeed = (what, data) => {
    const feed = feeds.filter((f) => f.readyState !== 2).at(-1);
    if (!feed) throw new Error('no live feed is open');
    if (what === 'open') { feed.readyState = 1; feed.onopen?.(new Event('open')); return; }
    if (what === 'lost') { feed.readyState = 0; feed.onerror?.(new Event('error')); return; }
    if (what === 'off') { feed.readyState = 2; feed.onerror?.(new Event('error')); return; }
    feed.dispatchEvent(new MessageEvent(what, { data: JSON.stringify(data ?? {}) }));
  };
  window.__boardFeedOpen = () => feeds.some((f) => f.readyState !== 2);
})();`;

const feed = (what: string, data?: unknown) => async (run: UiRun) => {
  await run.page.waitForFunction(() => typeof (window as unknown as { __boardFeed?: unknown }).__boardFeed === 'function');
  await run.page.evaluate(([w, d]) => (window as unknown as { __boardFeed: (what: string, data: unknown) => void }).__boardFeed(w as string, d), [what, data] as const);
};

/**
 * After a refusal, another console tab sharing the feed presses its Try again: it asks the leader (this tab) over the
 * shared channel to open the stream again (liveFeed.ts's 'retry' message), and the new stream opens.
 */
const reopenedElsewhere = async (run: UiRun) => {
  await run.page.evaluate(() => {
    const channel = new BroadcastChannel('cabflow-console-live');
    channel.postMessage({ kind: 'retry' });
    channel.close();
  });
  await run.page.waitForFunction(() => (window as unknown as { __boardFeedOpen?: () => boolean }).__boardFeedOpen?.() === true);
  await feed('open')(run);
};

const CLICKS = new Set(['filters.apply', 'filters.reset', 'more', 'retry', 'sound.toggle', 'user.interacted', 'csv.download', 'live.retry']);
/** Whether the page was clicked since the last new booking arrived (a click clears the count on screen). */
function clickedSinceNewBooking(path: ModelPath, index: number): boolean {
  for (let i = index; i >= 0; i--) {
    if (path.steps[i].variant === 'live.booking:created') return false;
    if (CLICKS.has(path.steps[i].variant)) return true;
  }
  return false;
}

const liveState = (run: UiRun, state: string) => run.page.getByTestId('live-state').and(run.page.locator(`[data-live="${state}"]`));

export const consoleBoardUi: UiMachine = {
  model: 'consoleBoard',
  calls: {
    loadPage: BOARD_CALL,
    loadChoices: '**/api/v1/fetch_companies*',
    exportCsv: '**/api/admin/bookings/export.csv*',
    bookingEvents: null,
  },
  prepare: async (run) => {
    await run.page.addInitScript({ content: FAKE_FEED });
    // Registered before the gates, so behind them: a page of the board no step answers stays in flight, and the
    // refused feed's probe reads the server's 429.
    await run.page.route(BOARD_CALL, (_route: Route) => new Promise<void>(() => {}));
    await run.page.route('**/api/admin/events', (route) => route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ success: false, message: CONSOLE_EVENTS_MESSAGES.tooManyForSession }) }));
    // The dispatcher: the console model's paths sign the owner out everywhere, which would end this path's session.
    await signInContext(run, DEMO_STAFF.dispatcher);
  },
  open: async (run) => {
    await run.page.goto(run.url('/admin/bookings'));
    await run.page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: 20_000 });
  },
  // A second change while the first page is read again: the app drops the held read for a new one, which no step of
  // the path can answer in its place (the gates answer requests in the order they come).
  // The feed reopening after a drop (or a refusal) reads the first page again too.
  unavailable: (s, v) =>
    s.matches({ list: 'refreshing' }) && (v.event.type === 'live.booking' || v.event.type === 'live.resync' || (v.event.type === 'live.open' && !s.matches({ live: 'connecting' })))
      ? 'a second read replaces the held one: the gates answer calls in order'
      : null,
  executors: {
    'filters.apply': {
      run: async (run) => {
        const form = run.page.getByRole('search', { name: 'Filter bookings' });
        await form.getByLabel('Status', { exact: true }).first().click();
        await run.page.getByRole('option', { name: 'New', exact: true }).click();
        await run.page.keyboard.press('Escape');
        await form.getByRole('button', { name: 'Apply' }).click();
      },
    },
    'filters.reset': { run: async (run) => run.page.getByRole('search', { name: 'Filter bookings' }).getByRole('button', { name: 'Reset' }).click() },
    more: { run: async (run) => run.page.getByRole('button', { name: 'Load more' }).click() },
    retry: { run: async (run) => run.page.getByRole('alert').getByRole('button', { name: 'Try again' }).click() },
    seen: { run: async (run) => void (await run.page.evaluate(() => window.dispatchEvent(new Event('focus')))) },
    'sound.toggle': { run: async (run) => run.page.getByTestId('sound-toggle').click() },
    'user.interacted': { run: async (run) => run.page.getByRole('heading', { name: 'Bookings', level: 1 }).click() },
    'csv.download': { run: async (run) => run.page.getByTestId('csv-export').click() },
    'live.open': { run: async (run, { before }) => (before.matches({ live: 'off' }) ? reopenedElsewhere(run) : feed('open')(run)) },
    'live.lost': { run: feed('lost') },
    'live.resync': { run: feed('resync') },
    'live.booking:created': { run: feed('booking', { booking_number: NEW_BOOKING, kind: 'created' }) },
    'live.booking:changed': { run: feed('booking', { booking_number: FIRST, kind: 'changed' }) },
    'live.off': { run: feed('off') },
    'live.retry': { run: async (run) => liveState(run, 'off').getByRole('button', { name: 'Try again' }).click() },
    refresh: { unavailable: () => 'raised by the board itself on a live event: no control sends it', run: async () => {} },
    'bookingEvents:done': { unavailable: () => 'the live feed runs until the board goes: it never ends by itself', run: async () => {} },
    'bookingEvents:error': { unavailable: () => 'the live feed never fails as an actor: a refusal is live.off', run: async () => {} },
    'loadPage:rows': fulfilPage(page([FIRST], 'cursor-1')),
    'loadPage:empty': fulfilPage(page([], null)),
    'loadPage:error': failure,
    'loadMore:done': fulfilPage(page([SECOND], null)),
    'loadMore:error': failure,
    'refresh:done': fulfilPage(page([FIRST], 'cursor-1')),
    'refresh:error': failure,
    'loadChoices:done': answered(() => ({ kind: 'continue' })),
    'loadChoices:error': failure,
    'exportCsv:done': answered(() => ({ kind: 'continue' })),
    'exportCsv:refused': answered(() => ({ kind: 'fulfil', status: 400, body: { success: false, message: CSV_REFUSED } })),
  },
  assertions: {
    'list.loading': async (run) => visible(run.page.getByRole('status').getByText('Loading bookings…')),
    'list.failed': async (run) => visible(run.page.getByRole('alert').getByText(BOARD_TEXT.loadFailed)),
    'list.ready': async (run, { snapshot, path, index }) => {
      const { rows, nextCursor, moreError, unseen } = ctx(snapshot);
      if (rows.length === 0) await visible(run.page.getByTestId('board-empty'));
      for (const r of rows) await visible(run.page.getByTestId(`row-${r.booking_number}`));
      if (rows.length) await (nextCursor ? visible(run.page.getByRole('button', { name: 'Load more' })) : visible(run.page.getByText(/ · end of list$/)));
      if (moreError) await visible(run.page.getByRole('alert').getByText(moreError));
      await gone(run.page.getByRole('status', { name: 'Updating' }));
      // Any click or key on the page also says the member has seen the new ones (the model sends `seen` on its own).
      // The unseen count is the tab's title (the badge counts the "Needs action" queue, answered 0 here: hidden).
      await gone(run.page.getByTestId('needs-action-count'));
      if (unseen === 0) await run.page.waitForFunction(() => document.title === 'Bookings — cabflow');
      else if (!clickedSinceNewBooking(path, index)) await run.page.waitForFunction((title) => document.title === title, `(${unseen}) Bookings — cabflow`);
    },
    'list.loadingMore': async (run) => visible(run.page.getByRole('button', { name: 'Load more' }).and(run.page.locator('[data-loading]'))),
    'list.refreshing': async (run) => visible(run.page.getByRole('status', { name: 'Updating' })),
    // The company and vehicle filters' choices show only inside their drop-downs: nothing on the page tells the two apart.
    'choices.loading': async () => {},
    'choices.ready': async () => {},
    'csv.idle': async (run, { snapshot }) => {
      if (ctx(snapshot).csvError) await visible(run.page.getByRole('alert').getByText(CSV_REFUSED));
      await gone(run.page.getByTestId('csv-export').and(run.page.locator('[data-loading]')));
    },
    'csv.downloading': async (run) => visible(run.page.getByTestId('csv-export').and(run.page.locator('[data-loading]'))),
    'live.connecting': async (run) => visible(liveState(run, 'connecting').getByText('Connecting…')),
    'live.open': async (run) => visible(liveState(run, 'open').getByText('Live', { exact: true })),
    'live.reconnecting': async (run) => visible(liveState(run, 'reconnecting').getByText('Reconnecting…')),
    'live.off': async (run) => visible(liveState(run, 'off').getByText(LIVE_OFF_TEXT.tooManyTabs)),
  },
};
