/** Recording a payment against an invoice (full or part): the amount in pounds, the day received, a reference. */
import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useActorRef, useSelector } from '@xstate/react';
import type { Invoice } from '../../../../contract/invoices.ts';
import type { InvoicesMachine } from '../../../../machines/consoleInvoices/index.ts';
import { RegisterForm } from '../fleet/RegisterForm.tsx';
import { poundsText, poundsField } from '../../../../contract/money.ts';

type Actor = ReturnType<typeof useActorRef<InvoicesMachine>>;

const penceOf = (text: string) => (/^\d+(\.\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text.trim()) * 100) : null);

export function PaymentForm({ actor, invoice }: { actor: Actor; invoice: Invoice }) {
  const error = useSelector(actor, (s) => s.context.error);
  const busy = useSelector(actor, (s) => s.matches('recording'));
  const form = useForm({
    initialValues: { amount: poundsField(invoice.outstanding_pence), received_on: '', reference: '' },
    validate: {
      amount: (value) => {
        const pence = penceOf(value);
        if (pence === null || pence === 0) return 'Enter the amount received in pounds, e.g. 120.50';
        return pence > invoice.outstanding_pence ? `At most ${poundsText(invoice.outstanding_pence)} is still owed` : null;
      },
      received_on: (value) => (value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value) ? null : 'Choose the day the payment was received'),
    },
  });
  const submit = form.onSubmit((values) =>
    actor.send({ type: 'record', payment: { amount_pence: penceOf(values.amount) ?? 0, reference: values.reference.trim(), ...(values.received_on ? { received_on: values.received_on } : {}) } }),
  );
  return (
    <RegisterForm
      showLabel
      noValidate
      label={`Record a payment against ${invoice.number} (${poundsText(invoice.outstanding_pence)} owed)`}
      error={error}
      busy={busy}
      submitLabel="Record payment"
      closeLabel="Close"
      onSubmit={() => submit()}
      onClose={() => actor.send({ type: 'close' })}
    >
      <TextInput size="xs" label="Amount received (£)" inputMode="decimal" required {...form.getInputProps('amount')} />
      <TextInput size="xs" label="Received on (blank: today)" type="date" {...form.getInputProps('received_on')} />
      <TextInput size="xs" label="Reference" maxLength={200} {...form.getInputProps('reference')} />
    </RegisterForm>
  );
}
