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
import type { MapsPort } from '../geo/mapsPort.ts';
import type { ResolveContext } from '../geo/types.ts';
import { planDistance, planHourly, planTrip, preflightHourly, preflightQuote, priceHourlyQuote, priceQuote, priceSelectedVehicle } from '../pricing/index.ts';
import type { PricingCatalog, QuoteError, RoutePoint, TripRoutes } from '../pricing/types.ts';
import type { Site, SiteCatalog } from '../sites/index.ts';
import { createQuotesRepository, type StoredQuote } from './quotesRepository.ts';

/** A refusal the visitor must see: the spec's texts where it has them. Status 422 for rules, 400 for unknown places, 410 for expired quotes. */
export class QuoteRefused extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

const refuse = (error: QuoteError): never => {
  throw new QuoteRefused(error.code === 'unknown_place' ? 400 : 422, error.message, error.code);
};

export function pricingCatalog(catalog: SiteCatalog): PricingCatalog {
  return {
    settings: settingsFromRows(catalog.settings),
    companies: catalog.companies,
    vehicles: catalog.vehicles,
    tariffs: catalog.tariffs,
    surcharges: catalog.surcharges,
    bannedAddresses: catalog.bannedAddresses,
  };
}

export function resolveContext(site: Site, catalog: SiteCatalog): ResolveContext {
  return { savedAddresses: catalog.addresses, base: site.baseLat !== null && site.baseLon !== null ? { lat: site.baseLat, lon: site.baseLon } : null };
}

/** How long an identical search is answered from the last stored quote (its id and prices) instead of a new one. */
export const REPEAT_SEARCH_MS = 2 * 60 * 1000;
const REPEAT_CACHE_SIZE = 500;

/**
 * The quoting use cases: price a search, store it as a quote, re-price a stored quote's vehicle.
 * A search repeated within REPEAT_SEARCH_MS (Search pressed again, a reload, Back then Search) gets the same stored
 * quote: same prices, same id, no new row. The rules that depend on the clock (grace period) are checked again first,
 * and a change of the operator's catalogue (a new SiteCatalog object) starts afresh.
 */
export function createQuoting(deps: { db: Queryable; maps: MapsPort; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  const quotes = createQuotesRepository(deps.db);
  const recent = new Map<string, { catalog: SiteCatalog; at: number; quote: { id: string; rows: PriceDetail[]; expiresAt: Date } }>();
  const remembered = async (site: Site, catalog: SiteCatalog, kind: string, form: unknown, make: () => Promise<{ id: string; rows: PriceDetail[]; expiresAt: Date }>) => {
    const key = `${site.id}:${kind}:${JSON.stringify(form)}`;
    const hit = recent.get(key);
    const at = now().getTime();
    if (hit && hit.catalog === catalog && at - hit.at < REPEAT_SEARCH_MS) return hit.quote;
    const quote = await make();
    if (recent.size >= REPEAT_CACHE_SIZE) recent.delete(recent.keys().next().value!);
    recent.set(key, { catalog, at, quote });
    return quote;
  };

  return {
    async distance(site: Site, catalog: SiteCatalog, body: DistanceBody) {
      const planned = await planDistance(body, deps.maps, resolveContext(site, catalog));
      if (!planned.ok) refuse(planned.error);
      const leg = planned.ok ? planned.value : null;
      return { via_miles: leg!.miles, time_duration: leg!.seconds, estimated: leg!.estimated };
    },

    async mileage(site: Site, catalog: SiteCatalog, form: BookingForm) {
      const pricing = pricingCatalog(catalog);
      const at = now();
      const early = preflightQuote(form, pricing, at);
      if (early) refuse(early);
      return remembered(site, catalog, 'milleage', form, async () => {
        const planned = await planTrip(form, deps.maps, resolveContext(site, catalog));
        if (!planned.ok) return refuse(planned.error);
        const priced = priceQuote(form, planned.value, pricing, at);
        if (!priced.ok) return refuse(priced.error);
        return quotes.save(site.id, { bookingType: 'milleage', form, trip: planned.value, rows: priced.rows }, at);
      });
    },

    async hourly(site: Site, catalog: SiteCatalog, form: HourlyRateForm) {
      const pricing = pricingCatalog(catalog);
      const at = now();
      const early = preflightHourly(form, pricing, at);
      if (early) refuse(early);
      return remembered(site, catalog, 'hourly', form, async () => {
        const planned = await planHourly(form, deps.maps, resolveContext(site, catalog));
        if (!planned.ok) return refuse(planned.error);
        const priced = priceHourlyQuote(form, planned.value, pricing, at);
        if (!priced.ok) return refuse(priced.error);
        return quotes.save(site.id, { bookingType: 'hourly', form, trip: planned.value, rows: priced.rows }, at);
      });
    },

    /** A stored, unexpired quote, or a clear refusal. */
    async loadQuote(siteId: number, quoteId: string): Promise<StoredQuote> {
      const quote = await quotes.load(siteId, quoteId);
      if (!quote) throw new QuoteRefused(404, QUOTE_MESSAGES.quoteExpired, 'unknown_quote');
      if (quote.expiresAt.getTime() < now().getTime()) throw new QuoteRefused(410, QUOTE_MESSAGES.quoteExpired, 'quote_expired');
      return quote;
    },

    /**
     * The price of one vehicle of a stored quote with the given options (options editor, payment, booking).
     * Mileage rows are re-priced from the quote's own form and route; hourly rows have no options and keep their price.
     */
    async priceVehicle(site: Site, catalog: SiteCatalog, input: Pick<SelectedVehiclePriceBody, 'quote_id' | 'vehicle_id' | 'company_id' | 'options'>): Promise<{ quote: StoredQuote; row: PriceDetail; form: unknown }> {
      const quote = await this.loadQuote(site.id, input.quote_id);
      const stored = quote.rows.find((row) => row.vehicle_id === input.vehicle_id && row.company_id === input.company_id);
      if (!stored) throw new QuoteRefused(422, 'This vehicle is not part of the quote. Please search again.', 'vehicle_not_in_quote');
      if (quote.bookingType === 'hourly') return { quote, row: stored, form: quote.form };
      const priced = priceSelectedVehicle(
        { form: quote.form as BookingForm, options: input.options, trip: quote.trip as TripRoutes, vehicle_id: input.vehicle_id, company_id: input.company_id },
        pricingCatalog(catalog),
      );
      if (!priced.ok) return refuse(priced.error);
      return { quote, row: { ...priced.row, quote_id: quote.id }, form: priced.form };
    },
  };
}

export type Quoting = ReturnType<typeof createQuoting>;
export type { RoutePoint };
