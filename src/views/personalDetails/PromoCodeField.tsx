import { Button, Group, Paper, Text, TextInput, Title } from '@mantine/core';
import { selectPromoField } from '../../../machines/booking/index.ts';
import { Booking } from '../../app/booking/BookingContext.ts';

/**
 * The details step's promo code (issue 19), beside the options editor: type a code and Apply (the server prices it
 * for the chosen vehicle), or Remove the applied one. What is typed, the check and the refusal are the machine's.
 */
export function PromoCodeField() {
  const actor = Booking.useActorRef();
  const field = Booking.useSelector(selectPromoField);
  const applied = field.applied;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="promo-title" data-testid="promo-code">
      <Title order={2} size="h4" id="promo-title" mb="xs">
        Promo code
      </Title>
      {applied ? (
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text size="sm" data-testid="promo-applied">
            {applied.label} applied
          </Text>
          <Button variant="default" size="xs" style={{ flexShrink: 0 }} onClick={() => actor.send({ type: 'promo.remove' })}>
            Remove
          </Button>
        </Group>
      ) : (
        <Group align="flex-start" wrap="nowrap" gap="xs">
          <TextInput
            style={{ flex: 1 }}
            aria-label="Promo code"
            placeholder="Enter a code"
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={64}
            value={field.draft}
            error={field.message}
            onChange={(event) => actor.send({ type: 'promo.change', code: event.currentTarget.value })}
            onKeyDown={(event) => {
              // Enter applies the code instead of submitting the details form.
              if (event.key === 'Enter') {
                event.preventDefault();
                actor.send({ type: 'promo.apply' });
              }
            }}
          />
          <Button variant="light" loading={field.checking} disabled={field.draft.trim() === ''} onClick={() => actor.send({ type: 'promo.apply' })}>
            Apply
          </Button>
        </Group>
      )}
    </Paper>
  );
}
