/** Off duty (pick today's vehicle, go on duty) and on duty waiting for work. */
import { Button, Stack, Text, Title } from '@mantine/core';
import { selectBusy, selectContext, DRIVER_TEXT } from '../../../machines/driver/index.ts';
import { Driver } from '../../app/driver/driverLogic.ts';
import { DriverFrame } from './DriverFrame.tsx';
import classes from './Driver.module.css';

export function OffDutyScreen() {
  const actor = Driver.useActorRef();
  const busy = Driver.useSelector(selectBusy);
  const { vehicles } = Driver.useSelector(selectContext);
  return (
    <DriverFrame>
      <Title order={1} className={classes.heading}>
        Off duty
      </Title>
      <Text c="#000">Pick the vehicle you drive today to go on duty.</Text>
      {!busy && vehicles.length === 0 && <Text c="#000">{DRIVER_TEXT.noVehicles}</Text>}
      <Stack gap="sm" role="list" aria-label="Vehicles you can drive today">
        {vehicles.map((vehicle) => (
          <div role="listitem" key={vehicle.id}>
            {/* Two lines, so the car itself is never cut off on a phone (one line showed "Go on duty in WC24DRV ·"). */}
            <Button
              size="xl"
              variant="outline"
              color="dark"
              fullWidth
              className={classes.big}
              classNames={{ root: classes.vehicleChoice, label: classes.vehicleChoiceLabel }}
              disabled={busy}
              onClick={() => actor.send({ type: 'shift.start', vehicleId: vehicle.id })}
              aria-label={`Go on duty in ${vehicle.registration} · ${vehicle.colour} ${vehicle.make} ${vehicle.model}`}
            >
              <span className={classes.vehicleChoiceLines}>
                <span>Go on duty in {vehicle.registration}</span>
                <span className={classes.vehicleChoiceCar}>
                  {vehicle.colour} {vehicle.make} {vehicle.model}
                </span>
              </span>
            </Button>
          </div>
        ))}
      </Stack>
      <Button size="xl" variant="outline" color="dark" fullWidth className={classes.big} disabled={busy} onClick={() => actor.send({ type: 'earnings.open' })}>
        Earnings
      </Button>
    </DriverFrame>
  );
}

export function WaitingScreen() {
  const actor = Driver.useActorRef();
  return (
    <>
      <Title order={1} className={classes.heading}>
        Waiting for a job
      </Title>
      <Text c="#000">Offers from the office appear here at once. Keep this screen open.</Text>
      <Button size="xl" variant="outline" color="dark" className={classes.big} fullWidth onClick={() => actor.send({ type: 'earnings.open' })}>
        Earnings
      </Button>
      <Button size="xl" variant="outline" color="dark" className={classes.big} fullWidth onClick={() => actor.send({ type: 'shift.end' })}>
        Go off duty
      </Button>
    </>
  );
}
