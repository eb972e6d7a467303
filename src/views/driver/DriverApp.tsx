/**
 * The driver's app (/driver, issue 32), one lazy chunk the public pages and the console never load: the machine's
 * actor (src/app/driver/driverLogic.ts), its live feed and position reports while on duty, the browser's news of the
 * signal, the service worker that keeps the app shell, and the screen of the stage it is in. Phone first: one column,
 * large targets, the job's facts black on white.
 */
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/ActionIcon.css';
import { Center, Loader } from '@mantine/core';
import { useCallback, useEffect } from 'react';
import { selectOnDuty, selectStage } from '../../../machines/driver/index.ts';
import { useConnectivity } from '../../app/driver/connectivity.ts';
import { useDriverEvents } from '../../app/driver/driverEvents.ts';
import { Driver, readDriverInput, useDriverSessionLoss } from '../../app/driver/driverLogic.ts';
import { usePositionReports } from '../../app/driver/position.ts';
import { useDriverWorker } from '../../app/driver/serviceWorker.ts';
import { DriverFrame } from './DriverFrame.tsx';
import { EarningsScreen } from './EarningsScreen.tsx';
import { JobScreen } from './JobScreen.tsx';
import { OfferScreen } from './OfferScreen.tsx';
import { OffDutyScreen, WaitingScreen } from './ShiftScreens.tsx';
import { SetPasswordScreen, SignInScreen } from './SignInScreens.tsx';

const MANIFEST = '/driver.webmanifest';

/** The driver pages link the app's manifest (installable from the browser's menu). */
function useManifestLink(): void {
  useEffect(() => {
    if (document.querySelector(`link[rel="manifest"][href="${MANIFEST}"]`)) return;
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = MANIFEST;
    document.head.append(link);
    return () => link.remove();
  }, []);
}

function Live() {
  useDriverSessionLoss();
  const actor = Driver.useActorRef();
  const onDuty = Driver.useSelector(selectOnDuty);
  const changed = useCallback(() => actor.send({ type: 'work.changed' }), [actor]);
  const lost = useCallback(() => actor.send({ type: 'connection.lost' }), [actor]);
  const back = useCallback(() => actor.send({ type: 'connection.back' }), [actor]);
  useConnectivity(lost, back);
  useDriverEvents(onDuty, changed, back);
  return null;
}

function Stage() {
  const stage = Driver.useSelector(selectStage);
  const onDuty = Driver.useSelector(selectOnDuty);
  const { refused } = usePositionReports(onDuty);
  if (stage === 'checking')
    return (
      <main>
        <Center py="xl" role="status" aria-label="Loading">
          <Loader size="md" />
        </Center>
      </main>
    );
  if (stage === 'signIn') return <SignInScreen />;
  if (stage === 'setPassword') return <SetPasswordScreen />;
  if (stage === 'offDuty') return <OffDutyScreen />;
  return (
    <DriverFrame locationOff={refused}>
      {stage === 'earnings' ? <EarningsScreen /> : stage === 'offered' ? <OfferScreen /> : stage === 'job' ? <JobScreen /> : stage === 'waiting' ? <WaitingScreen /> : <Center py="xl" role="status" aria-label="Loading"><Loader size="md" /></Center>}
    </DriverFrame>
  );
}

export function DriverApp() {
  useManifestLink();
  useDriverWorker();
  useEffect(() => {
    document.title = 'Driver';
  }, []);
  return (
    <Driver.Provider options={{ input: readDriverInput() }}>
      <Live />
      <Stage />
    </Driver.Provider>
  );
}
