/**
 * The Options table of the booking summary panel with its edit and hide toggles and 'See Return Details', and the
 * options editor (mileage only, spec §2): meet and greet, wheelchair, baby and booster seats, special luggage and
 * waiting time (each only when its setting is over zero, spec §5), luggage and hand luggage, and the return leg's
 * counterparts on a return trip. The editor is a group, not a form (it is embedded in the personal details form);
 * Save (a plain button) sends options.save to the booking flow, which re-prices the chosen vehicle.
 */
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Input.css';
import { Button, Checkbox, Group, NativeSelect, Text } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { BookingForm } from '../../../contract/booking.ts';
import { LIMITS } from '../../../contract/quoting.constants.ts';
import type { TripOptions } from '../../../machines/booking/booking.context.ts';
import { optionsEditorMachine, type OptionField } from '../../../machines/optionsEditor/index.ts';
import { Booking } from '../../app/booking/BookingContext.ts';
import { useSettings } from '../../app/useSettings.ts';
import { formatMoney } from '../../views/confirmation/format.ts';
import { settingAmount } from './tripFormat.ts';
import classes from './BookingSummary.module.css';

type Leg = 'outbound' | 'return';

interface OptionRow {
  field: keyof Pick<BookingForm, 'meet_and_greet' | 'wheel_chair' | 'baby_seats' | 'booster_seats' | 'special_luggage' | 'waiting_min' | 'luggages' | 'hand_luggages'>;
  label: string;
  kind: 'yesNo' | 'count' | 'minutes';
  max: number;
  /** The setting whose amount switches the option on; null: always shown. */
  setting: 'MEET_AND_GREET' | 'WHEEL_CHAIR' | 'BABY_PRICE_PER_SEAT' | 'BOOSTER_PRICE_PER_SEAT' | 'SPECIAL_LUGGAGE_PER_PRICE' | 'PRICE_PER_FIVE_WAITING_MIN' | null;
  /** How the price reads next to the label. */
  per: string;
}

const ROWS: OptionRow[] = [
  { field: 'luggages', label: 'Luggage', kind: 'count', max: LIMITS.luggage, setting: null, per: '' },
  { field: 'hand_luggages', label: 'Hand luggage', kind: 'count', max: LIMITS.luggage, setting: null, per: '' },
  { field: 'meet_and_greet', label: 'Meet and greet', kind: 'yesNo', max: 1, setting: 'MEET_AND_GREET', per: '' },
  { field: 'wheel_chair', label: 'Wheelchair', kind: 'yesNo', max: 1, setting: 'WHEEL_CHAIR', per: '' },
  { field: 'baby_seats', label: 'Baby seats', kind: 'count', max: LIMITS.seats, setting: 'BABY_PRICE_PER_SEAT', per: ' each' },
  { field: 'booster_seats', label: 'Booster seats', kind: 'count', max: LIMITS.seats, setting: 'BOOSTER_PRICE_PER_SEAT', per: ' each' },
  { field: 'special_luggage', label: 'Special luggage', kind: 'count', max: LIMITS.seats, setting: 'SPECIAL_LUGGAGE_PER_PRICE', per: ' each' },
  { field: 'waiting_min', label: 'Waiting time', kind: 'minutes', max: LIMITS.waitingMinutes, setting: 'PRICE_PER_FIVE_WAITING_MIN', per: ' per 5 min' },
];

const fieldOf = (row: OptionRow, leg: Leg) => (leg === 'return' ? (`return_${row.field}` as OptionField) : (row.field as OptionField));

const valueText = (row: OptionRow, value: unknown) =>
  row.kind === 'yesNo' ? (value === 'yes' ? 'Yes' : 'No') : row.kind === 'minutes' ? `${Number(value ?? 0)} min` : String(Number(value ?? 0));

/** The trip's current options as the editor's draft starts. */
function currentOptions(form: BookingForm): TripOptions {
  const options: Record<string, unknown> = {};
  for (const row of ROWS) {
    options[row.field] = form[row.field];
    options[`return_${row.field}`] = form[`return_${row.field}` as keyof BookingForm];
  }
  return options as TripOptions;
}

export function OptionsPanel({ editable }: { editable: boolean }) {
  const booking = Booking.useActorRef();
  const form = Booking.useSelector((s) => s.context.bookingForm);
  // The wheelchair option only on a wheelchair-accessible vehicle (the server refuses it on any other).
  const noWheelchairAccess = Booking.useSelector((s) => s.context.selectedVehicle?.wheelchair === false);
  const busy = Booking.useSelector((s) => s.hasTag('busy'));
  const settings = useSettings();
  const logic = useMemo(() => optionsEditorMachine.provide({ actions: { saveOptions: (_, { options }) => booking.send({ type: 'options.save', options }) } }), [booking]);
  const editor = useActorRef(logic);
  const editing = useSelector(editor, (s) => s.matches('editing'));
  const hidden = useSelector(editor, (s) => s.context.hidden);
  const showReturn = useSelector(editor, (s) => s.context.showReturn);
  const draft = useSelector(editor, (s) => s.context.draft);
  if (!form) return null;

  const isReturn = form.select_option === 'return';
  // Asked for already (before another vehicle was chosen), it stays listed so it can be unticked.
  const wheelchairAsked = form.wheel_chair === 'yes' || form.return_wheel_chair === 'yes';
  const rows = ROWS.filter(
    (row) => (row.setting === null || settingAmount(settings[row.setting]) !== null) && (row.field !== 'wheel_chair' || !noWheelchairAccess || wheelchairAsked),
  );
  const legs: Leg[] = isReturn && (showReturn || editing) ? ['outbound', 'return'] : ['outbound'];
  const price = (row: OptionRow) => {
    const amount = row.setting ? settingAmount(settings[row.setting]) : null;
    return amount !== null && row.field !== 'wheel_chair' ? ` (${formatMoney(amount, settings.CURRENCY)}${row.per})` : '';
  };

  return (
    <section className={classes.options} aria-labelledby="options-title" data-testid="options-panel">
      <div className={classes.optionsHead}>
        <Text id="options-title" fw={700} size="sm">
          Options
        </Text>
        <Group gap={4}>
          {editable && !editing && (
            <Button size="compact-sm" variant="light" onClick={() => editor.send({ type: 'edit.start', options: currentOptions(form) })} disabled={busy}>
              Edit
            </Button>
          )}
          {!editing && (
            <Button size="compact-sm" variant="subtle" color="gray" onClick={() => editor.send({ type: 'hide.toggle' })} aria-expanded={!hidden}>
              {hidden ? 'Show' : 'Hide'}
            </Button>
          )}
        </Group>
      </div>

      {editing ? (
        // Not a <form>: the panel sits inside the personal details form (/personalDetailView), and a nested form is
        // invalid HTML whose Save would submit the outer one (a page load; nothing saved). Save is a plain button.
        <div className={classes.editor} role="group" aria-label="Edit options">
          {legs.map((leg) => (
            <fieldset key={leg} className={classes.editorLeg}>
              <legend className={classes.editorLegend}>{leg === 'outbound' ? (isReturn ? 'Outward journey' : 'Your journey') : 'Return journey'}</legend>
              <div className={classes.editorGrid}>
                {rows.map((row) => {
                  const field = fieldOf(row, leg);
                  const value = draft[field];
                  if (row.kind === 'yesNo') {
                    return (
                      <Checkbox
                        key={field}
                        className={classes.editorCheck}
                        label={`${row.label}${price(row)}`}
                        checked={value === 'yes'}
                        onChange={(event) => editor.send({ type: 'draft.change', values: { [field]: event.currentTarget.checked ? 'yes' : 'no' } })}
                      />
                    );
                  }
                  const step = row.kind === 'minutes' ? LIMITS.waitingStep : 1;
                  const choices = Array.from({ length: Math.floor(row.max / step) + 1 }, (_, i) => String(i * step));
                  return (
                    <NativeSelect
                      key={field}
                      label={`${row.label}${price(row)}`}
                      value={String(value ?? 0)}
                      data={choices.map((c) => ({ value: c, label: row.kind === 'minutes' ? `${c} min` : c }))}
                      onChange={(event) => editor.send({ type: 'draft.change', values: { [field]: Number(event.currentTarget.value) } })}
                    />
                  );
                })}
              </div>
            </fieldset>
          ))}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => editor.send({ type: 'edit.cancel' })}>
              Cancel
            </Button>
            <Button type="button" onClick={() => editor.send({ type: 'save' })}>
              Save
            </Button>
          </Group>
        </div>
      ) : (
        !hidden && (
          <>
            <table className={classes.table}>
              <thead>
                <tr>
                  <th scope="col">Option</th>
                  {legs.map((leg) => (
                    <th scope="col" key={leg}>
                      {leg === 'outbound' ? (legs.length > 1 ? 'Outward' : 'Selected') : 'Return'}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.field}>
                    <th scope="row">{row.label}</th>
                    {legs.map((leg) => (
                      <td key={leg}>{valueText(row, form[fieldOf(row, leg) as keyof BookingForm])}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
            {isReturn && (
              <Button size="compact-sm" variant="subtle" mt={6} onClick={() => editor.send({ type: 'return.toggle' })} aria-expanded={showReturn}>
                {showReturn ? 'Hide Return Details' : 'See Return Details'}
              </Button>
            )}
          </>
        )
      )}
    </section>
  );
}
