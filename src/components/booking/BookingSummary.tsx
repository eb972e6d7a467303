/**
 * The booking summary panel 'BOOK A TRIP' (spec §2): From and To (To only for mileage), the Date & Time table (one
 * way, return when return, Pickup Duration for hourly), the distance in km and miles with the duration each way
 * (marked "estimated" when the figures come from the offline estimate), the route map (RouteMap: a Google map with a
 * key, else the schematic), and the Options table. On the personal-details step (`step="details"`) the options editor
 * takes the map's place for a mileage trip.
 */
import '@mantine/core/styles/Badge.css';
import { Badge, Paper, Text } from '@mantine/core';
import { stopText } from '../../../contract/quoting.constants.ts';
import { Booking } from '../../app/booking/BookingContext.ts';
import { formatDate } from '../../views/confirmation/format.ts';
import { OptionsPanel } from './OptionsPanel.tsx';
import { RouteMap } from './RouteMap.tsx';
import type { RoutePoint } from './RouteSchematic.tsx';
import { durationText, hoursText, kmFromMiles, milesText, timeText } from './tripFormat.ts';
import classes from './BookingSummary.module.css';

function Leg({ label, miles, seconds }: { label: string; miles: number | null; seconds: number | null }) {
  if (miles === null) return null;
  return (
    <div className={classes.leg}>
      <span className={classes.legLabel}>{label}</span>
      <span className={classes.legFigures} data-testid="trip-distance">
        {kmFromMiles(miles)} km · {milesText(miles)} miles{seconds !== null ? ` · ${durationText(seconds)}` : ''}
      </span>
    </div>
  );
}

export function BookingSummary({ step = 'quotation' }: { step?: 'quotation' | 'details' }) {
  const bookingType = Booking.useSelector((s) => s.context.bookingType);
  const form = Booking.useSelector((s) => s.context.bookingForm);
  const hourly = Booking.useSelector((s) => s.context.hourlyRateForm);
  // The trip's figures are the same on every row; the chosen vehicle's when there is one.
  const trip = Booking.useSelector((s) => (s.context.selectedVehicle ?? s.context.priceDetails?.[0])?.breakdown ?? null);
  const routePolyline = Booking.useSelector((s) => s.context.routePolyline);
  const isMileage = bookingType === 'milleage';
  if (isMileage ? !form : !hourly) return null;

  const points: RoutePoint[] = isMileage
    ? [
        { kind: 'pickup', label: 'Pick-Up', text: form!.pickup },
        ...form!.stops.map((stop, i) => ({ kind: 'stop' as const, label: `Stop ${i + 1}`, text: stopText(stop) })),
        { kind: 'dropoff', label: 'Drop-Off', text: form!.dropoff },
      ]
    : [{ kind: 'pickup', label: 'Pick-Up', text: hourly!.pickup }];
  const isReturn = isMileage && form!.select_option === 'return';
  const showEditor = step === 'details' && isMileage;

  return (
    <Paper withBorder radius="lg" className={classes.panel} component="section" aria-labelledby="book-a-trip" data-testid="booking-summary">
      <div className={classes.panelHead}>
        <Text id="book-a-trip" className={classes.panelTitle}>
          BOOK A TRIP
        </Text>
        <Badge variant="light" radius="sm">
          {isMileage ? (isReturn ? 'Return trip' : 'One way') : 'Hourly hire'}
        </Badge>
      </div>

      <dl className={classes.places}>
        <div>
          <dt>From</dt>
          <dd>{points[0]!.text}</dd>
        </div>
        {isMileage &&
          form!.stops.map((stop, i) => (
            <div key={i}>
              <dt>Via</dt>
              <dd>{stopText(stop)}</dd>
            </div>
          ))}
        {isMileage && (
          <div>
            <dt>To</dt>
            <dd>{form!.dropoff}</dd>
          </div>
        )}
      </dl>

      <table className={classes.table} aria-label="Date & Time">
        <caption className={classes.tableCaption}>Date &amp; Time</caption>
        <tbody>
          {isMileage ? (
            <>
              <tr>
                <th scope="row">{isReturn ? 'Outward' : 'One way'}</th>
                <td>{formatDate(form!.pickup_date)}</td>
                <td>{timeText(form!.pickup_hour, form!.pickup_min)}</td>
              </tr>
              {isReturn && (
                <tr>
                  <th scope="row">Return</th>
                  <td>{formatDate(form!.return_date)}</td>
                  <td>{timeText(form!.return_hour, form!.return_min)}</td>
                </tr>
              )}
            </>
          ) : (
            <>
              <tr>
                <th scope="row">Pickup</th>
                <td>{formatDate(hourly!.pickup_date)}</td>
                <td>{timeText(hourly!.pickup_hour, hourly!.pickup_min)}</td>
              </tr>
              <tr>
                <th scope="row">Pickup Duration</th>
                <td colSpan={2}>{hoursText(hourly!.pickup_duration)}</td>
              </tr>
            </>
          )}
        </tbody>
      </table>

      {isMileage && trip && trip.distance_miles !== null && (
        <div className={classes.distance}>
          <div className={classes.distanceHead}>
            <Text fw={700} size="sm">
              Distance
            </Text>
            {trip.estimated && (
              <Badge size="sm" variant="outline" color="gray" title="Worked out from the places' positions, not a road route">
                estimated
              </Badge>
            )}
          </div>
          <Leg label={isReturn ? 'Outward' : 'Journey'} miles={trip.distance_miles} seconds={trip.duration_seconds} />
          {isReturn && <Leg label="Return" miles={trip.return_distance_miles} seconds={trip.return_duration_seconds} />}
        </div>
      )}

      {showEditor ? (
        <OptionsPanel editable />
      ) : (
        <>
          <RouteMap points={points} caption={isMileage ? 'Route overview' : 'Pick-up point'} routePolyline={isMileage ? routePolyline : null} />
          {isMileage && <OptionsPanel editable={false} />}
        </>
      )}
    </Paper>
  );
}
