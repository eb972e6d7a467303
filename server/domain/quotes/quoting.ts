import {
  QUOTE_MESSAGES,
  type BookingForm,
  type DistanceBody,
  type HourlyRateForm,
  type PriceDetail,
  type SelectedVehiclePriceBody,
} from '../../../contract/booking.ts';
import { settingsFromRows } from '../../../contract/settings.ts';
import type { Queryable } from '../../adapters/db/index.ts';
import { memoiseMaps } from '../geo/memo.ts';
import type { MapsPort } from '../geo/mapsPort.ts';
import type { ResolveContext } from '../geo/types.ts';
import { planDistance, planHourly, planTrip, preflightHourly, preflightQuote, priceHourlyQuote, priceQuote, priceSelectedVehicle, tripTimes } from '../pricing/index.ts';
import type { PricedRow, PricingCatalog, QuoteError, QuoteErrorCode, RoutePoint, TripRoutes } from '../pricing/types.ts';
import { DomainError } from '../errors.ts';
import type { Site, SiteCatalog } from '../sites/index.ts';
import { settingNumber } from '../pricing/money.ts';
import { loadZoneFares } from '../pricing/pricesRepository.ts';
import { createQuotesRepository, type SavedQuote, type StaffPrice, type StoredQuote } from './quotesRepository.ts';
import { withAgreedPrice } from '../pricing/agreedPrice.ts';

/**
 * A quote refusal the visitor must see (the spec's texts where it has them): a domain error whose code's kind gives
 * the status (a rule is unprocessable, an unknown place invalid input, an unknown quote not found, a lapsed one gone).
 * Its own class so callers that price on the visitor's behalf (inbox, price preview) can tell it from other refusals.
 */
export class QuoteRefused extends DomainError {
  constructor(code: QuoteErrorCode | 'unknown_quote' | 'quote_expired' | 'vehicle_not_in_quote', message: string) {
    super(code, message);
    this.name = 'QuoteRefused';
  }
}

const refuse = (error: QuoteError): never => {
  throw new QuoteRefused(error.code, error.message);
};

const pricingCatalogs = new WeakMap<SiteCatalog, PricingCatalog>();

/** What the pricing engine reads of a site's catalogue; made once per cached catalogue (a new one after any change). */
export function pricingCatalog(catalog: SiteCatalog): PricingCatalog {
  let pricing = pricingCatalogs.get(catalog);
  if (!pricing) {
    pricing = {
      settings: settingsFromRows(catalog.settings),
      companies: catalog.companies,
      vehicles: catalog.vehicles,
      tariffs: catalog.tariffs,
      surcharges: catalog.surcharges,
      bannedAddresses: catalog.bannedAddresses,
    };
    pricingCatalogs.set(catalog, pricing);
  }
  return pricing;
}

const zonePricingCatalogs = new WeakMap<SiteCatalog, Promise<PricingCatalog>>();

/**
 * pricingCatalog with the site's fare zones and fixed fares (migration 019), read once per cached catalogue object: a
 * change of either notifies like every catalogue table, so the site cache makes a new catalogue and they are read
 * again. Without zones it is pricingCatalog's own object.
 */
export function zonePricingCatalog(db: Queryable, siteId: number, catalog: SiteCatalog): Promise<PricingCatalog> {
  let pending = zonePricingCatalogs.get(catalog);
  if (!pending) {
    pending = loadZoneFares(db, siteId).then((fares) => (fares.zones.length === 0 ? pricingCatalog(catalog) : { ...pricingCatalog(catalog), ...fares }));
    zonePricingCatalogs.set(catalog, pending);
    pending.catch(() => zonePricingCatalogs.delete(catalog));
  }
  return pending;
}

export function resolveContext(site: Site, catalog: SiteCatalog): ResolveContext {
  return { savedAddresses: catalog.addresses, base: site.baseLat !== null && site.baseLon !== null ? { lat: site.baseLat, lon: site.baseLon } : null };
}

/** How long an identical search is answered from the last stored quote (its id and prices) instead of a new one. */
export const REPEAT_SEARCH_MS = 2 * 60 * 1000;

/**
 * What the remembered searches may hold, counted as JavaScript stores them (two bytes a character for the key and
 * the plain answer, the gzipped answer's bytes, 200 for the objects): 32 MiB, about 650 searches of the demo
 * operator's 18 vehicles (a 24 KB answer), the oldest dropped first.
 */
export const REPEAT_CACHE_BYTES = 32 * 1024 * 1024;
const ENTRY_OVERHEAD_BYTES = 200;

/**
 * The exact request texts of remembered searches (see `repeatOf`): at most this many, each at most this long (a real
 * search's body is about 300 characters; longer ones simply take the validated way), the oldest dropped first.
 */
export const REPEAT_BODY_KEYS = 2048;
export const REPEAT_BODY_MAX_CHARS = 2048;

/** The clock a preview is priced at: this long before its pickup, so no grace period refuses it. */
const PREVIEW_LEAD_MS = 30 * 24 * 60 * 60 * 1000;

/** How many quotes read back from the table are kept in memory (about 30 KB each as objects). */
const READ_QUOTES_KEPT = 200;

/**
 * A priced search as answered: the quote's id and expiry and its serialised answer, plain and gzipped. The priced rows
 * as objects are not kept (they are in the answer): hundreds of remembered searches would otherwise be a large graph
 * of small objects for the garbage collector to mark again and again.
 */
export type QuoteAnswer = Pick<SavedQuote, 'id' | 'expiresAt' | 'response' | 'gzipped'>;

interface Remembered {
  catalog: SiteCatalog;
  at: number;
  /** The pickup instant and the grace period the catalogue's GRACE_TIME gives, for the repeat's grace check. */
  pickupAtMs: number;
  graceMs: number;
  answer: QuoteAnswer;
  bytes: number;
}

type SearchKind = 'milleage' | 'hourly';

/** A quote id as quotesRepository makes them ('q_' and base64url); anything else is unknown without asking the database. */
const QUOTE_ID = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * The quoting use cases: price a search, store it as a quote, re-price a stored quote's vehicle.
 *
 * A new search costs one statement: the quote's INSERT (batched with the other searches of the same moment, see
 * createQuoteWriter). The catalogue comes from the site cache, places and routes from the maps port.
 *
 * A search repeated within REPEAT_SEARCH_MS (Search pressed again, a reload, Back then Search) gets the same stored
 * quote: same prices, same id, no new row, and the same serialised answer, so it touches no table and prices
 * nothing. It is found by the search as validated (the parsed form, so unknown keys and their size play no part),
 * within REPEAT_CACHE_BYTES. The rules that depend on the clock (grace period) are checked again first, and a change
 * of the operator's catalogue (a new SiteCatalog object) starts afresh. Identical searches arriving together share
 * one pricing and one quote.
 */
export function createQuoting(deps: { db: Queryable; maps: MapsPort; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  const quotes = createQuotesRepository(deps.db);
  // Places and routes already worked out are not worked out again (per saved-address list; see memoiseMaps).
  const maps = memoiseMaps(deps.maps);
  // Oldest first (an entry is re-inserted when remembered again), so eviction takes from the front.
  const recent = new Map<string, Remembered>();
  let recentBytes = 0;
  const inflight = new Map<string, Promise<QuoteAnswer>>();
  // The exact JSON text of a search that was validated, passed the preflight checks and was answered → its key in
  // `recent`. Only a text that produced a remembered answer is here, so it is one that validation accepted.
  const bodies = new Map<string, string>();
  // Quotes read back (options editor, payment, booking: a visitor's quote is read several times), oldest first.
  const readQuotes = new Map<string, StoredQuote>();

  const fresh = (hit: Remembered | undefined, catalog: SiteCatalog, at: number): hit is Remembered =>
    hit !== undefined && hit.catalog === catalog && at - hit.at < REPEAT_SEARCH_MS && hit.pickupAtMs >= at + hit.graceMs;

  const forget = (key: string) => {
    const entry = recent.get(key);
    if (!entry) return;
    recent.delete(key);
    recentBytes -= entry.bytes;
  };

  const remember = (key: string, entry: Omit<Remembered, 'bytes'>) => {
    const bytes = 2 * (key.length + entry.answer.response.length) + entry.answer.gzipped.length + ENTRY_OVERHEAD_BYTES;
    forget(key);
    for (const oldest of recent.keys()) {
      if (recentBytes + bytes <= REPEAT_CACHE_BYTES) break;
      forget(oldest);
    }
    recent.set(key, { ...entry, bytes });
    recentBytes += bytes;
  };

  const formKey = (site: Site, kind: SearchKind, form: unknown) => `${site.id}:${kind}:${JSON.stringify(form)}`;
  const bodyKey = (site: Site, kind: SearchKind, rawBody: string) => `${site.id}:${kind}:${rawBody}`;

  const indexBody = (site: Site, kind: SearchKind, rawBody: string | undefined, key: string) => {
    if (rawBody === undefined || rawBody.length > REPEAT_BODY_MAX_CHARS) return;
    const at = bodyKey(site, kind, rawBody);
    bodies.delete(at);
    if (bodies.size >= REPEAT_BODY_KEYS) bodies.delete(bodies.keys().next().value!);
    bodies.set(at, key);
  };

  const remembered = async (
    site: Site,
    catalog: SiteCatalog,
    kind: SearchKind,
    form: unknown,
    rawBody: string | undefined,
    make: () => Promise<{ quote: SavedQuote; pickupAt: Date }>,
  ): Promise<QuoteAnswer> => {
    const key = formKey(site, kind, form);
    const at = now().getTime();
    const hit = recent.get(key);
    if (fresh(hit, catalog, at)) {
      indexBody(site, kind, rawBody, key);
      return hit.answer;
    }
    if (hit) forget(key);
    const running = inflight.get(key);
    if (running) return running;
    const graceMs = settingNumber(pricingCatalog(catalog).settings.GRACE_TIME) * 60_000;
    const pending = make().then(({ quote, pickupAt }) => {
      const answer: QuoteAnswer = { id: quote.id, expiresAt: quote.expiresAt, response: quote.response, gzipped: quote.gzipped };
      remember(key, { catalog, at, pickupAtMs: pickupAt.getTime(), graceMs, answer });
      indexBody(site, kind, rawBody, key);
      return answer;
    });
    inflight.set(key, pending);
    try {
      return await pending;
    } finally {
      inflight.delete(key);
    }
  };

  return {
    /** What the remembered searches hold now (tests read it; the bound is REPEAT_CACHE_BYTES). */
    repeatCache: () => ({ entries: recent.size, bytes: recentBytes, bodies: bodies.size }),

    /**
     * The answer to a search whose request text is exactly one answered before (same site, same kind of search),
     * while that answer is still fresh: the same catalogue object, within REPEAT_SEARCH_MS, its pickup still outside the
     * grace period. Same text means same parsed form, so validation and the preflight checks (banned addresses and
     * the return's order depend on the form and catalogue only; the grace period is the freshness check) would
     * answer as they did; anything else is null, and the search takes the validated way.
     */
    /** Whether this exact text is one `repeatOf` may answer (without the catalogue: the hook asks before waiting for it). */
    answeredText: (site: Site, kind: SearchKind, rawBody: string) => bodies.has(bodyKey(site, kind, rawBody)),

    repeatOf(site: Site, catalog: SiteCatalog, kind: SearchKind, rawBody: string): QuoteAnswer | null {
      const key = bodies.get(bodyKey(site, kind, rawBody));
      if (key === undefined) return null;
      const hit = recent.get(key);
      return fresh(hit, catalog, now().getTime()) ? hit.answer : null;
    },

    async distance(site: Site, catalog: SiteCatalog, body: DistanceBody) {
      const planned = await planDistance(body, maps, resolveContext(site, catalog));
      if (!planned.ok) refuse(planned.error);
      const leg = planned.ok ? planned.value : null;
      return { via_miles: leg!.miles, time_duration: leg!.seconds, estimated: leg!.estimated };
    },

    /** `rawBody`: the request's JSON text, indexed for `repeatOf` once answered. */
    async mileage(site: Site, catalog: SiteCatalog, form: BookingForm, rawBody?: string): Promise<QuoteAnswer> {
      const pricing = pricingCatalog(catalog);
      const at = now();
      const early = preflightQuote(form, pricing, at);
      if (early) refuse(early);
      return remembered(site, catalog, 'milleage', form, rawBody, async () => {
        const [planned, zonePricing] = await Promise.all([planTrip(form, maps, resolveContext(site, catalog)), zonePricingCatalog(deps.db, site.id, catalog)]);
        if (!planned.ok) return refuse(planned.error);
        const priced = priceQuote(form, planned.value, zonePricing, at);
        if (!priced.ok) return refuse(priced.error);
        const quote = await quotes.save(site.id, { bookingType: 'milleage', form, trip: planned.value, rows: priced.rows }, at);
        return { quote, pickupAt: priced.pickupAt };
      });
    },

    async hourly(site: Site, catalog: SiteCatalog, form: HourlyRateForm, rawBody?: string): Promise<QuoteAnswer> {
      const pricing = pricingCatalog(catalog);
      const at = now();
      const early = preflightHourly(form, pricing, at);
      if (early) refuse(early);
      return remembered(site, catalog, 'hourly', form, rawBody, async () => {
        const planned = await planHourly(form, maps, resolveContext(site, catalog));
        if (!planned.ok) return refuse(planned.error);
        const priced = priceHourlyQuote(form, planned.value, pricing, at);
        if (!priced.ok) return refuse(priced.error);
        const quote = await quotes.save(site.id, { bookingType: 'hourly', form, trip: planned.value, rows: priced.rows }, at);
        return { quote, pickupAt: priced.pickupAt };
      });
    },

    /**
     * The owner's price preview: a trip planned by the same maps and priced by the same engine as a search, with the
     * pricing catalogue given (saved rows with unsaved drafts in them). Nothing is stored or remembered. The grace
     * period plays no part: any date may be previewed.
     */
    async priceDraft(site: Site, catalog: SiteCatalog, form: BookingForm, pricing: PricingCatalog): Promise<{ trip: TripRoutes; rows: PricedRow[] }> {
      const planned = await planTrip(form, maps, resolveContext(site, catalog));
      if (!planned.ok) return refuse(planned.error);
      const longBefore = new Date(tripTimes(form).pickupAt.getTime() - PREVIEW_LEAD_MS);
      const priced = priceQuote(form, planned.value, pricing, longBefore);
      if (!priced.ok) return refuse(priced.error);
      return { trip: planned.value, rows: priced.rows };
    },

    /**
     * A stored, unexpired quote, or a clear refusal. A quote read lately is taken from memory while it is unexpired
     * (its rows, form and trip never change; only its expiry may move later, which a read from the table then finds).
     */
    async loadQuote(siteId: number, quoteId: string): Promise<StoredQuote> {
      const key = `${siteId}:${quoteId}`;
      const known = readQuotes.get(key);
      if (known && known.expiresAt.getTime() >= now().getTime()) return known;
      const quote = QUOTE_ID.test(quoteId) ? await quotes.load(siteId, quoteId) : null;
      if (!quote) throw new QuoteRefused('unknown_quote', QUOTE_MESSAGES.quoteExpired);
      if (quote.expiresAt.getTime() < now().getTime()) throw new QuoteRefused('quote_expired', QUOTE_MESSAGES.quoteExpired);
      readQuotes.delete(key);
      if (readQuotes.size >= READ_QUOTES_KEPT) readQuotes.delete(readQuotes.keys().next().value!);
      readQuotes.set(key, quote);
      return quote;
    },

    /**
     * The price of one vehicle of a stored quote with the given options (options editor, payment, booking).
     * Mileage rows are re-priced from the quote's own form and route; hourly rows have no options and keep their price.
     */
    async priceVehicle(
      site: Site,
      catalog: SiteCatalog,
      input: Pick<SelectedVehiclePriceBody, 'quote_id' | 'vehicle_id' | 'company_id' | 'options'>,
    ): Promise<{ quote: StoredQuote; row: PriceDetail; form: unknown; staffPrice: StaffPrice | null }> {
      const quote = await this.loadQuote(site.id, input.quote_id);
      const stored = quote.rows.find((row) => row.vehicle_id === input.vehicle_id && row.company_id === input.company_id);
      if (!stored) throw new QuoteRefused('vehicle_not_in_quote', 'This vehicle is not part of the quote. Please search again.');
      // A staff price (migration 034) replaces the tariff's price of the trip; options chosen since are added at the tariff.
      const staff = quote.staffPrice && quote.staffPrice.vehicle_id === stored.vehicle_id && quote.staffPrice.company_id === stored.company_id ? quote.staffPrice : null;
      const agreed = (row: PriceDetail) => (staff ? withAgreedPrice(row, staff.price_pence + row.breakdown.final_price_pence - stored.breakdown.final_price_pence) : row);
      if (quote.bookingType === 'hourly') return { quote, row: agreed(stored), form: quote.form, staffPrice: staff };
      const priced = priceSelectedVehicle(
        { form: quote.form as BookingForm, options: input.options, trip: quote.trip as TripRoutes, vehicle_id: input.vehicle_id, company_id: input.company_id },
        await zonePricingCatalog(deps.db, site.id, catalog),
      );
      if (!priced.ok) return refuse(priced.error);
      return { quote, row: agreed({ ...priced.row, quote_id: quote.id }), form: priced.form, staffPrice: staff };
    },
  };
}

export type Quoting = ReturnType<typeof createQuoting>;
export type { RoutePoint };
