import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Tooltip.css';
import '@mantine/core/styles/ActionIcon.css';
import { ActionIcon, Anchor, Checkbox, PasswordInput, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { Link } from 'wouter';
import { PASSENGER_MODES, selectPassengerMode, type PassengerMode } from '../../../machines/booking/index.ts';
import { Booking } from '../../app/booking/BookingContext.ts';
import { IconInfo } from '../../components/icons.tsx';
import { useRegistration } from './useRegistration.ts';

const MODE_LABELS: Record<PassengerMode, string> = {
  guest_login: 'Guest',
  new_client: 'New client',
  existing_client: 'Existing client',
};

const MODE_HINTS: Record<PassengerMode, string> = {
  guest_login: 'Book without an account. We send the booking details to your e-mail.',
  new_client: 'Create an account as you book, to see and manage your bookings later.',
  existing_client: 'Sign in with the e-mail and password of your account.',
};

export const NUMBER_TOOLTIP = 'Please use the international format, starting with + and the country code, e.g. +44 7700 900123';

/** A checkbox label with the required marker Mantine puts on inputs. */
function Required({ children }: { children: React.ReactNode }) {
  return (
    <>
      {children}
      <span aria-hidden="true" style={{ color: 'var(--mantine-color-error)', marginLeft: 4 }}>
        *
      </span>
    </>
  );
}

/** The number field's label with its tooltip about the international format (spec §2). */
function NumberLabel({ text }: { text: string }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
      {text}
      <Tooltip label={NUMBER_TOOLTIP} multiline w={240} withArrow events={{ hover: true, focus: true, touch: true }} position="top-start">
        <ActionIcon component="span" role="img" tabIndex={0} variant="subtle" color="gray" size="sm" radius="xl" aria-label={NUMBER_TOOLTIP} data-testid="number-tooltip">
          <IconInfo size={16} />
        </ActionIcon>
      </Tooltip>
    </span>
  );
}

/**
 * Registration Details (spec §2, §5): guest_login, new_client or existing_client, switchable any to any; the fields
 * of each mode with the spec's required markers. Every change is saved by the machine; Next checks them.
 */
export function RegistrationForm() {
  const mode = Booking.useSelector(selectPassengerMode);
  const actor = Booking.useActorRef();
  const [data, change] = useRegistration();
  const text = (field: 'firstName' | 'surname' | 'email' | 'number' | 'password') => ({
    value: data[field],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => change({ [field]: event.currentTarget.value }),
  });

  const email = (
    <TextInput label="Email" type="email" autoComplete="email" inputMode="email" required {...text('email')} />
  );
  const number = (
    <TextInput label={<NumberLabel text="Mobile Number" />} type="tel" autoComplete="tel" inputMode="tel" placeholder="+44 7700 900123" required {...text('number')} />
  );

  return (
    <Stack gap="md">
      <div>
        <SegmentedControl
          fullWidth
          radius="md"
          value={mode}
          onChange={(value) => actor.send({ type: 'passengerMode.change', mode: value as PassengerMode })}
          data={PASSENGER_MODES.map((value) => ({ value, label: MODE_LABELS[value] }))}
          aria-label="How would you like to book?"
          data-testid="passenger-mode"
        />
        <Text size="sm" c="dimmed" mt={8}>
          {MODE_HINTS[mode]}
        </Text>
      </div>

      {mode === 'guest_login' && (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
          <TextInput label="First Name" autoComplete="given-name" {...text('firstName')} />
          <TextInput label="Last Name" autoComplete="family-name" {...text('surname')} />
          {email}
          {number}
        </SimpleGrid>
      )}

      {mode === 'new_client' && (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
            <TextInput label="First Name" autoComplete="given-name" {...text('firstName')} />
            <TextInput label="Surname" autoComplete="family-name" {...text('surname')} />
            {email}
            {number}
          </SimpleGrid>
          <PasswordInput label="Password" autoComplete="new-password" required description="You will sign in with your e-mail and this password." {...text('password')} />
          <Stack gap="xs">
            <Checkbox
              label={<Required>I accept the Privacy Policy</Required>}
              checked={data.privacyAccepted}
              onChange={(event) => change({ privacyAccepted: event.currentTarget.checked })}
              required
            />
            <Checkbox
              label={<Required>I accept the Terms and Conditions</Required>}
              checked={data.termsAccepted}
              onChange={(event) => change({ termsAccepted: event.currentTarget.checked })}
              required
            />
          </Stack>
        </>
      )}

      {mode === 'existing_client' && (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
          {email}
          <div>
            <PasswordInput label="Password" autoComplete="current-password" required {...text('password')} />
            <Anchor component={Link} href="/forgot_password" size="sm" mt={6} display="inline-block">
              Forgot Password?
            </Anchor>
          </div>
        </SimpleGrid>
      )}
    </Stack>
  );
}
