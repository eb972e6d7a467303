import { Alert, Button, List, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ManageBookingView } from '../../../contract/manageBooking.ts';
import { selectChangeResult, selectError, selectPreview, selectStage } from '../../../machines/manageBooking/index.ts';
import { formatMoney } from '../confirmation/format.ts';
import type { ManageActor } from '../../app/manageBooking/manageBookingLogic.ts';
import { CardPaymentPanel } from './CardPaymentPanel.tsx';
import classes from './ManageBooking.module.css';

/** Old and new price (with the booking's promo code taken off it), what confirming means, and the changes, one line each. */
export function ChangeConfirm({ actor, symbol }: { actor: ManageActor; symbol: string | null | undefined }) {
  const preview = useSelector(actor, selectPreview)!;
  const error = useSelector(actor, selectError);
  const busy = useSelector(actor, selectStage) === 'applying';
  return (
    <div data-testid="change-confirm">
      <List spacing={4} mb="md" data-testid="change-summary">
        {preview.summary.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
      <dl className={classes.facts}>
        <div className={classes.fact}>
          <dt>Price now</dt>
          <dd data-testid="old-price">{formatMoney(preview.old_price, symbol)}</dd>
        </div>
        {preview.discount && (
          <div className={classes.fact}>
            <dt>{preview.discount.label}</dt>
            <dd data-testid="change-discount">{formatMoney(preview.discount.amount, symbol)}</dd>
          </div>
        )}
        <div className={classes.fact}>
          <dt>New price</dt>
          <dd data-testid="new-price">{formatMoney(preview.new_price, symbol)}</dd>
        </div>
      </dl>
      <Text mb="md" fw={600} data-testid="change-outcome">
        {preview.message}
      </Text>
      {error && (
        <Alert color="red" variant="light" role="alert" mb="md">
          {error}
        </Alert>
      )}
      <div className={classes.buttons}>
        <Button variant="default" size="md" disabled={busy} onClick={() => actor.send({ type: 'change.back' })}>
          Edit again
        </Button>
        <Button size="md" loading={busy} onClick={() => actor.send({ type: 'change.confirm' })} data-testid="change-confirm-button">
          {preview.outcome === 'charge' ? `Pay ${formatMoney(preview.difference, symbol)}` : preview.outcome === 'request' ? 'Send request' : 'Confirm change'}
        </Button>
      </div>
    </div>
  );
}

/** The difference paid by card: the manage page's card payment (CardPaymentPanel.tsx), the charge the manage call's. */
export function ChangePayment({ actor, symbol, merchant }: { actor: ManageActor; symbol: string | null | undefined; merchant: string }) {
  const preview = useSelector(actor, selectPreview)!;
  return (
    <div data-testid="change-payment">
      <CardPaymentPanel actor={actor} amount={formatMoney(preview.difference, symbol)} merchant={merchant} back="change.back" />
    </div>
  );
}

/** What the change did: changed (charged, refunded, paid to the driver) or sent as a request. */
export function ChangeDone({ actor, view, symbol }: { actor: ManageActor; view: ManageBookingView; symbol: string | null | undefined }) {
  const result = useSelector(actor, selectChangeResult);
  const requested = result?.result === 'requested';
  return (
    <div data-testid="change-done">
      <Text mb="md" data-testid="change-done-text">
        {requested
          ? 'Your request is with the operator. Your booking stays as it was until they confirm the change.'
          : `Your booking now costs ${formatMoney(view.data.booking.total_booking_amount, symbol)}.${result && result.difference < 0 ? ` ${formatMoney(-result.difference, symbol)} goes back to your card.` : ''}`}
      </Text>
      <Button size="md" onClick={() => actor.send({ type: 'change.done' })}>
        Done
      </Button>
    </div>
  );
}
