import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/CloseButton.css';
import { Alert, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useId, type FormEvent } from 'react';
import { ENQUIRY_LIMITS, ENQUIRY_MESSAGES, type QueryReason } from '../../../contract/enquiryRules.ts';
import { QUERY_REASONS, type ContactFormValues } from '../../../machines/contact/index.ts';
import { Contact } from '../../app/contact/contactLogic.ts';
import { GrowingTextarea } from '../../components/GrowingTextarea.tsx';

type TextField = Exclude<keyof ContactFormValues, 'queryReason'>;

function useField<K extends keyof ContactFormValues>(field: K) {
  const value = Contact.useSelector((s) => s.context.form[field]);
  const error = Contact.useSelector((s) => s.context.errors[field]);
  const locked = Contact.useSelector((s) => s.matches('sending'));
  const actor = Contact.useActorRef();
  const change = (next: ContactFormValues[K]) => actor.send({ type: 'form.change', values: { [field]: next } as Partial<ContactFormValues> });
  return { value, error, locked, change };
}

function Field({ field, ...props }: { field: Exclude<TextField, 'comments'>; label: string; type?: string; autoComplete?: string; inputMode?: 'tel' | 'email'; maxLength: number }) {
  const { value, error, locked, change } = useField(field);
  return <TextInput {...props} name={field} value={value} error={error} disabled={locked} onChange={(event) => change(event.currentTarget.value)} />;
}

function ReasonField() {
  const { value, locked, change } = useField('queryReason');
  return <NativeSelect label="Query reason" name="queryReason" data={[...QUERY_REASONS]} value={value} disabled={locked} onChange={(event) => change(event.currentTarget.value as QueryReason)} />;
}

function CommentsField() {
  const { value, error, locked, change } = useField('comments');
  return (
    <GrowingTextarea
      label="Comments"
      name="comments"
      minRows={4}
      maxRows={10}
      maxLength={ENQUIRY_LIMITS.comments}
      value={value}
      error={error}
      disabled={locked}
      onChange={(event) => change(event.currentTarget.value)}
    />
  );
}

function Messages() {
  const sent = Contact.useSelector((s) => s.matches('sent'));
  const failed = Contact.useSelector((s) => s.matches('failed'));
  const failure = Contact.useSelector((s) => s.context.failure);
  const actor = Contact.useActorRef();
  const dismiss = () => actor.send({ type: 'message.dismiss' });
  if (sent)
    return (
      <Alert color="teal" variant="light" title={ENQUIRY_MESSAGES.contactSentTitle} withCloseButton closeButtonLabel="Dismiss" onClose={dismiss} role="status">
        {ENQUIRY_MESSAGES.contactSent}
      </Alert>
    );
  if (failed)
    return (
      <Alert color="red" variant="light" title={ENQUIRY_MESSAGES.contactFailedTitle} withCloseButton closeButtonLabel="Dismiss" onClose={dismiss} role="alert">
        <Stack gap="xs" align="flex-start">
          {failure && <Text size="sm">{failure}</Text>}
          <Button size="xs" variant="white" color="red" onClick={() => actor.send({ type: 'contact.retry' })}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  return null;
}

/** The form-level problem SEND found (nothing filled in), next to SEND. */
function FormError() {
  const error = Contact.useSelector((s) => s.context.errors.form);
  if (!error) return null;
  return (
    <Text c="red" size="sm" role="alert" data-testid="contact-form-error">
      {error}
    </Text>
  );
}

function SendButton() {
  const sending = Contact.useSelector((s) => s.matches('sending'));
  return (
    <Button type="submit" size="md" loading={sending} miw={160}>
      Send message
    </Button>
  );
}

function ContactFields() {
  const actor = Contact.useActorRef();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'contact.send' });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Contact Us">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <Field field="firstName" label="First name" autoComplete="given-name" maxLength={ENQUIRY_LIMITS.name} />
          <Field field="lastName" label="Last name" autoComplete="family-name" maxLength={ENQUIRY_LIMITS.name} />
          <Field field="email" label="Email" type="email" autoComplete="email" inputMode="email" maxLength={ENQUIRY_LIMITS.email} />
          <Field field="telephone" label="Telephone" type="tel" autoComplete="tel" inputMode="tel" maxLength={ENQUIRY_LIMITS.phone} />
          <ReasonField />
          <Field field="bookingNumber" label="Booking number" maxLength={ENQUIRY_LIMITS.bookingNumber} />
        </SimpleGrid>
        <CommentsField />
        <Messages />
        <Group justify="flex-end">
          <FormError />
          <SendButton />
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The Contact Us form (spec §2 Contact Us, §3 Contact form), on /contactus and /ourfleet. Each form runs its own
 * contact actor; the view renders its state and sends events.
 */
export function ContactForm() {
  const titleId = useId();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', xs: 'lg', sm: 'xl' }} component="section" aria-labelledby={titleId} data-screen="contact-form">
      <Title order={2} size="h3" id={titleId}>
        Send us a message
      </Title>
      <Text c="dimmed" size="sm" mt={6} mb="lg">
        Questions about a booking, an invoice or something left in a car: tell us what it is about and we will get back to you.
      </Text>
      <Contact.Provider>
        <ContactFields />
      </Contact.Provider>
    </Paper>
  );
}
