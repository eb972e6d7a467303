import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect } from 'react';
import { bookingActionsLogic } from '../../app/corporate/bookingActionsLogic.ts';
import { ReceiptDownload } from '../manageBooking/receipt/ReceiptDownload.tsx';
import { sendCorporate } from '../../app/corporate/corporateSession.ts';
import { formatAmount, formatDate } from './format.ts';

const REFUND_TEXT = { pending: 'on its way to your card', succeeded: 'refunded to your card', failed: 'being sorted out by the operator' } as const;

/**
 * The modal's actions on one of the passenger's own bookings (machines/corporate/bookingActions.machine.ts): its
 * status, change (the manage page's change flow, opened with a short-lived link), cancel with a confirmation (while
 * the operator's terms allow them), and the receipt.
 */
export function BookingActions({ bookingNumber, bearer, currency }: { bookingNumber: string; bearer: string; currency: string | null }) {
  const actor = useActorRef(bookingActionsLogic, { input: { bearer, bookingNumber } });
  const view = useSelector(actor, (s) => s.context.view);
  const loadError = useSelector(actor, (s) => s.context.loadError);
  const notice = useSelector(actor, (s) => s.context.notice);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const confirming = useSelector(actor, (s) => s.matches({ ready: 'confirmingCancel' }));
  const cancelling = useSelector(actor, (s) => s.matches({ ready: 'cancelling' }));
  const canCancel = useSelector(actor, (s) => s.can({ type: 'cancel.start' }));
  const canChange = useSelector(actor, (s) => s.can({ type: 'change.start' }));
  const opening = useSelector(actor, (s) => s.matches({ ready: 'openingChange' }) || s.matches('leftForChange'));
  const ended = useSelector(actor, (s) => s.matches('sessionEnded'));
  // The token is no longer good: the corporate session checks it again and sends the passenger to sign in.
  const endSession = useCallback(() => sendCorporate({ type: 'route.enter', path: '/bookings' }), []);
  useEffect(() => {
    if (ended) endSession();
  }, [ended, endSession]);

  if (loading && !view)
    return (
      <Group gap="xs">
        <Loader size="sm" role="progressbar" aria-label="Loading the booking's status" />
      </Group>
    );
  if (failed)
    return (
      <Alert color="red" variant="light" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{loadError}</Text>
          <Button size="xs" variant="white" color="red" onClick={() => actor.send({ type: 'retry' })}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  if (!view) return null;
  const terms = view.cancellation;
  return (
    <section aria-label="Manage this booking">
      <Stack gap="sm" data-testid="booking-actions">
        <Group gap="xs">
          <Text size="sm" fw={600}>
            Status
          </Text>
          <Badge color={view.status === 'cancelled' ? 'red.8' : view.status === 'completed' ? 'teal.9' : 'blue.8'} variant="filled" data-testid="booking-status">
            {view.status_label}
          </Badge>
        </Group>
        {notice && (
          <Alert color={notice.tone === 'success' ? 'teal' : 'red'} variant="light" role={notice.tone === 'success' ? 'status' : 'alert'} data-testid="booking-actions-notice">
            {notice.text}
          </Alert>
        )}
        {view.cancelled?.refund && (
          <Text size="sm">
            {formatAmount(view.cancelled.refund.amount, currency)} {REFUND_TEXT[view.cancelled.refund.status]}.
          </Text>
        )}
        {view.status !== 'cancelled' && (
          <Text size="sm" c="dimmed">
            {terms.allowed
              ? `You can cancel online until ${terms.cutoff_time} on ${formatDate(terms.cutoff_date)}.${terms.refund !== null ? ` ${formatAmount(terms.refund, currency)} goes back to your card${terms.fee > 0 ? ` (a ${formatAmount(terms.fee, currency)} cancellation fee is kept)` : ''}.` : ''}`
              : terms.refusal}
          </Text>
        )}
        {confirming || cancelling ? (
          <Paper withBorder p="sm" radius="md">
            <Stack gap="xs">
              <Text size="sm" fw={600}>
                Cancel booking {bookingNumber}?
              </Text>
              <Group gap="xs">
                <Button color="red.8" loading={cancelling} onClick={() => actor.send({ type: 'cancel.confirm' })}>
                  Yes, cancel it
                </Button>
                <Button variant="default" disabled={cancelling} onClick={() => actor.send({ type: 'cancel.back' })}>
                  Keep the booking
                </Button>
              </Group>
            </Stack>
          </Paper>
        ) : (
          <Group gap="xs" align="flex-start">
            {(canChange || opening) && (
              <Button variant="outline" size="md" loading={opening} onClick={() => actor.send({ type: 'change.start' })}>
                Change booking
              </Button>
            )}
            {canCancel && (
              <Button variant="outline" color="red.8" size="md" onClick={() => actor.send({ type: 'cancel.start' })}>
                Cancel booking
              </Button>
            )}
            <ReceiptDownload access={{ booking_number: bookingNumber }} bearer={bearer} onSessionEnded={endSession} />
          </Group>
        )}
      </Stack>
    </section>
  );
}
