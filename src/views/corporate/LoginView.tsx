import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/CloseButton.css';
import { Alert, Anchor, Box, Button, Container, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useSearch } from 'wouter';
import { EMAIL_PATTERN } from '../../../contract/plainChecks.ts';
import { selectIsSigningIn, selectLoginNotice } from '../../../machines/corporate/index.ts';
import { LogoMark } from '../../components/Logo.tsx';
import { IconArrowLeft } from '../../components/icons.tsx';
import { CorporateRouteSync } from './CorporateRouteSync.tsx';
import { sendCorporate, useCorporate } from '../../app/corporate/corporateSession.ts';

// Plain checks rather than a zod schema: zod's set-up took ~35 ms of a phone's hydration of this page.
const validate = {
  email: (value: string) => (value.trim() === '' ? 'Enter your email' : EMAIL_PATTERN.test(value.trim()) ? null : 'Enter a valid email address'),
  password: (value: string) => (value === '' ? 'Enter your password' : null),
};

function LoginError() {
  const notice = useCorporate(selectLoginNotice);
  if (notice?.tone !== 'error') return null;
  return (
    <Alert color="red" variant="light" role="alert" withCloseButton closeButtonLabel="Dismiss" onClose={() => sendCorporate({ type: 'notice.dismiss' })}>
      {notice.text}
    </Alert>
  );
}

/** /login: 'Sign In to Corporate Account' (spec §2); after sign-in the machine sends the user to ?redirect or /bookings. */
export function LoginView() {
  const redirect = new URLSearchParams(useSearch()).get('redirect');
  const signingIn = useCorporate(selectIsSigningIn);
  const form = useForm({ initialValues: { email: '', password: '' }, validate });

  return (
    <Box bg="gray.0" mih="100%" py={{ base: 'lg', sm: 64 }} data-screen="corporate-login">
      <CorporateRouteSync />
      <Container size={460} px={{ base: 'sm', sm: 'md' }}>
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} shadow="sm">
          <Stack gap="xs" align="flex-start" mb="lg">
            <LogoMark size={40} />
            <Text size="xs" tt="uppercase" fw={700} c="brand.7" style={{ letterSpacing: '0.06em' }}>
              Corporate Account
            </Text>
            <Title order={1} size="h2">
              Sign In to Corporate Account
            </Title>
            <Text c="dimmed" size="sm">
              See your company's bookings and keep your details up to date.
            </Text>
          </Stack>
          <form
            noValidate
            aria-label="Sign In to Corporate Account"
            onSubmit={form.onSubmit((values) => sendCorporate({ type: 'login.submit', email: values.email, password: values.password, redirect }))}
          >
            <Stack gap="md">
              <TextInput label="Email" type="email" autoComplete="username" required disabled={signingIn} {...form.getInputProps('email')} />
              <PasswordInput label="Password" autoComplete="current-password" required disabled={signingIn} {...form.getInputProps('password')} />
              <Anchor component={Link} href="/forgot_password" size="sm" mt={-6} data-testid="forgot-password-link">
                Forgot password?
              </Anchor>
              <LoginError />
              <Button type="submit" fullWidth size="md" loading={signingIn}>
                Sign In
              </Button>
            </Stack>
          </form>
        </Paper>
        <Anchor component={Link} href="/" size="sm" mt="lg" display="inline-flex" style={{ alignItems: 'center', gap: 6 }}>
          <IconArrowLeft size={16} />
          Back to the booking site
        </Anchor>
      </Container>
    </Box>
  );
}
