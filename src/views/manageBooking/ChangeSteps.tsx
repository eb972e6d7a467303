import '@mantine/core/styles/Input.css';
import { Alert, Button, List, Text, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ManageBookingView } from '../../../contract/manageBooking.ts';
import { selectCanPay, selectChangeResult, selectError, selectPaying, selectPreview, selectStage } from '../../../machines/manageBooking/index.ts';
import { cardProblem, formatCardNumber, formatExpiry, SANDBOX_CARD_LIST } from '../../payments/cardFields.ts';
import { PayNowButton } from '../card/PayNowButton.tsx';
import { SandboxChallengeModal } from '../card/SandboxChallengeModal.tsx';
import { formatMoney } from '../confirmation/format.ts';
import type { ManageActor } from './manageBookingLogic.ts';
import classes from './ManageBooking.module.css';

/** Old and new price, what confirming means, and the changes, one line each. */
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

/**
 * The difference paid by card: the booking flow's sandbox card fields' rules (src/payments/cardFields.ts), its Pay Now
 * button and its 3-D Secure page; the payment method and 3-D Secure steps are the booking flow's actors.
 */
export function ChangePayment({ actor, symbol, merchant }: { actor: ManageActor; symbol: string | null | undefined; merchant: string }) {
  const preview = useSelector(actor, selectPreview)!;
  const canPay = useSelector(actor, selectCanPay);
  const paying = useSelector(actor, selectPaying);
  const error = useSelector(actor, selectError);
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const amount = formatMoney(preview.difference, symbol);
  return (
    <form
      noValidate
      data-testid="change-payment"
      onSubmit={(event) => {
        event.preventDefault();
        if (!canPay) return;
        const found = cardProblem(card);
        setProblem(found);
        if (!found) actor.send({ type: 'card.submit', card: { kind: 'sandbox', ...card } });
      }}
    >
      <Alert color="yellow" variant="light" radius="md" title="TEST MODE" mb="md" styles={{ label: { color: '#5c4300' } }}>
        <Text size="sm">No real payment is taken. Test cards: {SANDBOX_CARD_LIST.map((test) => test.number).join(', ')}.</Text>
      </Alert>
      <TextInput
        label="Card Number"
        autoComplete="cc-number"
        inputMode="numeric"
        value={card.number}
        disabled={paying}
        onChange={(event) => {
          const number = formatCardNumber(event.currentTarget.value);
          setCard((c) => ({ ...c, number }));
        }}
        mb="sm"
      />
      <div className={classes.grid2}>
        <TextInput
          label="Expiry Date"
          placeholder="MM / YY"
          autoComplete="cc-exp"
          inputMode="numeric"
          value={card.expiry}
          disabled={paying}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setCard((c) => ({ ...c, expiry: formatExpiry(value, c.expiry) }));
          }}
        />
        <TextInput
          label="CVC"
          autoComplete="cc-csc"
          inputMode="numeric"
          value={card.cvc}
          disabled={paying}
          onChange={(event) => {
            // Read now: React clears the event's target before a state updater runs.
            const cvc = event.currentTarget.value.replace(/\D/g, '').slice(0, 4);
            setCard((c) => ({ ...c, cvc }));
          }}
        />
      </div>
      {(problem || error) && (
        <Alert color="red" variant="light" role="alert" my="md" data-testid="card-error">
          {problem ?? error}
        </Alert>
      )}
      <div className={classes.buttons} style={{ marginTop: 'var(--mantine-spacing-md)' }}>
        <Button variant="default" size="md" disabled={paying} onClick={() => actor.send({ type: 'change.back' })}>
          Back
        </Button>
        <PayNowButton processing={paying} succeeded={false} disabled={!canPay} amount={amount} />
      </div>
      <SandboxChallengeModal amount={amount} merchant={merchant} />
    </form>
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
