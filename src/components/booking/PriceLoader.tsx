/**
 * Spec §2 Shell: while the price calculation runs, 'Please wait while loading price' over the page, and the price
 * loader 'Please wait while fetching prices' with its legends (Lowest Price, Multiple Companies, Cheapest Price of a
 * Company: the badges the quotation cards carry). Shown while the booking machine has the `loadingPrice` tag.
 */
import { selectLoadingPrice } from '../../../machines/booking/booking.selectors.ts';
import { Booking } from '../../app/booking/BookingContext.ts';
import { Loader } from '../plain/Loader.tsx';
import { Text } from '../plain/Text.tsx';
import classes from './PriceLoader.module.css';

export const PRICE_LEGENDS = [
  { label: 'Lowest Price', tone: 'lowest', text: 'the best price of all' },
  { label: 'Multiple Companies', tone: 'multiple', text: 'prices from several operators' },
  { label: 'Cheapest Price of a Company', tone: 'cheapest', text: "each operator's best price" },
] as const;

export function PriceLoaderScreen() {
  return (
    <div className={classes.overlay} role="status" aria-live="polite" data-testid="price-loader">
      <div className={classes.card}>
        <Loader size="lg" />
        <Text className={classes.title}>Please wait while fetching prices</Text>
        <ul className={classes.legends} aria-label="Price labels">
          {PRICE_LEGENDS.map((legend) => (
            <li key={legend.label} className={classes.legend}>
              <span className={classes.dot} data-tone={legend.tone} aria-hidden="true" />
              <span>
                <strong>{legend.label}</strong>
                <span className={classes.legendText}> · {legend.text}</span>
              </span>
            </li>
          ))}
        </ul>
        <Text size="sm" dimmed data-testid="loading-price">
          Please wait while loading price
        </Text>
      </div>
    </div>
  );
}

/** Mounted once at the root; renders while pricing. */
export function PriceLoader() {
  const loading = Booking.useOptionalSelector(selectLoadingPrice, false);
  return loading ? <PriceLoaderScreen /> : null;
}
