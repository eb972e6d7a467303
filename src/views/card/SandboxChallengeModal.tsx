import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Badge.css';
import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { answerChallenge, currentChallenge, subscribeChallenge } from '../../payments/sandboxChallenge.ts';
import { IconShield } from '../../components/icons.tsx';
import classes from './Card.module.css';

/**
 * The sandbox's own 3-D Secure page (TEST MODE), standing in for the bank's: shown while the flow waits in
 * `authenticating` for a sandbox intent. Complete or Fail answers it; there is no other way out, as with a bank's.
 */
export function SandboxChallengeModal({ amount, merchant }: { amount: string; merchant: string }) {
  const challenge = useSyncExternalStore(subscribeChallenge, currentChallenge, () => null);
  const answering = challenge?.answering ?? null;
  return (
    <Modal
      opened={challenge !== null}
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      radius="lg"
      size="sm"
      overlayProps={{ backgroundOpacity: 0.55, blur: 2 }}
      title={
        <Group gap="xs" wrap="nowrap">
          <IconShield size={22} style={{ color: 'var(--mantine-color-brand-7)' }} />
          <Text fw={700}>3-D Secure: confirm your payment</Text>
        </Group>
      }
      data-testid="sandbox-3ds"
    >
      <Stack gap="md">
        <Badge color="yellow" variant="light" size="lg" radius="sm" className={classes.testBadge} style={{ alignSelf: 'flex-start' }}>
          TEST MODE
        </Badge>
        <Text size="sm">
          Your bank asks you to confirm this payment. This is the test processor's page: a real bank would ask for a code or a
          confirmation in its app.
        </Text>
        <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 16px', fontSize: 'var(--mantine-font-size-sm)' }}>
          <dt style={{ color: 'var(--mantine-color-dimmed)' }}>Merchant</dt>
          <dd style={{ margin: 0, fontWeight: 600 }}>{merchant}</dd>
          <dt style={{ color: 'var(--mantine-color-dimmed)' }}>Amount</dt>
          <dd style={{ margin: 0, fontWeight: 600 }}>{amount}</dd>
        </dl>
        <Group grow gap="sm">
          <Button variant="default" color="red" onClick={() => answerChallenge('fail')} loading={answering === 'fail'} disabled={answering === 'complete'}>
            Fail
          </Button>
          <Button onClick={() => answerChallenge('complete')} loading={answering === 'complete'} disabled={answering === 'fail'} data-autofocus>
            Complete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
