import { Paper, Title } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import classes from './Booking.module.css';

/** A step's box: its heading takes the focus when it opens, so a keyboard user is where the step is. */
export function Step({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Paper withBorder p="sm" radius="md" className={classes.step} data-testid={testId}>
      <Title order={3} className={classes.stepTitle} ref={heading} tabIndex={-1}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}
