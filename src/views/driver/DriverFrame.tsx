/**
 * The signed-in frame: who and which vehicle, the signal (when the office is out of reach) and the taps waiting to be
 * sent, the notice or the refusal of the last tap, sign-out, and the screen.
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { selectContext } from '../../../machines/driver/index.ts';
import { Driver } from '../../app/driver/driverLogic.ts';
import { LOCATION_OFF_TEXT } from '../../app/driver/position.ts';
import { SignalStatus } from './SignalStatus.tsx';
import classes from './Driver.module.css';

export function Messages() {
  const { notice, error } = Driver.useSelector(selectContext);
  return (
    <>
      {error && (
        <Alert color="red" variant="outline" role="alert" data-testid="driver-error" styles={{ message: { color: '#000', fontSize: '1.1rem' } }}>
          {error}
        </Alert>
      )}
      {notice && (
        <Alert color={notice.tone === 'warning' ? 'orange' : notice.tone === 'success' ? 'green' : 'blue'} variant="outline" role="status" data-testid="driver-notice" styles={{ message: { color: '#000', fontSize: '1.1rem' } }}>
          {notice.text}
        </Alert>
      )}
    </>
  );
}

export function DriverFrame({ children, locationOff = false }: { children: ReactNode; locationOff?: boolean }) {
  const actor = Driver.useActorRef();
  const { session, shift } = Driver.useSelector(selectContext);
  return (
    <main className={classes.page}>
      <header className={classes.top}>
        <div>
          <Text className={classes.brand}>{session?.driver.name}</Text>
          {shift && (
            <Text size="md" c="#000" data-testid="driver-vehicle">
              On duty · {shift.vehicle.registration}
            </Text>
          )}
        </div>
        <Button variant="outline" color="dark" className={classes.big} onClick={() => actor.send({ type: 'signOut' })}>
          Sign out
        </Button>
      </header>
      <Stack gap="md">
        {locationOff && (
          <Text c="#000" size="md" data-testid="driver-location-off">
            {LOCATION_OFF_TEXT}
          </Text>
        )}
        <SignalStatus />
        <Messages />
        {children}
      </Stack>
    </main>
  );
}
