/**
 * GET A QUOTE (spec §2 Home): Pick-Up (with "Use my location", PickupField), Drop-Off, date, hour and minute, passengers 1–20, luggage and hand luggage,
 * Add Return (return date and time with a remove cross), Extra Stops with add and remove, Search. Every change is
 * an event to the home form machine, which saves it; Search hands the checked form to the booking flow.
 */
import { useSelector } from '@xstate/react';
import { memo } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { BookingForm, Stop } from '../../../contract/booking.ts';
import { LUGGAGE_OPTIONS, PASSENGER_OPTIONS } from '../../../machines/homeForm/index.ts';
import { AddressField as AddressAutocomplete } from './AddressField.tsx';
import { IconMapPin } from '../../components/icons.tsx';
import { Button } from '../../components/plain/Button.tsx';
import { Text } from '../../components/plain/Text.tsx';
import { DateField, HourSelect, IconButton, IconPlus, IconX, MinuteSelect, SelectField, TextField } from './fields.tsx';
import { PickupField } from './PickupField.tsx';
import type { homeFormLogic } from '../../app/home/homeFormLogic.ts';
import classes from './HomeForms.module.css';

export type HomeFormRef = ActorRefFrom<ReturnType<typeof homeFormLogic>>;

function StopRow({ form, index }: { form: HomeFormRef; index: number }) {
  const stop = useSelector(form, (s) => s.context.quote.stops[index]);
  const errors = useSelector(form, (s) => s.context.errors);
  if (!stop) return null;
  const change = (values: Partial<Stop>) => form.send({ type: 'stop.change', index, values });
  const n = index + 1;
  return (
    <div className={classes.stop} data-testid="extra-stop">
      <div className={classes.stopFields}>
        {/* Suggests addresses like Pick-Up and Drop-Off; a picked one fills the street, number and city or post code. */}
        <AddressAutocomplete
          label={`Stop ${n}: street or road name`}
          required
          value={stop.street_name}
          error={errors[`stops.${index}.street_name`]}
          onChange={(v) => change({ street_name: v })}
          onSuggestionSelect={(suggestion) => form.send({ type: 'stop.place', index, address: suggestion.address })}
        />
        <TextField label="Number" value={stop.number} onChange={(v) => change({ number: v })} />
        <TextField label="City or post code" required value={stop.postcode} error={errors[`stops.${index}.postcode`]} onChange={(v) => change({ postcode: v })} />
      </div>
      <IconButton className={classes.stopRemove} label={`Remove stop ${n}`} onClick={() => form.send({ type: 'stop.remove', index })}>
        <IconX />
      </IconButton>
    </div>
  );
}

function ReturnSection({ form }: { form: HomeFormRef }) {
  const date = useSelector(form, (s) => s.context.quote.return_date ?? '');
  const hour = useSelector(form, (s) => s.context.quote.return_hour ?? '');
  const min = useSelector(form, (s) => s.context.quote.return_min ?? '');
  const min_date = useSelector(form, (s) => s.context.quote.pickup_date || s.context.today);
  const errors = useSelector(form, (s) => s.context.errors);
  return (
    <section className={classes.section} aria-labelledby="return-title" data-testid="return-section">
      <div className={classes.sectionHeader}>
        <Text id="return-title" weight={700} size="sm">
          Return
        </Text>
        <IconButton label="Remove return" onClick={() => form.send({ type: 'return.remove' })}>
          <IconX />
        </IconButton>
      </div>
      <div className={classes.returnWhen}>
        <DateField className={classes.returnDate} label="Return date" value={date} min={min_date} error={errors.return_date} onChange={(v) => form.send({ type: 'quote.change', values: { return_date: v } })} />
        <HourSelect label="Return hour" value={hour} error={errors.return_hour} onChange={(v) => form.send({ type: 'quote.change', values: { return_hour: v } })} />
        <MinuteSelect label="Return min" value={min} error={errors.return_min} onChange={(v) => form.send({ type: 'quote.change', values: { return_min: v } })} />
      </div>
    </section>
  );
}

function QuoteFormFields({ form, busy }: { form: HomeFormRef; busy: boolean }) {
  const pickup = useSelector(form, (s) => s.context.quote.pickup);
  const dropoff = useSelector(form, (s) => s.context.quote.dropoff);
  const date = useSelector(form, (s) => s.context.quote.pickup_date);
  const hour = useSelector(form, (s) => s.context.quote.pickup_hour);
  const min = useSelector(form, (s) => s.context.quote.pickup_min);
  const passengers = useSelector(form, (s) => String(s.context.quote.passengers));
  const luggages = useSelector(form, (s) => String(s.context.quote.luggages));
  const handLuggages = useSelector(form, (s) => String(s.context.quote.hand_luggages));
  const isReturn = useSelector(form, (s) => s.context.quote.select_option === 'return');
  const stopCount = useSelector(form, (s) => s.context.quote.stops.length);
  const canAddStop = useSelector(form, (s) => s.can({ type: 'stop.add' }));
  const today = useSelector(form, (s) => s.context.today);
  const errors = useSelector(form, (s) => s.context.errors);
  const change = (values: Partial<Omit<BookingForm, 'stops'>>) => form.send({ type: 'quote.change', values });

  return (
    <form
      className={classes.form}
      noValidate
      aria-label="Get a quote"
      onSubmit={(event) => {
        event.preventDefault();
        form.send({ type: 'search' });
      }}
    >
      <div className={classes.addresses}>
        <PickupField
          form={form}
          tab="quote"
          name="pickup"
          placeholder="Address, airport, station or postcode"
          value={pickup}
          error={errors.pickup}
          onChange={(value) => change({ pickup: value })}
          data-testid="quote-pickup"
        />
        <AddressAutocomplete
          label="Drop-Off"
          placeholder="Address, airport, station or postcode"
          required
          name="dropoff"
          value={dropoff}
          error={errors.dropoff}
          leftSection={<IconMapPin size={18} />}
          onChange={(value) => change({ dropoff: value })}
          data-testid="quote-dropoff"
        />
      </div>

      {stopCount > 0 && (
        <section className={classes.section} aria-labelledby="stops-title">
          <div className={classes.sectionHeader}>
            <Text id="stops-title" weight={700} size="sm">
              Extra Stops
            </Text>
          </div>
          {Array.from({ length: stopCount }, (_, index) => (
            <StopRow key={index} form={form} index={index} />
          ))}
        </section>
      )}

      <div className={classes.when}>
        <DateField className={classes.span6} label="Pickup date" name="pickup_date" value={date} min={today} error={errors.pickup_date} onChange={(v) => change({ pickup_date: v })} />
        <HourSelect className={classes.span3} label="Hour" name="pickup_hour" value={hour} onChange={(v) => change({ pickup_hour: v })} />
        <MinuteSelect className={classes.span3} label="Min" name="pickup_min" value={min} onChange={(v) => change({ pickup_min: v })} />
        <SelectField className={classes.span2} label="Passengers" name="passengers" value={passengers} options={PASSENGER_OPTIONS} onChange={(v) => change({ passengers: Number(v) })} />
        <SelectField className={classes.span2} label="Luggage" name="luggages" value={luggages} options={LUGGAGE_OPTIONS} onChange={(v) => change({ luggages: Number(v) })} />
        <SelectField className={classes.span2} label="Hand luggage" name="hand_luggages" value={handLuggages} options={LUGGAGE_OPTIONS} onChange={(v) => change({ hand_luggages: Number(v) })} />
      </div>

      {isReturn && <ReturnSection form={form} />}

      <div className={classes.actions}>
        <div className={classes.addButtons}>
          {!isReturn && (
            <Button variant="light" size="sm" leftSection={<IconPlus />} onClick={() => form.send({ type: 'return.add' })}>
              Add Return
            </Button>
          )}
          <Button variant="subtle" color="brand" size="sm" leftSection={<IconPlus />} disabled={!canAddStop} onClick={() => form.send({ type: 'stop.add' })}>
            Extra Stop
          </Button>
        </div>
        <Button type="submit" size="md" className={classes.search} loading={busy} data-testid="quote-search">
          Search
        </Button>
      </div>
    </form>
  );
}

/** Memoised: the booking actor's arrival at the first interaction (BookingContext) renders the slot again, not the form. */
export const QuoteForm = memo(QuoteFormFields);
