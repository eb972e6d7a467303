import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import { Alert, Badge, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { selectAmountToPayMinor, selectBookingRetryable, selectBusy, selectPublishableKey } from '../../../machines/booking/index.ts';
import { Booking } from '../../app/booking/BookingContext.ts';
import { telHref } from '../../app/navigation.ts';
import { useSetting } from '../../app/useSettings.ts';
import { BookingStepper } from '../../components/booking/BookingStepper.tsx';
import { IconArrowLeft, IconPhone } from '../../components/icons.tsx';
import { isStripeTestKey, processorOf } from '../../payments/processor.ts';
import { currencyCode, formatMinor } from '../confirmation/format.ts';
import { IconLock } from '../../components/icons.tsx';
import { CardBrands } from '../payment/CardBrands.tsx';
import { CardForm } from './CardForm.tsx';
import { SandboxChallengeModal } from './SandboxChallengeModal.tsx';
import { useCardCheckout } from './useCardCheckout.ts';
import classes from './Card.module.css';

/** Paid, but the booking call failed: the card is charged once; a retry uses the same payment (no second charge). */
function BookingRetry() {
  const actor = Booking.useActorRef();
  const retrying = Booking.useSelector((s) => s.matches({ cardCheckout: 'booking' }));
  const phone = useSetting('Company_Contact_Info');
  return (
    <Alert color="orange" variant="light" radius="md" title="Your payment went through, but your booking is not saved yet" data-testid="booking-retry">
      <Stack gap="sm">
        <Text size="sm">Please try again: you will not be charged a second time. If it still fails, call us and we will complete it for you.</Text>
        <Group gap="sm">
          <Button size="sm" loading={retrying} onClick={() => actor.send({ type: 'booking.retry' })}>
            Try again
          </Button>
          {phone && (
            <Button size="sm" component="a" href={telHref(phone)} variant="subtle" leftSection={<IconPhone size={16} />}>
              {phone}
            </Button>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}

/**
 * /stripecheckout (spec §2 Card page): 'Amount To Pay', the card number, expiry and cvc fields, the inline error
 * alert and 'Pay Now' ('Processing...' while busy). With the sandbox: our own fields under a TEST MODE banner and its
 * 3-D Secure page; with Stripe: Stripe.js card fields. The amount and key are the flow's (the URL query only
 * mirrors them).
 */
export function CardPaymentView() {
  const actor = Booking.useActorRef();
  const publishableKey = Booking.useSelector(selectPublishableKey);
  const loadingKey = Booking.useSelector((s) => s.matches({ cardCheckout: 'loadingKey' }));
  const onForm = Booking.useSelector((s) => s.matches({ cardCheckout: 'form' }));
  const retryable = Booking.useSelector(selectBookingRetryable);
  const busy = Booking.useSelector(selectBusy);
  const checkout = useCardCheckout();
  const amountMinor = Booking.useSelector(selectAmountToPayMinor);
  const symbol = useSetting('CURRENCY');
  const company = useSetting('Company_Name');
  const amount = formatMinor(amountMinor, symbol);
  const code = currencyCode(symbol);
  const processor = publishableKey && !loadingKey ? processorOf(publishableKey) : null;

  return (
    <Container size="sm" py={{ base: 'md', sm: 'xl' }} data-screen="card-payment">
      <BookingStepper />
      <Stack gap="md" className={classes.page}>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="xs">
          <Stack gap="lg">
            <div>
              <Group justify="space-between" align="center" wrap="nowrap" gap="sm">
                <Title order={1} size="h3">
                  Amount To Pay
                </Title>
                {processor === 'stripe' && publishableKey && isStripeTestKey(publishableKey) && (
                  <Badge color="yellow" variant="light" className={classes.testBadge}>
                    Test mode
                  </Badge>
                )}
              </Group>
              <div className={classes.amountBox} id="amount-to-pay" style={{ marginTop: 'var(--mantine-spacing-sm)' }}>
                <span className={classes.amount} data-testid="amount-to-pay">
                  {amount}
                </span>
                {code && (
                  <Text size="sm" c="dimmed" fw={600}>
                    {code}
                  </Text>
                )}
              </div>
            </div>

            {retryable && <BookingRetry />}

            <CardForm publishableKey={processor === null ? null : publishableKey} amount={amount} {...checkout} />

            <Stack gap={8} align="center">
              <CardBrands size={22} />
              <div className={classes.secure}>
                <IconLock size={14} />
                <span>Your card details go straight to the card processor and never reach our servers.</span>
              </div>
            </Stack>
          </Stack>
        </Paper>

        <Group>
          <Button variant="default" leftSection={<IconArrowLeft size={18} />} disabled={!onForm || busy} onClick={() => actor.send({ type: 'nav.back' })}>
            Back
          </Button>
        </Group>
      </Stack>
      <SandboxChallengeModal amount={amount} merchant={company ?? 'This merchant'} />
    </Container>
  );
}
