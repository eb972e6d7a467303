import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Stepper.css';
import '@mantine/core/styles/Flex.css';
import { Alert, Anchor, Button, Container, Flex, Group, Paper, PasswordInput, Stack, Stepper, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link } from 'wouter';
import { z } from 'zod';
import { newPasswordSchema, RESET_CODE_LENGTH } from '../../../contract/accounts.ts';
import type { SnapshotFrom } from 'xstate';
import type { ForgotPasswordMachine } from '../../../machines/forgotPassword/index.ts';
import { forgotPasswordRoute } from '../../../machines/forgotPassword/forgotPassword.routes.ts';
import { useRouteSync, type FlowRoutes } from '../../app/useRouteSync.ts';
import { IconArrowLeft } from '../../components/icons.tsx';
import { ForgotPassword } from '../../app/forgotPassword/forgotPasswordLogic.ts';

const FORGOT_PASSWORD_ROUTES: FlowRoutes<SnapshotFrom<ForgotPasswordMachine>> = {
  routeOf: forgotPasswordRoute,
  urlOf: (route) => route,
};

/** The URL follows the machine (the page is its only way in, so nothing is sent back): after a reset, /personalDetailView. */
function ForgotPasswordRouteSync() {
  const actor = ForgotPassword.useActorRef();
  useRouteSync({ actor, routes: FORGOT_PASSWORD_ROUTES });
  return null;
}

const emailSchema = z.object({ email: z.string().trim().min(1, 'Enter your email').pipe(z.email('Enter a valid email address')) });
const codeSchema = z.object({ code: z.string().trim().regex(new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`), `Enter the ${RESET_CODE_LENGTH}-digit code from the email`) });
const passwordSchema = z.object({
  password: z.string().min(1, 'Enter a new password').pipe(newPasswordSchema),
  confirmation: z.string().min(1, 'Confirm the new password'),
});

function Notice() {
  const notice = ForgotPassword.useSelector((s) => s.context.notice);
  const actor = ForgotPassword.useActorRef();
  if (!notice) return null;
  return (
    <Alert
      color={notice.tone === 'success' ? 'teal' : 'red'}
      variant="light"
      role={notice.tone === 'success' ? 'status' : 'alert'}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={() => actor.send({ type: 'notice.dismiss' })}
      data-testid="forgot-password-notice"
    >
      {notice.text}
    </Alert>
  );
}

function EmailStep() {
  const actor = ForgotPassword.useActorRef();
  const sending = ForgotPassword.useSelector((s) => s.matches('sendingCode'));
  const email = ForgotPassword.useSelector((s) => s.context.email);
  const form = useForm({ initialValues: { email }, validate: schemaResolver(emailSchema, { sync: true }) });
  return (
    <form noValidate onSubmit={form.onSubmit((values) => actor.send({ type: 'email.submit', email: values.email }))}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Enter the e-mail address of your account and we will send you a code to reset your password.
        </Text>
        <TextInput label="Email" type="email" autoComplete="email" required disabled={sending} {...form.getInputProps('email')} />
        <Group justify="flex-end">
          <Button type="submit" loading={sending}>
            Send reset code
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function CodeStep() {
  const actor = ForgotPassword.useActorRef();
  const busy = ForgotPassword.useSelector((s) => s.matches('verifyingCode'));
  const email = ForgotPassword.useSelector((s) => s.context.email);
  const form = useForm({ initialValues: { code: '' }, validate: schemaResolver(codeSchema, { sync: true }) });
  return (
    <form noValidate onSubmit={form.onSubmit((values) => actor.send({ type: 'code.submit', code: values.code }))}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Enter the {RESET_CODE_LENGTH}-digit code we sent to <b>{email}</b>. It is valid for 10 minutes.
        </Text>
        <TextInput
          label="Reset code"
          required
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={RESET_CODE_LENGTH}
          disabled={busy}
          maw={220}
          styles={{ input: { letterSpacing: '0.3em', fontSize: 'var(--mantine-font-size-lg)', fontVariantNumeric: 'tabular-nums' } }}
          {...form.getInputProps('code')}
        />
        <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="space-between" align={{ base: 'stretch', xs: 'center' }} gap="sm">
          <Group gap="xs" grow preventGrowOverflow={false}>
            <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => actor.send({ type: 'code.back' })} disabled={busy}>
              Back
            </Button>
            <Button variant="subtle" onClick={() => actor.send({ type: 'code.resend' })} disabled={busy}>
              Send a new code
            </Button>
          </Group>
          <Button type="submit" loading={busy}>
            Verify code
          </Button>
        </Flex>
      </Stack>
    </form>
  );
}

function PasswordStep() {
  const actor = ForgotPassword.useActorRef();
  const busy = ForgotPassword.useSelector((s) => s.matches('resetting'));
  const form = useForm({ initialValues: { password: '', confirmation: '' }, validate: schemaResolver(passwordSchema, { sync: true }) });
  return (
    <form noValidate onSubmit={form.onSubmit((values) => actor.send({ type: 'password.submit', ...values }))}>
      <Stack gap="md">
        <PasswordInput label="New password" autoComplete="new-password" required disabled={busy} description="At least 8 characters" {...form.getInputProps('password')} />
        <PasswordInput label="Confirm new password" autoComplete="new-password" required disabled={busy} {...form.getInputProps('confirmation')} />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            Reset password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Done() {
  return (
    <Text size="sm" c="dimmed">
      Taking you back to your booking…
    </Text>
  );
}

const STEPS = ['Email', 'Reset code', 'New password'] as const;

function Steps() {
  const step = ForgotPassword.useSelector((s) =>
    s.matches('email') || s.matches('sendingCode') ? 0 : s.matches('code') || s.matches('verifyingCode') ? 1 : s.matches('password') || s.matches('resetting') ? 2 : 3,
  );
  return (
    <Stack gap="lg">
      <Stepper active={step} size="sm" allowNextStepsSelect={false} iconSize={28} aria-label="Steps" visibleFrom="xs">
        {STEPS.map((label) => (
          <Stepper.Step key={label} label={label} />
        ))}
      </Stepper>
      <Text size="sm" fw={600} aria-live="polite">
        {step < 3 ? `Step ${step + 1} of 3: ${STEPS[step as 0 | 1 | 2]}` : 'Done'}
      </Text>
      <Notice />
      {step === 0 && <EmailStep />}
      {step === 1 && <CodeStep />}
      {step === 2 && <PasswordStep />}
      {step === 3 && <Done />}
    </Stack>
  );
}

/** /forgot_password: e-mail → reset code → new password (spec §2 Forgot password), then back to /personalDetailView. */
export function ForgotPasswordView() {
  return (
    <Container size="sm" py={{ base: 'lg', sm: 48 }} px={{ base: 'sm', sm: 'md' }} data-screen="forgot-password">
      <Paper withBorder radius="lg" p={{ base: 'md', xs: 'lg', sm: 40 }} shadow="xs">
        <Anchor component={Link} href="/personalDetailView" size="sm" fw={500} display="inline-flex" style={{ alignItems: 'center', gap: 6 }} mb="md">
          <IconArrowLeft size={16} />
          Back To Personal Detail
        </Anchor>
        <Title order={1} mb="lg">
          Forgot Password
        </Title>
        <ForgotPassword.Provider>
          <ForgotPasswordRouteSync />
          <Steps />
        </ForgotPassword.Provider>
      </Paper>
    </Container>
  );
}
