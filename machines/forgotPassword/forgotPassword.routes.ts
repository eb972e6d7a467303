/**
 * Where the forgot-password flow's states are shown (route manifest: /forgot_password; spec §4: a reset goes back to
 * the booking's personal details). RouteSync (src/app/useRouteSync.ts) puts the URL there with replace, so Back after a
 * reset never returns to the spent form.
 */
import type { SnapshotFrom } from 'xstate';
import type { ForgotPasswordMachine } from './forgotPassword.machine.ts';

export const FORGOT_PASSWORD_PATH = '/forgot_password';
export const AFTER_RESET_PATH = '/personalDetailView';

/** The URL of the state: the form's page until the reset is done and shown, then the booking's personal details. */
export const forgotPasswordRoute = (s: SnapshotFrom<ForgotPasswordMachine>): string => (s.matches('returned') ? AFTER_RESET_PATH : FORGOT_PASSWORD_PATH);
