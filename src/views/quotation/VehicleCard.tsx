/**
 * One vehicle of the quotation (spec §2 Quotation): image, type, company, stars from the rounded rating, seats and
 * luggage, the 'x Vehicle Selected' select (1 to 6) and the total (unit price × quantity), Book Now for a price
 * above 0 or the orange Contact Us, and See Details opening the price breakdown. The list view shows '£' (spec §1);
 * the grid view the CURRENCY symbol.
 */
import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import type { PriceDetail } from '../../../contract/booking.ts';
import type { QuotationLayout } from '../../../machines/booking/booking.context.ts';
import { selectCardTotal, selectQuantity } from '../../../machines/booking/booking.selectors.ts';
import { unitPrice } from '../../../machines/booking/booking.pricing.ts';
import { storageUrl } from '../../app/storageUrl.ts';
import { Booking } from '../../app/booking/BookingContext.ts';
import { starsOf } from '../../components/booking/tripFormat.ts';
import { formatMoney } from '../confirmation/format.ts';
import classes from './Quotation.module.css';

const QUANTITIES = [1, 2, 3, 4, 5, 6];

// The spec's orange Contact Us button, dark enough for white text at 4.5:1 (WCAG AA).
const CONTACT_ORANGE = '#b8400c';

/** The rounded rating as five stars drawn by the stylesheet (Quotation.module.css .stars). */
export function Stars({ rating }: { rating: number }) {
  const stars = starsOf(rating);
  return <span className={classes.stars} role="img" aria-label={`Rated ${stars} out of 5`} data-stars={stars} />;
}

export function Breakdown({ vehicle, symbol }: { vehicle: PriceDetail; symbol: string }) {
  const legs = [...new Set(vehicle.breakdown.lines.map((line) => line.leg))];
  const legName = { outbound: 'Outward journey', return: 'Return journey', hire: 'Hourly hire', trip: 'Whole trip' } as const;
  return (
    <div className={classes.breakdown} data-testid="price-breakdown">
      {legs.map((leg) => (
        <div key={leg}>
          {legs.length > 1 && <Text className={classes.breakdownLeg}>{legName[leg]}</Text>}
          <ul className={classes.breakdownLines}>
            {vehicle.breakdown.lines
              .filter((line) => line.leg === leg)
              .map((line, i) => (
                <li key={`${line.code}-${i}`}>
                  <span>{line.label}</span>
                  <span>{formatMoney(line.amount, symbol)}</span>
                </li>
              ))}
          </ul>
        </div>
      ))}
      <div className={classes.breakdownTotal}>
        <span>Price per vehicle</span>
        <span>{formatMoney(unitPrice(vehicle), symbol)}</span>
      </div>
      {vehicle.breakdown.notes.length > 0 && (
        <ul className={classes.breakdownNotes}>
          {vehicle.breakdown.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

export interface CardBadges {
  lowest: boolean;
  cheapestOfCompany: boolean;
}

export function VehicleCard({ vehicle, layout, currency, badges }: { vehicle: PriceDetail; layout: QuotationLayout; currency: string; badges: CardBadges }) {
  const booking = Booking.useActorRef();
  const quantity = Booking.useSelector(selectQuantity(vehicle));
  const total = Booking.useSelector(selectCardTotal(vehicle));
  const [open, setOpen] = useState(false);
  const symbol = layout === 'list' ? '£' : currency;
  const priced = vehicle.price > 0;
  const key = { vehicle_id: vehicle.vehicle_id, company_id: vehicle.company_id };
  const detailsId = `details-${vehicle.vehicle_id}-${vehicle.company_id}`;

  return (
    <article className={classes.card} data-layout={layout} data-testid="vehicle-card" aria-label={`${vehicle.vehicle_type}, ${vehicle.company_name}`}>
      <div className={classes.media}>
        <img src={storageUrl(vehicle.vehicle_image)} alt={vehicle.vehicle_type} loading="lazy" decoding="async" width={240} height={120} />
      </div>
      <div className={classes.info}>
        <div className={classes.badges}>
          {badges.lowest && (
            <span className={classes.tag} data-tone="lowest">
              Lowest Price
            </span>
          )}
          {badges.cheapestOfCompany && (
            <span className={classes.tag} data-tone="cheapest">
              Cheapest Price of a Company
            </span>
          )}
        </div>
        <h2 className={classes.vehicleType}>{vehicle.vehicle_type}</h2>
        <div className={classes.company}>
          <span>{vehicle.company_name}</span>
          <Stars rating={vehicle.rating} />
        </div>
        <ul className={classes.facts} aria-label="Capacity">
          <li data-icon="seats">{`${vehicle.max_seat} seats`}</li>
          <li data-icon="luggage">{`${vehicle.luggage} luggage`}</li>
          <li data-icon="hand-luggage">{`${vehicle.small_luggage} hand luggage`}</li>
        </ul>
      </div>
      <div className={classes.buy}>
        {priced ? (
          <>
            <label className={classes.quantity}>
              <span className={classes.visuallyHidden}>Number of vehicles</span>
              <select value={quantity} onChange={(event) => booking.send({ type: 'vehicle.quantity', vehicle: key, quantity: Number(event.currentTarget.value) })} data-testid="vehicle-quantity">
                {QUANTITIES.map((n) => (
                  <option key={n} value={n}>
                    {n} Vehicle Selected
                  </option>
                ))}
              </select>
            </label>
            <div className={classes.price}>
              {total > 0 && (
                <span className={classes.total} data-testid="vehicle-total">
                  {formatMoney(total, symbol)}
                </span>
              )}
              <span className={classes.priceNote}>{quantity > 1 ? `${formatMoney(unitPrice(vehicle), symbol)} each` : 'per vehicle'}</span>
            </div>
            <Button fullWidth onClick={() => booking.send({ type: 'vehicle.book', vehicle: key, kind: 'selection' })} data-testid="book-now">
              Book Now
            </Button>
          </>
        ) : (
          <>
            <Text size="sm" c="dimmed" ta="center">
              Price on request
            </Text>
            <Button fullWidth color={CONTACT_ORANGE} onClick={() => booking.send({ type: 'vehicle.contact' })} data-testid="contact-us">
              Contact Us
            </Button>
          </>
        )}
        {priced && (
          <Button variant="subtle" size="compact-sm" onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls={detailsId}>
            {open ? 'Hide Details' : 'See Details'}
          </Button>
        )}
      </div>
      {open && (
        <div id={detailsId} className={classes.details}>
          {/* A phone's compact card shows these only here (Quotation.module.css .phoneExtra). */}
          <div className={classes.phoneExtra}>
            <img src={storageUrl(vehicle.vehicle_image)} alt="" loading="lazy" decoding="async" width={120} height={60} />
            <ul className={classes.facts} aria-label="Hand luggage">
              <li data-icon="hand-luggage">{`${vehicle.small_luggage} hand luggage`}</li>
            </ul>
          </div>
          <Breakdown vehicle={vehicle} symbol={symbol} />
        </div>
      )}
    </article>
  );
}
