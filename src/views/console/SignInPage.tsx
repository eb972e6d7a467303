import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/ActionIcon.css';
import { Alert, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { selectCodeStep, selectError, selectNotice, selectSigningIn } from '../../../machines/console/index.ts';
import { Console } from '../../app/console/consoleLogic.ts';
import classes from './Console.module.css';
import { usePageTitle } from './pageTitle.ts';

/**
 * /admin/sign-in: the staff member's e-mail and password; why they are here (signed out, session ended) above. When the
 * server asks for the mailed sign-in code too (issue 30), the form asks for it, and sends it with the same e-mail and
 * password; *Start again* goes back to them.
 */
export function SignInPage() {
  const actor = Console.useActorRef();
  usePageTitle('Sign in');
  const busy = Console.useSelector(selectSigningIn);
  const error = Console.useSelector(selectError);
  const notice = Console.useSelector(selectNotice);
  const codeStep = Console.useSelector(selectCodeStep);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    actor.send(codeStep ? { type: 'signIn.submit', email, password, code: code.trim() } : { type: 'signIn.submit', email, password });
  };
  const restart = () => {
    setCode('');
    actor.send({ type: 'signIn.restart' });
  };

  return (
    <main className={classes.signInPage}>
      <Paper withBorder shadow="xs" p="xl" radius="md" className={classes.signInCard}>
        <form onSubmit={submit} noValidate aria-labelledby="sign-in-title">
          <Stack gap="md">
            <div>
              <Text className={classes.brand} size="sm">
                cabflow · operator console
              </Text>
              <Title order={1} id="sign-in-title" className={classes.pageHeading} mt={4}>
                Sign in
              </Title>
            </div>
            {notice && (
              <Alert color={notice.tone === 'warning' ? 'yellow' : notice.tone === 'success' ? 'green' : 'blue'} variant="light" role="status" data-testid="console-notice">
                {notice.text}
              </Alert>
            )}
            {error && (
              <Alert color="red" variant="light" role="alert" data-testid="console-error">
                {error}
              </Alert>
            )}
            {codeStep ? (
              <>
                <Text size="sm">
                  Signing in as <strong>{email}</strong>
                </Text>
                <TextInput
                  key="code"
                  label="Sign-in code"
                  description="The 6 digits in the e-mail we just sent you"
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  maxLength={6}
                  required
                  value={code}
                  onChange={(event) => setCode(event.currentTarget.value)}
                  data-autofocus
                  autoFocus
                />
              </>
            ) : (
              <>
                <TextInput label="E-mail" type="email" autoComplete="username" required value={email} onChange={(event) => setEmail(event.currentTarget.value)} data-autofocus autoFocus />
                <PasswordInput label="Password" autoComplete="current-password" required value={password} onChange={(event) => setPassword(event.currentTarget.value)} />
              </>
            )}
            <Button type="submit" loading={busy} fullWidth>
              Sign in
            </Button>
            {codeStep && (
              <Button variant="subtle" onClick={restart} disabled={busy} fullWidth>
                Start again
              </Button>
            )}
            <Text size="xs" c="dimmed">
              New staff members set their password from the link an owner's invitation mailed them.
            </Text>
          </Stack>
        </form>
      </Paper>
    </main>
  );
}
