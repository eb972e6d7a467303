import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { RegisterStage } from '../../../machines/consoleRegister/index.ts';

/** What a register page shows around its table: loading, a failure with retry, the notice and the error. */
export function RegisterStatus({ stage, empty, notice, error, onRetry, children }: { stage: RegisterStage; empty: boolean; notice: string | null; error: string | null; onRetry: () => void; children: ReactNode }) {
  if (stage === 'failed')
    return (
      <Alert color="red" variant="light" role="alert">
        <Text size="sm" mb="xs">
          {error}
        </Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          Try again
        </Button>
      </Alert>
    );
  return (
    <>
      {notice && (
        <Alert color="green" variant="light" role="status" mb="xs" py={6}>
          {notice}
        </Alert>
      )}
      {error && stage !== 'adding' && stage !== 'editing' && (
        <Alert color="red" variant="light" role="alert" mb="xs" py={6}>
          {error}
        </Alert>
      )}
      {stage === 'loading' && empty ? (
        <Group gap="xs" py="md" role="status">
          <Loader size="xs" />
          <Text size="sm">Loading…</Text>
        </Group>
      ) : (
        children
      )}
    </>
  );
}
