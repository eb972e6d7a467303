import type { ReactNode } from 'react';
import classes from './ManageBooking.module.css';

/** One fact of the booking: its label and value side by side (`stacked`: the label above from 576 px, as in a narrow column). */
export function Fact({ label, children, testId, stacked = false }: { label: string; children: ReactNode; testId?: string; stacked?: boolean }) {
  return (
    <div className={stacked ? `${classes.fact} ${classes.factStacked}` : classes.fact}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}
