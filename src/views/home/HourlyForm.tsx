/**
 * Hourly Rate (spec §2 Home): the pickup address with suggestions and the locate icon (PickupField: the nearest
 * address to the browser's position fills it; central London is stored when there is no position), Duration 4hour–24hour, Pick up Date, Hour, Min and Search.
 */
import { useSelector } from '@xstate/react';
import { memo } from 'react';
import { DURATIONS } from '../../../machines/homeForm/index.ts';
import { Button } from '../../components/plain/Button.tsx';
import { Text } from '../../components/plain/Text.tsx';
import { DateField, HourSelect, MinuteSelect, SelectField } from './fields.tsx';
import { PickupField } from './PickupField.tsx';
import type { HomeFormRef } from './QuoteForm.tsx';
import classes from './HomeForms.module.css';

const durationLabel = (duration: string) => `${Number.parseInt(duration, 10)} hours`;

function HourlyFormFields({ form, busy }: { form: HomeFormRef; busy: boolean }) {
  const pickup = useSelector(form, (s) => s.context.hourly.pickup);
  const duration = useSelector(form, (s) => s.context.hourly.pickup_duration);
  const date = useSelector(form, (s) => s.context.hourly.pickup_date);
  const hour = useSelector(form, (s) => s.context.hourly.pickup_hour);
  const min = useSelector(form, (s) => s.context.hourly.pickup_min);
  const today = useSelector(form, (s) => s.context.today);
  const errors = useSelector(form, (s) => s.context.errors);
  const change = (values: Partial<{ pickup: string; pickup_duration: string; pickup_date: string; pickup_hour: string; pickup_min: string }>) =>
    form.send({ type: 'hourly.change', values });

  return (
    <form
      className={classes.form}
      noValidate
      aria-label="Hourly rate"
      onSubmit={(event) => {
        event.preventDefault();
        form.send({ type: 'search' });
      }}
    >
      <PickupField
        form={form}
        tab="hourly"
        name="hourly_pickup"
        placeholder="Where should the driver meet you?"
        value={pickup}
        error={errors.pickup}
        onChange={(value) => change({ pickup: value })}
        data-testid="hourly-pickup"
      />
      <div className={classes.hourlyWhen}>
        <SelectField className={classes.hourlyWide} label="Duration" name="pickup_duration" value={duration} options={DURATIONS} labels={durationLabel} onChange={(v) => change({ pickup_duration: v })} />
        <DateField className={classes.hourlyWide} label="Pick up Date" name="hourly_pickup_date" value={date} min={today} error={errors.pickup_date} onChange={(v) => change({ pickup_date: v })} />
        <HourSelect label="Hour" name="hourly_pickup_hour" value={hour} onChange={(v) => change({ pickup_hour: v })} />
        <MinuteSelect label="Min" name="hourly_pickup_min" value={min} onChange={(v) => change({ pickup_min: v })} />
      </div>
      <div className={classes.actions}>
        <Text size="sm" dimmed>
          A driver and vehicle at your disposal, from 4 to 24 hours.
        </Text>
        <Button type="submit" size="md" className={classes.search} loading={busy} data-testid="hourly-search">
          Search
        </Button>
      </div>
    </form>
  );
}

/** Memoised: the booking actor's arrival at the first interaction (BookingContext) renders the slot again, not the form. */
export const HourlyForm = memo(HourlyFormFields);
