import { Alert, Badge, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ManageBookingView as View } from '../../../../contract/manageBooking.ts';
import { etaText, LIVE_TEXT } from '../../../../contract/manageLive.ts';
import { selectCar, selectEta, selectLiveConnection } from '../../../../machines/manageBooking/index.ts';
import { telHref } from '../../../app/navigation.ts';
import type { LiveTripActor } from '../../../app/manageBooking/manageBookingLogic.ts';
import { CallButton } from '../../../components/CallButton.tsx';
import { IconPhone } from '../../../components/icons.tsx';
import { LiveMap } from '../../../components/maps/LiveMap.tsx';
import { ReceiptDownload } from '../receipt/ReceiptDownload.tsx';
import { Fact } from '../Fact.tsx';
import classes from './LiveTripPanel.module.css';

/** The car as the passenger looks for it: 'Silver Toyota Prius'. */
const carText = (vehicle: NonNullable<View['driver']>['vehicle']) => (vehicle ? [vehicle.colour, vehicle.make, vehicle.model].filter(Boolean).join(' ') : '');

/**
 * The passenger's live view (issue 33) while the driver is on the job: where the trip is in the passenger's words, the
 * driver's first name and car, the time to the pick-up, the map with the car, where to meet once the driver has
 * arrived, and the call buttons (the operator's; the driver's only where the owner allows it). It renders the live
 * statechart's snapshot (machines/manageBooking/liveTrip.machine.ts) and the booking as last read; it decides nothing.
 */
export function LiveTripPanel({ live, view, operatorPhone }: { live: LiveTripActor; view: View; operatorPhone: string | null }) {
  const car = useSelector(live, selectCar);
  const eta = useSelector(live, selectEta);
  const connection = useSelector(live, selectLiveConnection);
  const trip = view.live;
  if (!trip) return null;
  const driver = view.driver;
  const arrived = trip.stage === 'arrived';
  const pickup = trip.pickup.lat !== null && trip.pickup.lng !== null ? { lat: trip.pickup.lat, lng: trip.pickup.lng } : null;
  const where = car ? `your driver's car and the pick-up, ${trip.pickup.address}` : `the pick-up, ${trip.pickup.address}`;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="live-trip-title" data-testid="live-trip" data-stage={trip.stage} className={classes.panel}>
      <Stack gap="sm">
        <div className={classes.head}>
          <Title order={2} size="h3" id="live-trip-title" data-testid="live-status" aria-live="polite">
            {view.status_label}
          </Title>
          {trip.stage === 'on_the_way' && eta && (
            <Badge size="lg" radius="sm" variant="light" color="blue" data-testid="live-eta">
              {etaText(eta)}
            </Badge>
          )}
        </div>
        {driver && (
          <dl className={classes.facts}>
            <Fact stacked label="Your driver" testId="live-driver">
              {driver.first_name}
            </Fact>
            {carText(driver.vehicle) && (
              <Fact stacked label="Car" testId="live-car">
                {carText(driver.vehicle)}
              </Fact>
            )}
            {(driver.vehicle?.registration || driver.vehicle_registration) && (
              <Fact stacked label="Registration" testId="live-registration">
                {driver.vehicle?.registration || driver.vehicle_registration}
              </Fact>
            )}
          </dl>
        )}
        {arrived && (
          <Alert color="blue" variant="light" data-testid="live-meeting">
            <Text size="sm" fw={700}>
              Where to meet
            </Text>
            <Text size="sm">{trip.meeting.address}</Text>
            {trip.meeting.note && <Text size="sm">{trip.meeting.note}</Text>}
          </Alert>
        )}
        {trip.stage !== 'on_board' && <LiveMap pickup={pickup} car={car} label={`Map of ${where}`} />}
        {connection === 'reconnecting' && (
          <Text size="sm" c="dimmed" role="status" data-testid="live-connection">
            {LIVE_TEXT.lost}
          </Text>
        )}
        {connection === 'stopped' && (
          <Text size="sm" c="dimmed" role="status" data-testid="live-connection">
            {LIVE_TEXT.stopped}
          </Text>
        )}
        <div className={classes.calls}>
          {operatorPhone && <CallButton phone={operatorPhone} variant="filled" />}
          {trip.driver_phone && driver && (
            <Button component="a" href={telHref(trip.driver_phone)} variant="light" size="md" leftSection={<IconPhone size={18} />} data-testid="driver-phone">
              Call {driver.first_name}
            </Button>
          )}
        </div>
      </Stack>
    </Paper>
  );
}

/** After the trip: thanks, and the receipt. */
export function TripDonePanel({ token }: { token: string }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="trip-done-title" data-testid="trip-done" className={classes.panel}>
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3" id="trip-done-title">
          Trip complete
        </Title>
        <Text>{LIVE_TEXT.finished}</Text>
        <ReceiptDownload access={{ token }} />
      </Stack>
    </Paper>
  );
}
