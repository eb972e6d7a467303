/**
 * Provides the one booking actor (Booking in BookingContext.ts) with its input restored from localStorage, keeps
 * its settings in step with the start-up actor's, and catches an errored flow in an error boundary (useSelector
 * throws when the actor errors) with a way to start again.
 */
import { Component, createContext, useContext, useEffect, useState, type ErrorInfo, type ReactNode } from 'react';
import { selectSettings } from '../../../machines/app/app.selectors.ts';
import { Button } from '../../components/plain/Button.tsx';
import { Container, Text, Title } from '../../components/plain/Text.tsx';
import { loadSettings } from '../../storage/settingsStore.ts';
import { AppActor } from '../appLogic.ts';
import { Booking, type BookingActor } from './BookingContext.ts';
import { clearStoredFlow, restoreBookingInput, restoreRemembered, sessionIdempotencyKey } from './bookingStorage.ts';
import classes from './BookingProvider.module.css';

/** Sends settings.update whenever the operator settings change (after the start-up fetch). */
function SettingsBridge() {
  const settings = AppActor.useSelector(selectSettings);
  const booking = Booking.useOptionalActorRef();
  useEffect(() => {
    booking?.send({ type: 'settings.update', settings });
  }, [settings, booking]);
  return null;
}

interface BoundaryState {
  error: Error | null;
}

export class BookingErrorBoundary extends Component<{ children: ReactNode; onReset: () => void }, BoundaryState> {
  state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('The booking flow stopped with an error', error, info.componentStack);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <Container className={classes.page}>
        <div className={classes.message} role="alert">
          <Title order={2}>Something went wrong</Title>
          <Text dimmed className={classes.explanation}>
            We could not continue your booking. Please start again.
          </Text>
          <Button
            size="sm"
            onClick={() => {
              this.setState({ error: null });
              this.props.onReset();
            }}
          >
            Start again
          </Button>
        </div>
      </Container>
    );
  }
}

/**
 * A booking actor already started from the visitor's trip and put on the page's step (src/app/booking/bookingOnStep.ts):
 * the server renders a booking step with it, and the browser hydrates that step with its own, made the same way.
 */
export const PreparedBooking = createContext<BookingActor | null>(null);

export function BookingProvider({ children }: { children: ReactNode }) {
  const prepared = useContext(PreparedBooking);
  // A fresh actor (new key → new Provider) after the boundary's "Start again".
  const [generation, setGeneration] = useState(0);
  const [input] = useState(() => ({ idempotencyKey: sessionIdempotencyKey(), settings: loadSettings(), ...restoreBookingInput(), remembered: restoreRemembered() }));
  return (
    <BookingErrorBoundary
      onReset={() => {
        clearStoredFlow({ booking: null });
        window.location.assign('/');
        setGeneration((n) => n + 1);
      }}
    >
      <Booking.Provider
        key={generation}
        awaitRoute
        actor={generation === 0 ? (prepared ?? undefined) : undefined}
        options={{ input: generation === 0 ? input : { idempotencyKey: sessionIdempotencyKey() } }}
      >
        <SettingsBridge />
        {children}
      </Booking.Provider>
    </BookingErrorBoundary>
  );
}
