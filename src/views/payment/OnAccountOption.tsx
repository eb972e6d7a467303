import { Button, Text, TextInput, ThemeIcon } from '@mantine/core';
import { useState } from 'react';
import { selectCanBookOnAccount, selectMember, selectOnAccountOffered } from '../../../machines/booking/index.ts';
import { Booking } from '../../app/booking/BookingContext.ts';
import { IconCheck } from '../../components/icons.tsx';
import classes from './Payment.module.css';

/**
 * "On account (Company name)" (issue 34): shown when the signed-in member's account allows it, with the PO number and
 * cost centre fields it requires (both shown; the required ones marked). The machine checks the required fields and
 * the server everything (membership, the account, the credit limit); its refusal is the step's alert.
 */
export function OnAccountOption() {
  const actor = Booking.useActorRef();
  const offered = Booking.useSelector(selectOnAccountOffered);
  const member = Booking.useSelector(selectMember);
  const canBook = Booking.useSelector(selectCanBookOnAccount);
  const booking = Booking.useSelector((s) => s.matches({ payment: 'bookingOnAccount' }));
  const [poNumber, setPoNumber] = useState('');
  const [costCentre, setCostCentre] = useState('');
  const account = member?.account;
  if (!offered || !account) return null;
  return (
    <div className={classes.option} data-testid="on-account-option">
      <div className={classes.optionHead}>
        <ThemeIcon variant="light" size={40} radius="md" aria-hidden="true">
          <IconCheck size={22} />
        </ThemeIcon>
        <div className={classes.optionText}>
          <Text fw={700}>On account ({account.name})</Text>
          <Text size="sm" c="dimmed">
            Billed to your company on its invoice.
          </Text>
        </div>
      </div>
      <TextInput label="PO number" required={account.poRequired} value={poNumber} onChange={(event) => setPoNumber(event.currentTarget.value)} disabled={booking} maxLength={100} />
      <TextInput label="Cost centre" required={account.costCentreRequired} value={costCentre} onChange={(event) => setCostCentre(event.currentTarget.value)} disabled={booking} maxLength={100} />
      <Button mt="auto" size="md" fullWidth loading={booking} disabled={!canBook && !booking} onClick={() => actor.send({ type: 'payment.onAccount', fields: { poNumber, costCentre } })}>
        On account ({account.name})
      </Button>
    </div>
  );
}
