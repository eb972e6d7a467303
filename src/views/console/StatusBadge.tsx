import { Badge, type BadgeProps } from '@mantine/core';

/**
 * Mantine's shade 9 is dark enough on its own tint for small text, except green's (#2b8a3e) and teal's (#087f5b, an
 * Accepted booking on a striped row): under 4.5:1.
 */
const TEXT_COLOURS: Record<string, string> = { green: '#1e6b30', teal: '#05664a' };

/** A light badge whose text is its colour's darkest shade: readable on the tint (WCAG AA contrast). */
export function ToneBadge({ color, children, ...props }: BadgeProps & { color: string }) {
  return (
    <Badge variant="light" color={color} radius="sm" styles={{ label: { color: TEXT_COLOURS[color] ?? `var(--mantine-color-${color}-9)`, textTransform: 'none' } }} {...props}>
      {children}
    </Badge>
  );
}
