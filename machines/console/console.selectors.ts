import type { SnapshotFrom } from 'xstate';
import type { ConsoleMachine } from './console.machine.ts';

export type ConsoleSnapshot = SnapshotFrom<ConsoleMachine>;

export type ConsoleStage = 'checking' | 'signIn' | 'setPassword' | 'console';

export function selectStage(s: ConsoleSnapshot): ConsoleStage {
  if (s.matches('signedIn')) return 'console';
  if (s.matches('signedOut')) return 'signIn';
  if (s.matches('settingPassword')) return 'setPassword';
  return 'checking';
}

export const selectSession = (s: ConsoleSnapshot) => s.context.session;
export const selectPage = (s: ConsoleSnapshot) => s.context.page;
export const selectNotice = (s: ConsoleSnapshot) => s.context.notice;
export const selectError = (s: ConsoleSnapshot) => s.context.error;
export const selectSigningIn = (s: ConsoleSnapshot) => s.matches({ signedOut: 'submitting' }) || s.matches({ signedOut: 'submittingCode' });
/** The sign-in form asks for the mailed code (the server asked for it; issue 30). */
export const selectCodeStep = (s: ConsoleSnapshot) => s.matches({ signedOut: 'codeAsked' }) || s.matches({ signedOut: 'submittingCode' });
export const selectSigningOut = (s: ConsoleSnapshot) => s.matches({ signedIn: 'signingOut' });
export const selectSetPasswordStage = (s: ConsoleSnapshot): 'invalid' | 'editing' | 'submitting' | 'done' | null => {
  for (const stage of ['invalid', 'editing', 'submitting', 'done'] as const) if (s.matches({ settingPassword: stage })) return stage;
  return null;
};
export const selectIsOwner = (s: ConsoleSnapshot) => s.context.session?.staff.role === 'owner';
