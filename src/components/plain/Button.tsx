import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Loader } from './Loader.tsx';
import classes from './Button.module.css';

export type ButtonVariant = 'filled' | 'light' | 'default' | 'subtle';
/** sm, md and lg: Mantine's sizes of the same names (sm is Mantine's default); icon: a 36 px square for one icon. */
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** The subtle variant's colour: grey unless 'brand' (Mantine's default colour, as for the other variants). */
  color?: 'gray' | 'brand';
  /** An icon comes before the label: the start padding shrinks as in Mantine's (a link puts the icon first itself). */
  withLeftSection?: boolean;
  className?: string;
}

/**
 * The attributes that give a link (a wouter `Link` or an `<a>`) a button's look: a call to action that navigates is
 * still a link.
 */
export function buttonLook({ variant = 'filled', size = 'md', color, withLeftSection, className }: ButtonLook = {}) {
  return {
    className: className ? `${classes.root} ${className}` : classes.root,
    'data-variant': variant,
    'data-size': size,
    'data-color': color,
    'data-with-left-section': withLeftSection || undefined,
  };
}

interface ButtonProps extends Omit<ButtonLook, 'withLeftSection'>, Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className' | 'color'> {
  /** Shows a spinner in place of the label and disables the button (as Mantine's Button does). */
  loading?: boolean;
  leftSection?: ReactNode;
}

/**
 * A button with the look of Mantine's, for what the home page's first script renders (issue 37: that script carries
 * no Mantine; docs/architecture.md, "The home page's first script carries no Mantine"). Everything loaded later uses
 * Mantine's own.
 */
export function Button({ variant, size, color, className, loading = false, leftSection, disabled, type = 'button', children, ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      {...buttonLook({ variant, size, color, withLeftSection: Boolean(leftSection), className })}
      type={type}
      disabled={disabled || loading}
      data-loading={loading || undefined}
    >
      {leftSection && <span className={classes.section}>{leftSection}</span>}
      <span className={classes.label}>{children}</span>
      {loading && <Loader size={size === 'lg' ? 'sm' : 'xs'} color="currentColor" className={classes.loader} />}
    </button>
  );
}
