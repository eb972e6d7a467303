/**
 * While the office is out of reach: one calm line saying when the work shown was last read from it (no error), and
 * the status taps still waiting to be sent, in order, each with its job and when it was tapped.
 */
import { Text } from '@mantine/core';
import { DRIVER_STEP_LABELS } from '../../../contract/dispatch.ts';
import { selectContext, selectWaitingTaps } from '../../../machines/driver/index.ts';
import { Driver } from '../../app/driver/driverLogic.ts';
import { clockTime, lastKnownText, WAITING_TAPS_TEXT } from './format.ts';
import classes from './Driver.module.css';

export function SignalStatus() {
  const { offline, knownAt } = Driver.useSelector(selectContext);
  const taps = Driver.useSelector(selectWaitingTaps);
  return (
    <>
      {offline && (
        <p role="status" className={classes.signal} data-testid="driver-offline">
          {lastKnownText(knownAt, offline)}
        </p>
      )}
      {taps.length > 0 && (
        <section aria-label="Taps waiting to be sent" className={classes.waitingTaps} data-testid="driver-waiting-taps">
          <Text className={classes.label}>
            {WAITING_TAPS_TEXT.title} ({taps.length})
          </Text>
          <ol className={classes.tapList}>
            {taps.map((tap) => (
              <li key={tap.key}>
                <span className={classes.tapStep}>{DRIVER_STEP_LABELS[tap.step]}</span> · {tap.bookingNumber} · tapped {clockTime(tap.at)}
              </li>
            ))}
          </ol>
          <Text c="#000" size="md">
            {offline ? WAITING_TAPS_TEXT.held : WAITING_TAPS_TEXT.sending}
          </Text>
        </section>
      )}
    </>
  );
}
