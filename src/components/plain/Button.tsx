import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Loader } from './Loader.tsx';
import classes from './Button.module.css';

export type ButtonVariant = 'filled' | 'default' | 'subtle';
/** md and lg: Mantine's sizes of the same names; icon: a 36 px square for one icon. */
export type ButtonSize = 'md' | 'lg' | 'icon';

interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/**
 * The attributes that give a link (a wouter `Link` or an `<a>`) a button's look: a call to action that navigates is
 * still a link.
 */
export function buttonLook({ variant = 'filled', size = 'md', className }: ButtonLook = {}) {
  return { className: className ? `${classes.root} ${className}` : classes.root, 'data-variant': variant, 'data-size': size };
}

interface ButtonProps extends ButtonLook, Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'> {
  /** Shows a spinner in place of the label and disables the button (as Mantine's Button does). */
  loading?: boolean;
  leftSection?: ReactNode;
}

/**
 * A button with the look of Mantine's, for what the home page's first script renders (issue 37: that script carries
 * no Mantine; docs/architecture.md "The first script"). Everything loaded later uses Mantine's own.
 */
export function Button({ variant, size, className, loading = false, leftSection, disabled, type = 'button', children, ...rest }: ButtonProps) {
  return (
    <button {...rest} {...buttonLook({ variant, size, className })} type={type} disabled={disabled || loading} data-loading={loading || undefined}>
      {leftSection && <span className={classes.section}>{leftSection}</span>}
      <span className={classes.label}>{children}</span>
      {loading && <Loader size={size === 'lg' ? 'sm' : 'xs'} color="currentColor" className={classes.loader} />}
    </button>
  );
}
