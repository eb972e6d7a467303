import '@mantine/core/styles/Badge.css';
import { Alert, Badge, Button, Group, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { selectCanPay, selectError, selectPaying, selectPublishableKey } from '../../../machines/manageBooking/index.ts';
import type { ManageActor } from '../../app/manageBooking/manageBookingLogic.ts';
import type { CardDetails } from '../../payments/payments.ts';
import { isStripeTestKey, processorOf } from '../../payments/processor.ts';
import { CardForm } from '../card/CardForm.tsx';
import { SandboxChallengeModal } from '../card/SandboxChallengeModal.tsx';
import classes from './ManageBooking.module.css';

/**
 * The manage page's card payment (a change's difference, the driver's extras owing; machines/manageBooking
 * manageBooking.cardSteps.ts): the amount, the booking flow's card form (src/views/card/CardForm.tsx: the sandbox's
 * fields or Stripe's, by the processor's key), the payment's error, Back (the payment's own event) and the sandbox's
 * 3-D Secure page. It renders the statechart's state and sends card.submit and Back, nothing else.
 */
export function CardPaymentPanel({ actor, amount, merchant, back, mt = 0 }: { actor: ManageActor; amount: string; merchant: string; back: 'change.back' | 'extras.back'; mt?: 0 | 'md' }) {
  const canSubmit = useSelector(actor, selectCanPay);
  const processing = useSelector(actor, selectPaying);
  const publishableKey = useSelector(actor, selectPublishableKey);
  const error = useSelector(actor, selectError);
  const onSubmit = useCallback((card: CardDetails) => actor.send({ type: 'card.submit', card }), [actor]);
  return (
    <>
      <Group justify="space-between" align="center" wrap="nowrap" gap="sm" mt={mt} mb="md">
        <Text fw={600}>
          Amount to pay:{' '}
          <span id="amount-to-pay" data-testid="amount-to-pay">
            {amount}
          </span>
        </Text>
        {publishableKey && processorOf(publishableKey) === 'stripe' && isStripeTestKey(publishableKey) && (
          <Badge color="yellow" variant="light">
            Test mode
          </Badge>
        )}
      </Group>
      {error && (
        <Alert color="red" variant="light" role="alert" mb="md" data-testid="payment-error">
          {error}
        </Alert>
      )}
      <CardForm publishableKey={publishableKey} amount={amount} canSubmit={canSubmit} processing={processing} succeeded={false} onSubmit={onSubmit} />
      <div className={classes.buttons} style={{ marginTop: 'var(--mantine-spacing-md)' }}>
        <Button variant="default" size="md" disabled={!canSubmit} onClick={() => actor.send({ type: back })}>
          Back
        </Button>
      </div>
      <SandboxChallengeModal amount={amount} merchant={merchant} />
    </>
  );
}
