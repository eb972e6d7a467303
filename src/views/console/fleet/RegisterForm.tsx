/** The frame of a register's add or edit form: its fields in a grid, the server's reason, submit and close. */
import { Button, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import classes from '../Register.module.css';

export interface RegisterFormProps {
  /** The form's accessible name, shown as its heading when `showLabel`. */
  label: string;
  showLabel?: boolean;
  error: string | null;
  busy?: boolean;
  submitLabel: string;
  closeLabel: string;
  /** The browser's own checks of required fields are left off when the form validates itself. */
  noValidate?: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

export function RegisterForm({ label, showLabel = false, error, busy = false, submitLabel, closeLabel, noValidate = false, onSubmit, onClose, children }: RegisterFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Paper withBorder p="sm" mb="sm" className={classes.form} component="form" noValidate={noValidate} onSubmit={submit} aria-label={label}>
      {showLabel && (
        <Text size="sm" fw={600} mb="xs">
          {label}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
        {children}
      </SimpleGrid>
      {error && (
        <Text size="sm" c="red.8" role="alert" mt="xs">
          {error}
        </Text>
      )}
      <Group gap="xs" mt="sm">
        <Button type="submit" size="xs" loading={busy}>
          {submitLabel}
        </Button>
        <Button type="button" size="xs" variant="default" onClick={onClose} disabled={busy}>
          {closeLabel}
        </Button>
      </Group>
    </Paper>
  );
}
