import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Alert.css';
import { Alert, Box, Button, Container, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { Link } from 'wouter';
import { COMPANY_ROLE_LABELS } from '../../../contract/companyAccounts.ts';
import { invitationLogic, invitationToken } from '../../app/corporate/invitationLogic.ts';

/** /account-invitation#token=…: set a password, or join with the existing account, then go to the company's bookings. */
export function AccountInvitationView() {
  const [token] = useState(() => (typeof window === 'undefined' ? null : invitationToken()));
  const actor = useActorRef(invitationLogic, { input: { token } });
  const invitation = useSelector(actor, (s) => s.context.invitation);
  const error = useSelector(actor, (s) => s.context.error);
  const stage = useSelector(actor, (s) => (s.matches('accepted') ? 'accepted' : s.matches('refused') ? 'refused' : s.matches('accepting') ? 'accepting' : s.matches('ready') ? 'ready' : 'loading'));
  const [password, setPassword] = useState('');
  return (
    <Box bg="gray.0" mih="100%" py={{ base: 'lg', sm: 64 }} data-screen="account-invitation">
      <Container size={460} px={{ base: 'sm', sm: 'md' }}>
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} shadow="sm">
          <Title order={1} size="h2" mb="sm">
            Join your company account
          </Title>
          {stage === 'loading' && <Text role="status">Checking your invitation…</Text>}
          {stage === 'refused' && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          {invitation && stage !== 'refused' && stage !== 'accepted' && (
            <form
              noValidate
              aria-label="Join your company account"
              onSubmit={(event) => {
                event.preventDefault();
                actor.send({ type: 'accept', password });
              }}
            >
              <Stack gap="md">
                <Text>
                  {invitation.email} is invited to {invitation.account_name} as {COMPANY_ROLE_LABELS[invitation.role].toLowerCase()}.
                </Text>
                <PasswordInput
                  label={invitation.existing_account ? 'Your password' : 'Choose a password'}
                  description={invitation.existing_account ? 'This e-mail already has an account: sign in with its password to join.' : 'At least 8 characters.'}
                  autoComplete={invitation.existing_account ? 'current-password' : 'new-password'}
                  required
                  value={password}
                  onChange={(event) => setPassword(event.currentTarget.value)}
                  disabled={stage === 'accepting'}
                />
                {error && (
                  <Alert color="red" variant="light" role="alert">
                    {error}
                  </Alert>
                )}
                <Button type="submit" loading={stage === 'accepting'}>
                  {invitation.existing_account ? 'Sign in and join' : 'Set password and join'}
                </Button>
              </Stack>
            </form>
          )}
          {stage === 'accepted' && (
            <Stack gap="md" align="flex-start">
              <Text role="status">You have joined {invitation?.account_name}. You are signed in.</Text>
              <Button component={Link} href="/bookings">
                Go to Bookings
              </Button>
            </Stack>
          )}
        </Paper>
      </Container>
    </Box>
  );
}
