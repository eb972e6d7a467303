/**
 * Banning an address pattern, with a sample search tested before saving: "would 'Heathrow Terminal 5' be refused?",
 * answered by the server with the quote's own matcher (the saved patterns plus this one).
 */
import { Alert, Box, Button, Group, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useActorRef, useSelector } from '@xstate/react';
import type { BanCheckResult } from '../../../../contract/consolePlaces.ts';
import { QUOTE_MESSAGES } from '../../../../contract/quoting.constants.ts';
import { selectChecking, selectSaving, type PlacesMachine } from '../../../../machines/consolePlaces/index.ts';
import { RegisterForm } from '../fleet/RegisterForm.tsx';

type PlacesActor = ReturnType<typeof useActorRef<PlacesMachine>>;

function CheckAnswer({ sample, check }: { sample: string; check: BanCheckResult }) {
  const reading = check.resolved ? ` The maps service reads it as “${check.resolved}”.` : '';
  return (
    <Alert color={check.refused ? 'red' : 'green'} variant="light" py={6} mt="xs" role="status" aria-live="polite">
      <Text size="sm" fw={600}>
        {check.refused ? `Refused: a search for “${sample}” would get '${QUOTE_MESSAGES.bannedAddress}'.` : `Allowed: a search for “${sample}” would be quoted as usual.`}
      </Text>
      <Text size="xs">
        {check.refused ? `It matches “${check.matched}”${check.by_new_pattern ? ', the pattern above' : ', a pattern already banned'}.` : 'No banned pattern matches it.'}
        {reading}
      </Text>
    </Alert>
  );
}

export function BanForm({ actor }: { actor: PlacesActor }) {
  const error = useSelector(actor, (s) => s.context.error);
  const check = useSelector(actor, (s) => s.context.check);
  const busy = useSelector(actor, selectSaving);
  const checking = useSelector(actor, selectChecking);
  const form = useForm({
    initialValues: { pattern: '', reason: '', sample: '' },
    validate: { pattern: (value) => (value.trim().length < 3 ? 'Pattern must be at least 3 characters' : null) },
    // An answer is about the fields as they were: any change drops it.
    onValuesChange: () => {
      if (actor.getSnapshot().context.check) actor.send({ type: 'check.clear' });
    },
  });
  const submit = form.onSubmit((values) => {
    actor.send({ type: 'save', change: { kind: 'ban.create', ban: { pattern: values.pattern.trim(), ...(values.reason.trim() ? { reason: values.reason.trim() } : {}) } } });
  });
  const testSample = () => {
    if (form.values.sample.trim() === '') return form.setFieldError('sample', 'Type a search to test, such as Heathrow Terminal 5');
    actor.send({ type: 'check', sample: form.values.sample.trim(), pattern: form.values.pattern.trim().length >= 3 ? form.values.pattern.trim() : undefined });
  };
  return (
    <RegisterForm showLabel noValidate label="Ban an address" error={error} busy={busy} submitLabel="Ban pattern" closeLabel="Close" onSubmit={() => submit()} onClose={() => actor.send({ type: 'close' })}>
      <TextInput size="xs" label="Pattern" description="Searches whose pickup, stop or drop-off contain these words are refused" required {...form.getInputProps('pattern')} />
      <TextInput size="xs" label="Reason (for your records)" {...form.getInputProps('reason')} />
      <Box />
      <Box style={{ gridColumn: '1 / -1' }}>
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput size="xs" label="Sample search" placeholder="Heathrow Terminal 5" style={{ flex: '1 1 16rem' }} {...form.getInputProps('sample')} />
          <Button size="xs" variant="light" loading={checking} onClick={testSample}>
            Test sample
          </Button>
        </Group>
        {check && <CheckAnswer sample={form.values.sample.trim()} check={check} />}
      </Box>
    </RegisterForm>
  );
}
