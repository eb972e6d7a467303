import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/ActionIcon.css';
import { Alert, Button, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { PASSWORD_MIN } from '../../../contract/accountMessages.ts';
import { useState, type FormEvent } from 'react';
import { selectError, selectSetPasswordStage } from '../../../machines/console/index.ts';
import { Console } from '../../app/console/consoleLogic.ts';
import classes from './Console.module.css';
import { usePageTitle } from './pageTitle.ts';

/** /admin/set-password#token=…: a new member (or one whose owner sent a new link) chooses a password. */
export function SetPasswordPage() {
  const actor = Console.useActorRef();
  usePageTitle('Set your password');
  const stage = Console.useSelector(selectSetPasswordStage);
  const error = Console.useSelector(selectError);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const mismatch = repeat !== '' && repeat !== password;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (stage === 'editing' && !mismatch && password !== '') actor.send({ type: 'setPassword.submit', password });
  };
  const toSignIn = () => actor.send({ type: 'signIn.open' });

  return (
    <main className={classes.signInPage}>
      <Paper withBorder shadow="xs" p="xl" radius="md" className={classes.signInCard}>
        <Stack gap="md">
          <Title order={1} className={classes.pageHeading}>
            Set your password
          </Title>
          {stage === 'done' ? (
            <>
              <Alert color="green" variant="light" role="status">
                Your password is set. You can sign in now.
              </Alert>
              <Button onClick={toSignIn}>Sign in</Button>
            </>
          ) : stage === 'invalid' ? (
            <>
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
              <Button variant="light" onClick={toSignIn}>
                Go to sign in
              </Button>
            </>
          ) : (
            <form onSubmit={submit} noValidate>
              <Stack gap="md">
                {error && (
                  <Alert color="red" variant="light" role="alert">
                    {error}
                  </Alert>
                )}
                <Text size="sm">Choose a password of at least {PASSWORD_MIN} characters that you do not use anywhere else.</Text>
                <PasswordInput label="New password" autoComplete="new-password" required value={password} onChange={(event) => setPassword(event.currentTarget.value)} />
                <PasswordInput
                  label="Repeat the password"
                  autoComplete="new-password"
                  required
                  value={repeat}
                  error={mismatch ? 'The two passwords differ' : undefined}
                  onChange={(event) => setRepeat(event.currentTarget.value)}
                />
                <Button type="submit" loading={stage === 'submitting'}>
                  Set password
                </Button>
              </Stack>
            </form>
          )}
        </Stack>
      </Paper>
    </main>
  );
}
