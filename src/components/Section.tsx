import { Box, Container, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './Section.module.css';

interface SectionProps {
  title: string;
  eyebrow?: string;
  subtitle?: ReactNode;
  /** 'muted' gives the band a light grey background to separate it from its neighbours. */
  tone?: 'plain' | 'muted';
  id?: string;
  children: ReactNode;
}

/** A full-width band of the home page with a heading block and a centred container. */
export function Section({ title, eyebrow, subtitle, tone = 'plain', id, children }: SectionProps) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <Box component="section" className={classes.section} data-tone={tone} id={id} aria-labelledby={headingId}>
      <Container size="lg">
        <div className={classes.heading}>
          {eyebrow && (
            <Text size="xs" tt="uppercase" fw={700} c="brand.7" className={classes.eyebrow}>
              {eyebrow}
            </Text>
          )}
          <Title order={2} id={headingId}>
            {title}
          </Title>
          {subtitle && (
            <Text c="dimmed" mt={8} maw={620}>
              {subtitle}
            </Text>
          )}
        </div>
        {children}
      </Container>
    </Box>
  );
}
