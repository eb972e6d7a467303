/** Creating or editing a company account, and inviting its account admin. */
import { Checkbox, NativeSelect, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useActorRef, useSelector } from '@xstate/react';
import type { CompanyAccount, InvoicePeriod } from '../../../../contract/companyAccounts.ts';
import type { CompanyAccountsMachine } from '../../../../machines/consoleCompanyAccounts/index.ts';
import { RegisterForm } from '../fleet/RegisterForm.tsx';
import { poundsField } from '../../../../contract/money.ts';

type Actor = ReturnType<typeof useActorRef<CompanyAccountsMachine>>;

const penceOf = (text: string) => (/^\d+(\.\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text.trim()) * 100) : null);

export function CompanyAccountForm({ actor, account }: { actor: Actor; account: CompanyAccount | null }) {
  const error = useSelector(actor, (s) => s.context.error);
  const busy = useSelector(actor, (s) => s.matches('saving'));
  const form = useForm({
    initialValues: {
      name: account?.name ?? '',
      billing_email: account?.billing_email ?? '',
      billing_address: account?.billing_address ?? '',
      vat_number: account?.vat_number ?? '',
      credit_limit: poundsField(account?.credit_limit_pence),
      invoice_period: (account?.invoice_period ?? 'monthly') as InvoicePeriod,
      payment_terms_days: String(account?.payment_terms_days ?? 30),
      po_required: account?.po_required ?? false,
      cost_centre_required: account?.cost_centre_required ?? false,
      active: account?.active ?? true,
    },
    validate: {
      name: (value) => (value.trim() ? null : 'Name is required'),
      billing_email: (value) => (/^\S+@\S+\.\S+$/.test(value.trim()) ? null : 'Enter a valid email address'),
      credit_limit: (value) => (penceOf(value) === null ? 'Enter the credit limit in pounds, e.g. 500.00' : null),
      payment_terms_days: (value) => (/^\d+$/.test(value.trim()) && Number(value) <= 365 ? null : 'Payment terms are 0 to 365 days'),
    },
  });
  const submit = form.onSubmit((values) => {
    const fields = {
      name: values.name.trim(),
      billing_email: values.billing_email.trim(),
      billing_address: values.billing_address.trim(),
      vat_number: values.vat_number.trim(),
      credit_limit_pence: penceOf(values.credit_limit) ?? 0,
      invoice_period: values.invoice_period,
      payment_terms_days: Number(values.payment_terms_days),
      po_required: values.po_required,
      cost_centre_required: values.cost_centre_required,
      active: values.active,
    };
    if (account) actor.send({ type: 'save', change: { kind: 'update', id: account.id, patch: fields } });
    else actor.send({ type: 'save', change: { kind: 'create', account: fields } });
  });
  return (
    <RegisterForm
      showLabel
      noValidate
      label={account ? `Edit ${account.name}` : 'New company account'}
      error={error}
      busy={busy}
      submitLabel={account ? 'Save account' : 'Create account'}
      closeLabel="Close"
      onSubmit={() => submit()}
      onClose={() => actor.send({ type: 'close' })}
    >
      <TextInput size="xs" label="Company name" required {...form.getInputProps('name')} />
      <TextInput size="xs" label="Billing e-mail" type="email" required {...form.getInputProps('billing_email')} />
      <TextInput size="xs" label="Billing address" {...form.getInputProps('billing_address')} />
      <TextInput size="xs" label="VAT number" {...form.getInputProps('vat_number')} />
      <TextInput size="xs" label="Credit limit (£)" inputMode="decimal" required {...form.getInputProps('credit_limit')} />
      <NativeSelect size="xs" label="Invoice period" data={[{ value: 'monthly', label: 'Monthly' }, { value: 'weekly', label: 'Weekly' }]} {...form.getInputProps('invoice_period')} />
      <TextInput size="xs" label="Payment terms (days)" inputMode="numeric" {...form.getInputProps('payment_terms_days')} />
      <Checkbox size="xs" mt="lg" label="PO number required" {...form.getInputProps('po_required', { type: 'checkbox' })} />
      <Checkbox size="xs" mt="lg" label="Cost centre required" {...form.getInputProps('cost_centre_required', { type: 'checkbox' })} />
      <Checkbox size="xs" mt="lg" label="On (members may book on account)" {...form.getInputProps('active', { type: 'checkbox' })} />
    </RegisterForm>
  );
}

export function InviteAdminForm({ actor, account }: { actor: Actor; account: CompanyAccount }) {
  const error = useSelector(actor, (s) => s.context.error);
  const busy = useSelector(actor, (s) => s.matches('saving'));
  const form = useForm({ initialValues: { email: '' }, validate: { email: (value) => (/^\S+@\S+\.\S+$/.test(value.trim()) ? null : 'Enter a valid email address') } });
  const submit = form.onSubmit((values) => actor.send({ type: 'save', change: { kind: 'invite', id: account.id, email: values.email.trim(), role: 'admin' } }));
  return (
    <RegisterForm showLabel noValidate label={`Invite an account admin to ${account.name}`} error={error} busy={busy} submitLabel="Send invitation" closeLabel="Close" onSubmit={() => submit()} onClose={() => actor.send({ type: 'close' })}>
      <TextInput size="xs" label="E-mail" type="email" required {...form.getInputProps('email')} />
    </RegisterForm>
  );
}
