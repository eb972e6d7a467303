import { Textarea, type TextareaProps } from '@mantine/core';
import classes from './GrowingTextarea.module.css';

export interface GrowingTextareaProps extends Omit<TextareaProps, 'autosize' | 'minRows' | 'maxRows' | 'rows'> {
  minRows?: number;
  maxRows?: number;
}

/**
 * A textarea that grows with its text from minRows to maxRows by CSS (`field-sizing: content`), not by Mantine's
 * autosize, which reads getComputedStyle on mount and on every change: a forced style recalculation of the page
 * (~170 ms of a throttled phone's first render of the details step). Without field-sizing support the browser shows
 * minRows with a resize handle.
 */
export function GrowingTextarea({ minRows = 2, maxRows = 6, styles, ...props }: GrowingTextareaProps) {
  const rows = (count: number) => `calc(${count} * 1lh + 2 * var(--input-padding-y, 0rem) + calc(0.125rem * var(--mantine-scale)))`;
  return <Textarea {...props} rows={minRows} resize="vertical" classNames={{ input: classes.input }} styles={{ ...styles, input: { minHeight: rows(minRows), maxHeight: rows(maxRows) } }} />;
}
