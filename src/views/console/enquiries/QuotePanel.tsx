import { Button, Fieldset, Group, NumberInput, Radio, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { InboxActor } from './EnquiriesPage.tsx';
import { newReplyKey } from '../../../app/console/inboxLogic.ts';
import { poundsText } from '../../../../contract/money.ts';

/** Make a quote: the request's trip (editable), priced by the server, one vehicle offered with a link to book it. */
export function QuotePanel({ actor }: { actor: InboxActor }) {
  const pricing = useSelector(actor, (state) => state.matches({ detail: { ready: 'pricing' } }));
  const offering = useSelector(actor, (state) => state.matches({ detail: { ready: 'offering' } }));
  const { trip, price, choice, offerText, offerPrice, offerReason } = useSelector(actor, (state) => state.context);
  if (!trip) return null;
  const change = (patch: Parameters<typeof actor.send>[0] extends infer E ? (E extends { type: 'trip.change'; trip: infer T } ? T : never) : never) => actor.send({ type: 'trip.change', trip: patch });
  const key = (option: { vehicle_id: number; company_id: number }) => `${option.vehicle_id}-${option.company_id}`;

  return (
    <Fieldset legend="Make a quote" data-testid="quote-panel">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'trip.price' });
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <TextInput label="Pickup" value={trip.pickup} onChange={(event) => change({ pickup: event.currentTarget.value })} />
          <TextInput label="Drop-off" value={trip.dropoff} onChange={(event) => change({ dropoff: event.currentTarget.value })} />
          <TextInput label="Date" type="date" value={trip.pickup_date} onChange={(event) => change({ pickup_date: event.currentTarget.value })} />
          <TextInput label="Time" type="time" step={300} value={trip.pickup_time} onChange={(event) => change({ pickup_time: event.currentTarget.value })} />
          <NumberInput label="Passengers" min={1} max={50} value={Number(trip.passengers)} onChange={(value) => change({ passengers: Number(value) || 1 })} />
          <NumberInput label="Luggage" min={0} max={20} value={Number(trip.luggages)} onChange={(value) => change({ luggages: Number(value) || 0 })} />
        </SimpleGrid>
        <Button type="submit" mt="xs" size="xs" variant="light" loading={pricing}>
          Price this trip
        </Button>
      </form>
      {price && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'offer.send', key: newReplyKey() });
          }}
        >
          <Stack gap="xs" mt="sm">
            <Radio.Group
              label="Vehicle to offer (the site's own prices)"
              value={choice ? key(choice) : null}
              onChange={(value) => {
                const option = price.options.find((candidate) => key(candidate) === value);
                if (option) actor.send({ type: 'offer.choose', vehicle_id: option.vehicle_id, company_id: option.company_id });
              }}
            >
              <Stack gap={6} mt={6} style={{ maxHeight: 300, overflowY: 'auto', paddingRight: 4 }}>
                {price.options.map((option) => (
                  <Radio
                    key={key(option)}
                    value={key(option)}
                    label={`${option.vehicle_type} (${option.company_name}), up to ${option.max_seat} passengers: ${poundsText(Math.round(option.final_price * 100))}`}
                  />
                ))}
              </Stack>
            </Radio.Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              <TextInput label="Your own price (£, blank for the price list's)" inputMode="decimal" value={offerPrice} onChange={(event) => actor.send({ type: 'offer.price', price: event.currentTarget.value })} />
              <TextInput label="Reason for your price" required={offerPrice.trim() !== ''} value={offerReason} onChange={(event) => actor.send({ type: 'offer.price', reason: event.currentTarget.value })} />
            </SimpleGrid>
            <Textarea label="Message with the quote" autosize minRows={2} maxLength={10000} value={offerText} onChange={(event) => actor.send({ type: 'offer.text', text: event.currentTarget.value })} />
            <Group gap="xs">
              <Button type="submit" size="sm" loading={offering}>
                Send quote
              </Button>
              <Text size="xs" c="dimmed">
                The visitor gets a link to book it at the server's price.
              </Text>
            </Group>
          </Stack>
        </form>
      )}
    </Fieldset>
  );
}
