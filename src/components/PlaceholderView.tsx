import { Button, Container, Group, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { telHref } from '../app/navigation.ts';
import { useSetting } from '../app/useSettings.ts';
import { IconArrowLeft, IconPhone } from './icons.tsx';

interface PlaceholderViewProps {
  /** The screen's title as the spec gives it, e.g. 'QUOTE NOW'. */
  title: string;
  /** A short line on what the screen is for. */
  description: string;
  /** Small label above the title (the step or area the screen belongs to). */
  eyebrow?: string;
  /** Which screen this stands in for; later work replaces the component, tests find it by this. */
  screen: string;
  children?: ReactNode;
}

/**
 * Stand-in for a screen that a later issue builds: the spec's title, one line of purpose, and a way
 * back or a phone number, so a visitor who lands here is never stuck.
 */
export function PlaceholderView({ title, description, eyebrow, screen, children }: PlaceholderViewProps) {
  const phone = useSetting('Company_Contact_Info');
  return (
    <Container size="sm" py={{ base: 'xl', sm: 56 }} data-placeholder={screen}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} shadow="xs">
        {eyebrow && (
          <Text size="xs" tt="uppercase" fw={700} c="brand.7" mb={6} style={{ letterSpacing: '0.06em' }}>
            {eyebrow}
          </Text>
        )}
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed" mt="sm" maw={480}>
          {description}
        </Text>
        {children}
        <Group mt="xl" gap="sm">
          <Button component={Link} href="/" variant="light" leftSection={<IconArrowLeft size={18} />}>
            Back to home
          </Button>
          {phone && (
            <Button component="a" href={telHref(phone)} variant="subtle" leftSection={<IconPhone size={18} />}>
              Call {phone}
            </Button>
          )}
        </Group>
      </Paper>
    </Container>
  );
}
