import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/CloseButton.css';
import { Alert, Button, Group, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { ENQUIRY_LIMITS, ENQUIRY_MESSAGES } from '../../../contract/enquiries.ts';
import { QUOTE_LIMITS, type QuoteRequestForm as FormValues } from '../../../machines/quoteRequest/index.ts';
import { AddressAutocomplete } from '../../components/address/AddressAutocomplete.tsx';
import { suggestAddresses } from '../../app/address/addressSources.ts';
import { QuoteRequest } from '../../app/quoteRequest/quoteRequestLogic.ts';
import { GrowingTextarea } from '../../components/GrowingTextarea.tsx';

type TextField = Exclude<keyof FormValues, 'passengers' | 'luggages'>;
type CountField = 'passengers' | 'luggages';

/** One field's value and message, selected narrowly; `change` sends form.change with just that field. */
function useField<K extends keyof FormValues>(field: K) {
  const value = QuoteRequest.useSelector((s) => s.context.form[field]);
  const error = QuoteRequest.useSelector((s) => s.context.errors[field]);
  const locked = QuoteRequest.useSelector((s) => s.matches('sending'));
  const actor = QuoteRequest.useActorRef();
  const change = (next: FormValues[K]) => actor.send({ type: 'form.change', values: { [field]: next } as Partial<FormValues> });
  return { value, error, locked, change };
}

function AddressField({ field, label, placeholder }: { field: 'pickup_address' | 'dropoff_address'; label: string; placeholder: string }) {
  const { value, error, locked, change } = useField(field);
  return <AddressAutocomplete label={label} placeholder={placeholder} value={value} onChange={change} error={error} disabled={locked} suggest={suggestAddresses} maxLength={ENQUIRY_LIMITS.address} name={field} />;
}

function TextField({ field, ...props }: { field: TextField; label: string; type?: string; required?: boolean; placeholder?: string; min?: string; autoComplete?: string; inputMode?: 'tel' | 'email'; maxLength?: number }) {
  const { value, error, locked, change } = useField(field);
  return <TextInput {...props} name={field} value={value} error={error} disabled={locked} onChange={(event) => change(event.currentTarget.value)} />;
}

/** A whole-number field; it may be empty while typing, and falls back to the form's value when left empty. */
function CountField({ field, label, limits }: { field: CountField; label: string; limits: { min: number; max: number } }) {
  const { value, error, locked, change } = useField(field);
  const [draft, setDraft] = useState<string | number>(value);
  useEffect(() => setDraft(value), [value]);
  return (
    <NumberInput
      label={label}
      name={field}
      value={draft}
      min={limits.min}
      max={limits.max}
      clampBehavior="strict"
      allowDecimal={false}
      allowNegative={false}
      error={error}
      disabled={locked}
      description={`${limits.min} to ${limits.max}`}
      onChange={(next) => {
        setDraft(next);
        if (typeof next === 'number') change(next);
      }}
      onBlur={() => draft === '' && setDraft(value)}
    />
  );
}

function Messages() {
  const sent = QuoteRequest.useSelector((s) => s.matches('sent'));
  const failed = QuoteRequest.useSelector((s) => s.matches('failed'));
  const failure = QuoteRequest.useSelector((s) => s.context.failure);
  const actor = QuoteRequest.useActorRef();
  if (sent)
    return (
      <Alert color="teal" variant="light" title={ENQUIRY_MESSAGES.quoteSent} withCloseButton closeButtonLabel="Dismiss" onClose={() => actor.send({ type: 'message.dismiss' })} role="status">
        We have your request and will reply by e-mail with a price.
      </Alert>
    );
  if (failed)
    return (
      <Alert color="red" variant="light" title={ENQUIRY_MESSAGES.quoteFailed} withCloseButton closeButtonLabel="Dismiss" onClose={() => actor.send({ type: 'message.dismiss' })} role="alert">
        <Stack gap="xs" align="flex-start">
          {failure && <Text size="sm">{failure}</Text>}
          <Text size="sm">Nothing you typed is lost.</Text>
          <Button size="xs" variant="white" color="red" onClick={() => actor.send({ type: 'quote.retry' })}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  return null;
}

function SendButton() {
  const sending = QuoteRequest.useSelector((s) => s.matches('sending'));
  return (
    <Button type="submit" size="md" loading={sending} miw={160} data-testid="quote-send">
      SEND
    </Button>
  );
}

/** The 'QUOTE NOW' form (spec §2): renders machine state and sends events; SEND sends quote.send. */
export function QuoteRequestForm({ today }: { today: string }) {
  const actor = QuoteRequest.useActorRef();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'quote.send' });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="QUOTE NOW">
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <AddressField field="pickup_address" label="Pick-Up" placeholder="Address, airport or postcode" />
          <AddressField field="dropoff_address" label="Drop-Off" placeholder="Address, airport or postcode" />
          <TextField field="pickup_date" label="Date" type="date" min={today} required />
          <TextField field="pickup_time" label="Time" type="time" required />
          <TextField field="passenger_email" label="Email" type="email" autoComplete="email" inputMode="email" required maxLength={ENQUIRY_LIMITS.email} />
          <TextField field="passenger_phone" label="Telephone" type="tel" autoComplete="tel" inputMode="tel" required maxLength={ENQUIRY_LIMITS.phone} placeholder="e.g. 07700 900123" />
          <CountField field="luggages" label="Luggages" limits={QUOTE_LIMITS.luggages} />
          <CountField field="passengers" label="Passenger" limits={QUOTE_LIMITS.passengers} />
        </SimpleGrid>
        <TextField field="passenger_name" label="Passenger name" autoComplete="name" maxLength={ENQUIRY_LIMITS.name} />
        <CommentsField />
        <Messages />
        <Group justify="flex-end">
          <SendButton />
        </Group>
      </Stack>
    </form>
  );
}

function CommentsField() {
  const { value, error, locked, change } = useField('additional_info');
  return (
    <GrowingTextarea
      label="Additional comments"
      name="additional_info"
      placeholder="Flight number, child seats, extra stops…"
      minRows={3}
      maxRows={8}
      maxLength={ENQUIRY_LIMITS.additionalInfo}
      value={value}
      error={error}
      disabled={locked}
      onChange={(event) => change(event.currentTarget.value)}
    />
  );
}
