import type { FastifyBaseLogger } from 'fastify';
import { cookieValue, decodeTripCookie, renderedTripInput, TRIP_COOKIE, TRIP_ELEMENT_ID, type VehicleRef } from '../../contract/tripCookie.ts';
import type { SiteCatalog } from '../domain/sites/index.ts';
import { embeddedCatalogue } from './catalogueBlock.ts';
import { jsonBlock } from './html.ts';
import type { ServerRenderer } from './renderer.ts';

/** The price rows of a site's unexpired quote, or null (server/domain/quotes). */
export type QuoteRows = (siteId: number, quoteId: string) => Promise<VehicleRef[] | null>;

/**
 * A visitor's booking step rendered from their trip cookie (contract/tripCookie.ts) and the quote it names, with the
 * trip as a data block (the browser hydrates only when its own saved trip is the same); null when there is no usable
 * cookie, the quote is unknown or expired, or the trip does not lead to this step. Never cached: it is the visitor's.
 */
export async function tripPage(
  renderer: ServerRenderer,
  quoteRows: QuoteRows,
  input: { siteId: number; catalog: SiteCatalog; pathname: string; cookie: string | undefined; log: FastifyBaseLogger },
): Promise<{ page: string; block: string; at: number } | null> {
  const trip = decodeTripCookie(cookieValue(input.cookie, TRIP_COOKIE));
  if (!trip) return null;
  const rows = await quoteRows(input.siteId, trip.quoteId).catch((error: unknown) => {
    input.log.error({ err: error }, 'could not read the quote of a trip cookie');
    return null;
  });
  const tripInput = rows && renderedTripInput(trip, rows);
  if (!tripInput) return null;
  const at = Date.now();
  try {
    // Null when the machine's guards send this trip to another step (no vehicle chosen for /personalDetailView).
    const page = await renderer.renderPage(input.pathname, embeddedCatalogue(input.catalog).asRead, new Date(at), tripInput);
    return page === null ? null : { page, block: jsonBlock(TRIP_ELEMENT_ID, JSON.stringify(tripInput)), at };
  } catch (error) {
    input.log.error({ err: error }, `could not render ${input.pathname} on the server`);
    return null;
  }
}
