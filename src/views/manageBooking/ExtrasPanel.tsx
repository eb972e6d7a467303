import '@mantine/core/styles/Paper.css';
import { Button, Paper, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { ManageExtras } from '../../../contract/manageExtras.ts';
import { EXTRAS_MESSAGES } from '../../../contract/manageExtras.ts';
import { selectExtras } from '../../../machines/manageBooking/index.ts';
import type { ManageActor } from '../../app/manageBooking/manageBookingLogic.ts';
import { formatMoney } from '../confirmation/format.ts';
import { CardPaymentPanel } from './CardPaymentPanel.tsx';
import classes from './ManageBooking.module.css';

/** The driver's lines and their total, as the receipt words them. */
function ExtrasLines({ extras, symbol }: { extras: ManageExtras; symbol: string | null | undefined }) {
  return (
    <dl className={classes.facts} data-testid="extras-lines">
      {extras.lines.map((line) => (
        <div className={classes.fact} key={line.label}>
          <dt>{line.label}</dt>
          <dd style={{ whiteSpace: 'nowrap' }}>{formatMoney(line.amount, symbol)}</dd>
        </div>
      ))}
      <div className={classes.fact}>
        <dt>Total</dt>
        <dd data-testid="extras-total" style={{ whiteSpace: 'nowrap' }}>
          <strong>{formatMoney(extras.total, symbol)}</strong>
        </dd>
      </div>
    </dl>
  );
}

/**
 * Issue 32: the waiting time and extras the driver added, and where their payment stands; while they are owing (the
 * bank wanted 3-D Secure) a button to pay them (the statechart's `extras.pay`).
 */
export function ExtrasPanel({ actor, symbol }: { actor: ManageActor; symbol: string | null | undefined }) {
  const extras = useSelector(actor, selectExtras);
  if (!extras) return null;
  const owing = extras.status === 'owing';
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="manage-extras-title" data-testid="manage-extras">
      <Title order={2} size="h3" mb="sm" id="manage-extras-title" className={classes.panelTitle}>
        {EXTRAS_MESSAGES.heading}
      </Title>
      <ExtrasLines extras={extras} symbol={symbol} />
      <Text mt="sm" mb={owing ? 'md' : 0} data-testid="extras-message">
        {extras.message}
      </Text>
      {owing && (
        <Button size="md" fullWidth onClick={() => actor.send({ type: 'extras.pay' })} data-testid="extras-pay">
          Pay {formatMoney(extras.total, symbol)}
        </Button>
      )}
    </Paper>
  );
}

/** The extras owing paid with the manage page's card payment (CardPaymentPanel.tsx, as a change's difference). */
export function ExtrasPayment({ actor, symbol, merchant }: { actor: ManageActor; symbol: string | null | undefined; merchant: string }) {
  const extras = useSelector(actor, selectExtras);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="extras-payment-title" data-testid="extras-payment">
      <Title order={2} size="h3" mb="sm" id="extras-payment-title" ref={heading} tabIndex={-1} className={classes.panelTitle}>
        Pay the waiting time and extras
      </Title>
      {extras && <ExtrasLines extras={extras} symbol={symbol} />}
      <CardPaymentPanel actor={actor} amount={formatMoney(extras?.total ?? 0, symbol)} merchant={merchant} back="extras.back" mt="md" />
    </Paper>
  );
}
