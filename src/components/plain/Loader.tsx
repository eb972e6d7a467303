import type { CSSProperties } from 'react';
import classes from './Loader.module.css';

/** Mantine's oval Loader without Mantine (see Button.tsx): decorative, so the state it stands for is said elsewhere. */
export function Loader({ size = 'md', color, className }: { size?: 'xs' | 'sm' | 'md' | 'lg'; color?: string; className?: string }) {
  return (
    <span
      className={className ? `${classes.loader} ${className}` : classes.loader}
      data-size={size}
      style={color ? ({ '--loader-color': color } as CSSProperties) : undefined}
      aria-hidden="true"
    />
  );
}
