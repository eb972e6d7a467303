import type { HTMLAttributes, ReactNode } from 'react';
import classes from './Text.module.css';

const join = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

interface TextProps extends HTMLAttributes<HTMLElement> {
  /** The element: a paragraph unless it sits inside one (a span) or holds blocks (a div). */
  component?: 'p' | 'span' | 'div';
  size?: 'xs' | 'sm' | 'md' | 'lg';
  weight?: 400 | 500 | 600 | 700;
  /** The site's muted grey (theme.ts: 5.6:1 on white). */
  dimmed?: boolean;
  children?: ReactNode;
}

/** Mantine's Text without Mantine, for what the home page's first script renders (issue 37; see Button.tsx). */
export function Text({ component: Component = 'p', size = 'md', weight, dimmed, className, children, ...rest }: TextProps) {
  return (
    <Component {...rest} className={join(classes.text, className)} data-size={size} data-weight={weight} data-dimmed={dimmed || undefined}>
      {children}
    </Component>
  );
}

/** Mantine's Title without Mantine: an h1–h3 in the theme's heading sizes. */
export function Title({ order, className, children, ...rest }: HTMLAttributes<HTMLHeadingElement> & { order: 1 | 2 | 3 }) {
  const Heading = `h${order}` as const;
  return (
    <Heading {...rest} className={join(classes.title, className)}>
      {children}
    </Heading>
  );
}

/** Mantine's Container (size lg) without Mantine: the page's centred column. */
export function Container({ className, children, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div {...rest} className={join(classes.container, className)}>
      {children}
    </div>
  );
}
