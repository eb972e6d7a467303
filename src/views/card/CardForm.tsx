import { Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { CardDetails } from '../../payments/payments.ts';
import { processorOf } from '../../payments/processor.ts';
import { SandboxCardForm } from './SandboxCardForm.tsx';

// Stripe's fields, and Stripe.js with them, load only when the processor is Stripe.
const StripeCardForm = lazy(async () => ({ default: (await import('./StripeCardForm.tsx')).StripeCardForm }));

/**
 * What a card form needs from the flow that pays: the amount it shows, whether Pay Now may be pressed, whether a
 * payment is under way or done, and where the card goes. The flow's statechart does the rest with src/payments
 * (the payment method, the intent, 3-D Secure): the booking flow's card page and the manage page's difference alike.
 */
export interface CardFormProps {
  amount: string;
  canSubmit: boolean;
  processing: boolean;
  succeeded: boolean;
  /** Pay Now with valid fields: the card for the flow's `card.submit` (sent once; the flow ignores more while busy). */
  onSubmit(card: CardDetails): void;
}

export function CardFormSkeleton() {
  return (
    <Stack gap="md" role="progressbar" aria-busy="true" aria-label="Preparing the secure card form" data-testid="card-loading">
      <Skeleton height={64} radius="md" />
      <Skeleton height={64} radius="md" />
      <Skeleton height={50} radius="md" />
    </Stack>
  );
}

/** The processor's card form for a publishable key: the sandbox's own fields (TEST MODE) or Stripe's; null waits. */
export function CardForm({ publishableKey, ...form }: CardFormProps & { publishableKey: string | null }) {
  if (publishableKey === null) return <CardFormSkeleton />;
  if (processorOf(publishableKey) === 'sandbox') return <SandboxCardForm {...form} />;
  return (
    <Suspense fallback={<CardFormSkeleton />}>
      <StripeCardForm publishableKey={publishableKey} {...form} />
    </Suspense>
  );
}
