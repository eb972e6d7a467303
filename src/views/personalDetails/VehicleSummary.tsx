import '@mantine/core/styles/Loader.css';
import { Loader, Paper, Text } from '@mantine/core';
import { bookedQuantity, isNothingToPay, selectPromo, selectSelectedVehicle, selectTotalToPay } from '../../../machines/booking/index.ts';
import { NOTHING_TO_PAY } from '../../../contract/paymentMethods.ts';
import { storageUrl } from '../../app/storageUrl.ts';
import { Booking } from '../../app/booking/BookingContext.ts';
import { useSetting } from '../../app/useSettings.ts';
import { IconBriefcase, IconLuggage, IconUsers } from '../../components/icons.tsx';
import { formatMoney } from '../confirmation/format.ts';
import classes from './VehicleSummary.module.css';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The chosen vehicle (spec §2 Personal details, Payment): type, up to N passengers, large suitcases (luggage),
 * medium suitcases (small_luggage) and the price to pay (after the promo code's line, when one is applied), with a
 * spinner while the options editor re-prices it.
 */
export function VehicleSummary({ pricing = false }: { pricing?: boolean }) {
  const vehicle = Booking.useSelector(selectSelectedVehicle);
  const total = Booking.useSelector(selectTotalToPay);
  const quantity = Booking.useSelector((s) => (s.context.selectedVehicle ? bookedQuantity(s.context.selectedVehicle, s.context.selectionKind, s.context.quantities) : 1));
  const promo = Booking.useSelector(selectPromo);
  const currency = useSetting('CURRENCY');
  if (!vehicle) return null;
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', xs: 'md' }} className={classes.card} data-testid="vehicle-summary" aria-label="Your vehicle" component="section">
      <div className={classes.media}>
        {vehicle.vehicle_image && <img className={classes.image} src={storageUrl(vehicle.vehicle_image)} alt="" width={112} height={80} decoding="async" />}
      </div>
      <div className={classes.title}>
        <Text fw={700} size="lg" lh={1.25}>
          {vehicle.vehicle_type}
        </Text>
        {vehicle.company_name && (
          <Text size="sm" c="dimmed" truncate>
            {vehicle.company_name}
          </Text>
        )}
      </div>
      <div className={classes.facts}>
        <span className={classes.fact}>
          <IconUsers size={16} /> Up to {plural(vehicle.max_seat, 'passenger', 'passengers')}
        </span>
        <span className={classes.fact}>
          <IconLuggage size={16} /> {plural(vehicle.luggage, 'large suitcase', 'large suitcases')}
        </span>
        <span className={classes.fact}>
          <IconBriefcase size={16} /> {plural(vehicle.small_luggage, 'medium suitcase', 'medium suitcases')}
        </span>
      </div>
      <div className={classes.price} aria-live="polite" aria-busy={pricing}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={700} style={{ letterSpacing: '0.04em' }}>
          {quantity > 1 ? `Total for ${quantity} vehicles` : 'Price'}
        </Text>
        {pricing ? (
          <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }} data-testid="price-loading">
            <Loader size="sm" aria-hidden="true" />
            <Text size="sm" c="dimmed">
              Updating price…
            </Text>
          </span>
        ) : (
          <>
            {promo && (
              <Text size="sm" data-testid="promo-line">
                {promo.label}: <span className={classes.discount}>−{formatMoney(promo.discount_pence / 100, currency)}</span>
              </Text>
            )}
            <span className={classes.amount} data-testid="vehicle-price">
              {formatMoney(total, currency)}
            </span>
            {isNothingToPay(promo) && (
              <Text size="sm" fw={600} c="green.8" data-testid="summary-nothing-to-pay">
                {NOTHING_TO_PAY}
              </Text>
            )}
          </>
        )}
      </div>
    </Paper>
  );
}
