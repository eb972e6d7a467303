/** Narrow selectors for the corporate views (STYLE: views select one thing each). */
import type { SnapshotFrom } from 'xstate';
import type { CorporateMachine } from './corporate.machine.ts';

type Snapshot = SnapshotFrom<CorporateMachine>;

export const selectIsSignedIn = (s: Snapshot) => s.matches('signedIn');
/** A protected page waits: the stored token is being checked (or not yet). */
export const selectIsCheckingSession = (s: Snapshot) => s.matches('start') || s.matches('unverified') || s.matches('checking');
export const selectCheckFailed = (s: Snapshot) => s.matches('checkFailed');
export const selectIsSigningIn = (s: Snapshot) => s.matches('signingIn');
export const selectIsLoggingOut = (s: Snapshot) => s.matches('loggingOut');
export const selectLoginNotice = (s: Snapshot) => s.context.loginNotice;
export const selectProfileNotice = (s: Snapshot) => s.context.profileNotice;
export const selectCurrentPasswordError = (s: Snapshot) => s.context.currentPasswordError;
export const selectPassenger = (s: Snapshot) => s.context.passenger;
export const selectBookings = (s: Snapshot) => s.context.bookings;
export const selectBookingsFilter = (s: Snapshot) => s.context.bookingsFilter;
export const selectBookingsError = (s: Snapshot) => s.context.bookingsError;
export const selectBookingsLoading = (s: Snapshot) => s.matches({ signedIn: { bookings: 'loading' } }) || s.matches({ signedIn: { bookings: 'idle' } });
export const selectBookingsFailed = (s: Snapshot) => s.matches({ signedIn: { bookings: 'failed' } });
export const selectIsSavingProfile = (s: Snapshot) => s.matches({ signedIn: { profile: 'saving' } });
export const selectToken = (s: Snapshot) => s.context.token;
