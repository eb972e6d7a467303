/** Sign-in, and the invitation's set-password page (/driver/set-password#token=…). */
import { Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { selectBusy, selectContext, selectSetPasswordDone } from '../../../machines/driver/index.ts';
import { Driver } from '../../app/driver/driverLogic.ts';
import { Messages } from './DriverFrame.tsx';
import classes from './Driver.module.css';

export function SignInScreen() {
  const actor = Driver.useActorRef();
  const busy = Driver.useSelector(selectBusy);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) actor.send({ type: 'signIn.submit', email, password });
  };
  return (
    <main className={classes.page}>
      <form onSubmit={submit} noValidate aria-labelledby="driver-sign-in">
        <Stack gap="md">
          <Text className={classes.brand}>cabflow · driver</Text>
          <Title order={1} id="driver-sign-in" className={classes.heading}>
            Sign in
          </Title>
          <Messages />
          <TextInput size="lg" label="E-mail" type="email" autoComplete="username" required value={email} onChange={(event) => setEmail(event.currentTarget.value)} />
          <PasswordInput size="lg" label="Password" autoComplete="current-password" required value={password} onChange={(event) => setPassword(event.currentTarget.value)} />
          <Button type="submit" size="xl" className={classes.big} loading={busy} fullWidth>
            Sign in
          </Button>
          <Text size="md" c="#000">
            New drivers set their password from the link the office's invitation mailed them.
          </Text>
        </Stack>
      </form>
    </main>
  );
}

export function SetPasswordScreen() {
  const actor = Driver.useActorRef();
  const busy = Driver.useSelector(selectBusy);
  const invalid = Driver.useSelector(selectSetPasswordDone);
  const { error } = Driver.useSelector(selectContext);
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) actor.send({ type: 'setPassword.submit', password });
  };
  return (
    <main className={classes.page}>
      <form onSubmit={submit} noValidate aria-labelledby="driver-set-password">
        <Stack gap="md">
          <Text className={classes.brand}>cabflow · driver</Text>
          <Title order={1} id="driver-set-password" className={classes.heading}>
            Set your password
          </Title>
          <Messages />
          {!invalid && (
            <>
              <PasswordInput size="lg" label="New password" autoComplete="new-password" required value={password} onChange={(event) => setPassword(event.currentTarget.value)} error={error ? undefined : undefined} />
              <Button type="submit" size="xl" className={classes.big} loading={busy} fullWidth>
                Set password
              </Button>
            </>
          )}
          <Button variant="outline" color="dark" size="lg" className={classes.big} onClick={() => actor.send({ type: 'signIn.open' })}>
            Go to sign-in
          </Button>
        </Stack>
      </form>
    </main>
  );
}
