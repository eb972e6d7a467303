/**
 * The sandbox's own 3-D Secure challenge (TEST MODE): a tiny external store between `handleNextAction` (which asks
 * and waits) and the card page (which renders the challenge and answers it). At most one challenge is open; a new
 * one replaces an unanswered one, which then counts as failed. React reads it with useSyncExternalStore.
 */
export type ChallengeOutcome = 'complete' | 'fail';

export interface SandboxChallenge {
  paymentIntentId: string;
  /** Set while the answer is being sent to the sandbox: the buttons wait. */
  answering: ChallengeOutcome | null;
}

type Listener = () => void;

let current: SandboxChallenge | null = null;
let settle: ((outcome: ChallengeOutcome) => void) | null = null;
const listeners = new Set<Listener>();

function publish(next: SandboxChallenge | null) {
  current = next;
  for (const listener of listeners) listener();
}

export function subscribeChallenge(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const currentChallenge = (): SandboxChallenge | null => current;

/**
 * Opens the challenge for an intent and resolves with the visitor's answer. An abort (the flow left the step)
 * closes it and rejects.
 */
export function openChallenge(paymentIntentId: string, signal?: AbortSignal): Promise<ChallengeOutcome> {
  settle?.('fail');
  return new Promise<ChallengeOutcome>((resolve, reject) => {
    const onAbort = () => {
      if (settle !== finish) return;
      settle = null;
      publish(null);
      reject(signal?.reason instanceof Error ? signal.reason : new Error('The 3-D Secure check was cancelled.'));
    };
    const finish = (outcome: ChallengeOutcome) => {
      signal?.removeEventListener('abort', onAbort);
      settle = null;
      resolve(outcome);
    };
    if (signal?.aborted) {
      reject(signal.reason instanceof Error ? signal.reason : new Error('The 3-D Secure check was cancelled.'));
      return;
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    settle = finish;
    publish({ paymentIntentId, answering: null });
  });
}

/** The visitor pressed Complete or Fail: the challenge waits (buttons busy) until `closeChallenge`. */
export function answerChallenge(outcome: ChallengeOutcome): void {
  if (!current || current.answering || !settle) return;
  publish({ ...current, answering: outcome });
  settle(outcome);
}

/** The answer has been sent to the sandbox (or failed to be): the challenge page goes away. */
export function closeChallenge(): void {
  settle?.('fail');
  settle = null;
  publish(null);
}
