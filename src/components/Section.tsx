import type { ReactNode } from 'react';
import { Container, Text, Title } from './plain/Text.tsx';
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
    <section className={classes.section} data-tone={tone} id={id} aria-labelledby={headingId}>
      <Container>
        <div className={classes.heading}>
          {eyebrow && (
            <Text size="xs" weight={700} className={classes.eyebrow}>
              {eyebrow}
            </Text>
          )}
          <Title order={2} id={headingId}>
            {title}
          </Title>
          {subtitle && (
            <Text dimmed className={classes.subtitle}>
              {subtitle}
            </Text>
          )}
        </div>
        {children}
      </Container>
    </section>
  );
}
