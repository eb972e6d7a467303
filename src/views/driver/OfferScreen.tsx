/**
 * An offer: the pick-up time and area, the fare and how it is paid, and the countdown to the server's expiry. The phone
 * rings and vibrates as it comes (the statechart's alertOffer, src/app/driver/offerAlert.ts); the screen's live region
 * says it too.
 */
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { selectBusy, selectContext } from '../../../machines/driver/index.ts';
import { Driver } from '../../app/driver/driverLogic.ts';
import { farePaid, pickupMoment } from './format.ts';
import classes from './Driver.module.css';
import { poundsText } from '../../../contract/money.ts';

export function OfferScreen() {
  const actor = Driver.useActorRef();
  const busy = Driver.useSelector(selectBusy);
  const { offer } = Driver.useSelector(selectContext);
  const [seconds, setSeconds] = useState(offer?.seconds_left ?? 0);
  useEffect(() => {
    if (!offer) return;
    const until = Date.now() + offer.seconds_left * 1000;
    setSeconds(offer.seconds_left);
    const timer = setInterval(() => setSeconds(Math.max(0, Math.ceil((until - Date.now()) / 1000))), 250);
    return () => clearInterval(timer);
  }, [offer]);
  if (!offer) return null;
  return (
    <section aria-labelledby="offer-title" className={classes.card} data-testid="driver-offer">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Title order={1} id="offer-title" className={classes.heading}>
            New job offer
          </Title>
          <div aria-label={`${seconds} seconds left`} role="timer">
            <span className={classes.countdown}>{seconds}</span>
            <Text size="sm" c="#000">
              seconds left
            </Text>
          </div>
        </Group>
        <div>
          <Text className={classes.label}>Pick-up</Text>
          <Text className={classes.fact}>{pickupMoment(offer.pickup_at)}</Text>
        </div>
        <div>
          <Text className={classes.label}>From → to</Text>
          <Text className={classes.fact}>
            {offer.pickup_area} → {offer.dropoff_area}
          </Text>
        </div>
        <div>
          <Text className={classes.label}>Fare</Text>
          <Text className={classes.fact}>
            {poundsText(offer.fare.total_pence, offer.fare.currency)} · {farePaid(offer.fare)}
          </Text>
        </div>
        <Text c="#000">{offer.vehicle_category}</Text>
        <Button size="xl" color="dark" className={classes.big} fullWidth loading={busy} onClick={() => actor.send({ type: 'offer.accept' })}>
          Accept
        </Button>
        <Button size="xl" variant="outline" color="dark" className={classes.big} fullWidth disabled={busy} onClick={() => actor.send({ type: 'offer.decline' })}>
          Decline
        </Button>
      </Stack>
    </section>
  );
}
