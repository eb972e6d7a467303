import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/CloseButton.css';
import { Alert, Button, Group, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useId } from 'react';
import { z } from 'zod';
import { changesEmail, selectCurrentPasswordError, selectIsSavingProfile, selectPassenger, selectProfileNotice } from '../../../machines/corporate/index.ts';
import { CorporateLayout } from './CorporateLayout.tsx';
import { sendCorporate, useCorporate } from '../../app/corporate/corporateSession.ts';

/** Spec §5: the profile form requires name and email. */
const profileSchema = z.object({
  name: z.string().trim().min(1, 'Enter your name').max(120, 'Name must be at most 120 characters'),
  email: z.string().trim().min(1, 'Enter your email').pipe(z.email('Enter a valid email address')),
  phone: z.string().trim().max(30, 'Phone must be at most 30 characters'),
});
const validateProfile = schemaResolver(profileSchema, { sync: true });

function ProfileNotice() {
  const notice = useCorporate(selectProfileNotice);
  if (!notice) return null;
  return (
    <Alert
      color={notice.tone === 'success' ? 'teal' : 'red'}
      variant="light"
      role={notice.tone === 'success' ? 'status' : 'alert'}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={() => sendCorporate({ type: 'notice.dismiss' })}
    >
      {notice.text}
    </Alert>
  );
}

function ProfileForm() {
  const passenger = useCorporate(selectPassenger);
  const saving = useCorporate(selectIsSavingProfile);
  const passwordRefused = useCorporate(selectCurrentPasswordError);
  const passwordId = useId();
  const form = useForm({
    initialValues: { name: passenger?.passenger_name ?? '', email: passenger?.passenger_email ?? '', phone: passenger?.passenger_contact_no ?? '', currentPassword: '' },
    validate: (values) => ({
      ...validateProfile(values),
      ...(changesEmail(passenger, values.email) && values.currentPassword === '' ? { currentPassword: 'Enter your current password' } : {}),
    }),
  });
  // After a save the machine holds the server's version of the profile: show exactly that.
  useEffect(() => {
    if (passenger) form.setValues({ name: passenger.passenger_name, email: passenger.passenger_email, phone: passenger.passenger_contact_no, currentPassword: '' });
  }, [passenger]);
  // A new e-mail is saved only with the current password (the corporate machine's rule).
  const asksPassword = changesEmail(passenger, form.values.email);
  const passwordError = form.errors.currentPassword ?? passwordRefused;

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={560}>
      <form noValidate aria-label="Edit Profile" onSubmit={form.onSubmit((values) => sendCorporate({ type: 'profile.save', ...values }))}>
        <Stack gap="md">
          <TextInput label="Name" autoComplete="name" required disabled={saving} {...form.getInputProps('name')} />
          <TextInput label="Email" type="email" autoComplete="email" required disabled={saving} {...form.getInputProps('email')} />
          {asksPassword && (
            <PasswordInput
              id={passwordId}
              label="Current password"
              description="Needed to change your email"
              autoComplete="current-password"
              required
              disabled={saving}
              {...form.getInputProps('currentPassword')}
              error={passwordError}
              // Mantine's PasswordInput leaves these off its input: the description and the error are read with it.
              aria-invalid={passwordError ? true : undefined}
              aria-describedby={`${passwordId}-description${passwordError ? ` ${passwordId}-error` : ''}`}
            />
          )}
          <TextInput label="Phone" type="tel" autoComplete="tel" inputMode="tel" disabled={saving} {...form.getInputProps('phone')} />
          <ProfileNotice />
          <Group justify="flex-end">
            <Button type="submit" loading={saving}>
              Save changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** /my-account: 'My Profile / Edit Profile' (spec §2 Corporate area); needs sign-in. */
export function MyAccountView() {
  return (
    <CorporateLayout>
      <Title order={1} size="h2" mb="lg">
        My Profile / Edit Profile
      </Title>
      <ProfileForm />
    </CorporateLayout>
  );
}
