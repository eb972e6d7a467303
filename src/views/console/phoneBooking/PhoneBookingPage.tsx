import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import { Alert, Badge, Button, Checkbox, Group, Radio, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { Link } from 'wouter';
import { PHONE_PAYMENT_LABELS, PHONE_PAYMENTS } from '../../../../contract/consolePhoneBookings.ts';
import type { ConsolePage } from '../../../../machines/console/index.ts';
import { selectCanBook, selectPhoneStage, selectPricing, selectSearching, type PhoneContact, type PhoneTrip } from '../../../../machines/consolePhoneBooking/index.ts';
import { phoneBookingInput, phoneBookingLogic } from '../../../app/console/phoneBookingLogic.ts';
import { usePageTitle } from '../pageTitle.ts';
import classes from '../Register.module.css';
import { poundsText } from '../../../../contract/money.ts';

type Actor = ReturnType<typeof useActorRef<typeof phoneBookingLogic>>;
/** An answer's amount in pounds (final_price, total), as money. */
const pounds = (value: number) => poundsText(Math.round(value * 100));
const submitted = (send: () => void) => (event: FormEvent) => {
  event.preventDefault();
  send();
};

const TRIP_FIELDS: { field: keyof PhoneTrip; label: string; type?: string; inputMode?: 'numeric' }[] = [
  { field: 'pickup', label: 'Pick-up address' },
  { field: 'dropoff', label: 'Drop-off address' },
  { field: 'pickup_date', label: 'Date', type: 'date' },
  { field: 'pickup_time', label: 'Time', type: 'time' },
  { field: 'passengers', label: 'Passengers', inputMode: 'numeric' },
  { field: 'luggages', label: 'Luggage', inputMode: 'numeric' },
];

function TripSection({ actor }: { actor: Actor }) {
  const trip = useSelector(actor, (s) => s.context.trip);
  const pricing = useSelector(actor, selectPricing);
  const prices = useSelector(actor, (s) => s.context.prices);
  const vehicle = useSelector(actor, (s) => s.context.vehicle);
  return (
    <section aria-labelledby="phone-trip" className={classes.section}>
      <Title order={2} id="phone-trip" className={classes.subheading}>
        Trip
      </Title>
      <form onSubmit={submitted(() => actor.send({ type: 'price' }))} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xs">
          {TRIP_FIELDS.map(({ field, label, type, inputMode }) => (
            <TextInput
              key={field}
              size="xs"
              label={label}
              type={type}
              inputMode={inputMode}
              required={field !== 'luggages'}
              data-autofocus={field === 'pickup' ? true : undefined}
              autoFocus={field === 'pickup'}
              value={trip[field]}
              onChange={(event) => actor.send({ type: 'trip.set', field, value: event.currentTarget.value })}
            />
          ))}
        </SimpleGrid>
        <Group mt="xs">
          <Button type="submit" size="xs" loading={pricing}>
            Price trip
          </Button>
        </Group>
      </form>
      {prices && (
        <Radio.Group mt="sm" label="Vehicle" value={vehicle ?? ''} onChange={(key) => actor.send({ type: 'vehicle.choose', key })}>
          <Stack gap={4} mt={4}>
            {prices.options.map((option) => (
              <Radio
                key={`${option.vehicle_id}-${option.company_id}`}
                size="xs"
                value={`${option.vehicle_id}-${option.company_id}`}
                label={`${option.vehicle_type} (${option.company_name}, ${option.max_seat} seats) — ${pounds(option.final_price)}`}
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
    </section>
  );
}

const CONTACT_FIELDS: { field: keyof PhoneContact; label: string; type: string }[] = [
  { field: 'name', label: 'Name', type: 'text' },
  { field: 'email', label: 'E-mail (the confirmation goes here)', type: 'email' },
  { field: 'phone', label: 'Phone', type: 'tel' },
];

function PassengerSection({ actor }: { actor: Actor }) {
  const searching = useSelector(actor, selectSearching);
  const matches = useSelector(actor, (s) => s.context.matches);
  const picked = useSelector(actor, (s) => s.context.picked);
  const contact = useSelector(actor, (s) => s.context.contact);
  const query = useSelector(actor, (s) => s.context.query);
  return (
    <section aria-labelledby="phone-passenger" className={classes.section}>
      <Title order={2} id="phone-passenger" className={classes.subheading}>
        Passenger
      </Title>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const text = new FormData(event.currentTarget).get('q');
          actor.send({ type: 'passenger.search', query: typeof text === 'string' ? text : '' });
        }}
      >
        <Group align="end" gap="xs">
          <TextInput size="xs" name="q" label="Find by phone or e-mail" defaultValue={query} style={{ flex: 1 }} />
          <Button type="submit" size="xs" variant="light" loading={searching}>
            Find
          </Button>
        </Group>
      </form>
      {matches && (
        <div role="status">
          {matches.length === 0 ? (
            <Text size="sm" c="dimmed" mt="xs">
              No passenger found: type their details below.
            </Text>
          ) : (
            <Stack gap={4} mt="xs">
              {matches.map((match) => (
                <Button key={match.id} size="xs" variant="default" justify="start" onClick={() => actor.send({ type: 'passenger.pick', id: match.id })}>
                  {match.name} · {match.email} · {match.phone}
                  {match.account ? ` · ${match.account.name}` : ''}
                </Button>
              ))}
            </Stack>
          )}
        </div>
      )}
      {picked && (
        <Group gap="xs" mt="xs">
          <Badge variant="light">Account holder #{picked.id}</Badge>
          {picked.account && (
            <Badge variant="light">
              {picked.account.name}
              {picked.account.active ? '' : ' (off)'}
            </Badge>
          )}
          <Button size="compact-xs" variant="subtle" onClick={() => actor.send({ type: 'passenger.clear' })}>
            Not this passenger
          </Button>
        </Group>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs" mt="xs">
        {CONTACT_FIELDS.map(({ field, label, type }) => (
          <TextInput key={field} size="xs" label={label} type={type} required value={contact[field]} onChange={(event) => actor.send({ type: 'contact.set', field, value: event.currentTarget.value })} />
        ))}
      </SimpleGrid>
    </section>
  );
}

function BookSection({ actor }: { actor: Actor }) {
  const payment = useSelector(actor, (s) => s.context.payment);
  const account = useSelector(actor, (s) => s.context.picked?.account ?? null);
  const extra = useSelector(actor, (s) => s.context.extra);
  const overriding = useSelector(actor, (s) => s.context.overriding);
  const canBook = useSelector(actor, selectCanBook);
  const busy = useSelector(actor, (s) => selectPhoneStage(s) === 'booking');
  const setExtra = (field: keyof typeof extra) => (event: { currentTarget: { value: string } }) => actor.send({ type: 'extra.set', field, value: event.currentTarget.value });
  return (
    <section aria-labelledby="phone-book" className={classes.section}>
      <Title order={2} id="phone-book" className={classes.subheading}>
        Payment and price
      </Title>
      <form onSubmit={submitted(() => actor.send({ type: 'book' }))} noValidate>
        <Radio.Group label="Payment" value={payment} onChange={(value) => actor.send({ type: 'payment.set', payment: value as (typeof PHONE_PAYMENTS)[number] })}>
          <Group gap="md" mt={4}>
            {PHONE_PAYMENTS.map((method) => (
              <Radio key={method} size="xs" value={method} label={method === 'account' && account ? `${PHONE_PAYMENT_LABELS[method]} (${account.name})` : PHONE_PAYMENT_LABELS[method]} disabled={method === 'account' && !account?.active} />
            ))}
          </Group>
        </Radio.Group>
        {payment === 'account' && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
            <TextInput size="xs" label="PO number" required={account?.po_required} value={extra.po_number} onChange={setExtra('po_number')} />
            <TextInput size="xs" label="Cost centre" required={account?.cost_centre_required} value={extra.cost_centre} onChange={setExtra('cost_centre')} />
          </SimpleGrid>
        )}
        <Checkbox size="xs" mt="sm" label="Override the price" checked={overriding} onChange={() => actor.send({ type: 'override.toggle' })} />
        {overriding && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
            <TextInput size="xs" label="Price (£)" inputMode="decimal" required value={extra.override_price} onChange={setExtra('override_price')} />
            <TextInput size="xs" label="Reason (kept in the audit log)" required value={extra.override_reason} onChange={setExtra('override_reason')} />
          </SimpleGrid>
        )}
        <Textarea size="xs" mt="xs" label="Notes for the driver" autosize={false} rows={2} value={extra.notes} onChange={setExtra('notes')} />
        <Group mt="sm">
          <Button type="submit" size="sm" disabled={!canBook} loading={busy}>
            Book
          </Button>
        </Group>
      </form>
    </section>
  );
}

/** /admin/bookings/new (owners and dispatchers): a booking taken by phone, priced by the site's engine. */
export function PhoneBookingPage(_props: { page?: ConsolePage }) {
  usePageTitle('New booking');
  const actor = useActorRef(phoneBookingLogic, { input: phoneBookingInput() });
  const stage = useSelector(actor, selectPhoneStage);
  const error = useSelector(actor, (s) => s.context.error);
  const booked = useSelector(actor, (s) => s.context.booked);
  return (
    <div className={classes.page}>
      <Title order={1} className={classes.heading}>
        New booking
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        A booking taken by phone: the website's prices, the passenger's confirmation by e-mail, on the board at once.
      </Text>
      {error && stage !== 'booked' && (
        <Alert color="red" variant="light" role="alert" mb="sm">
          {error}
        </Alert>
      )}
      {stage === 'booked' && booked ? (
        <Alert color="teal" variant="light" role="status" mb="sm">
          <Text size="sm">{booked.message}</Text>
          <Text size="sm">
            {pounds(booked.total)} · {booked.payment_status === 'awaiting_payment' ? 'Card by payment link: awaiting payment' : booked.payment_method === 'account' ? 'On account' : 'Pay in car'}
          </Text>
          <Group mt="xs" gap="xs">
            <Button component={Link} href={`/admin/bookings/${booked.booking_number}`} size="xs" variant="light">
              Open {booked.booking_number}
            </Button>
            <Button size="xs" onClick={() => actor.send({ type: 'again' })} autoFocus>
              Take another booking
            </Button>
          </Group>
        </Alert>
      ) : (
        <>
          <TripSection actor={actor} />
          <PassengerSection actor={actor} />
          <BookSection actor={actor} />
        </>
      )}
    </div>
  );
}
