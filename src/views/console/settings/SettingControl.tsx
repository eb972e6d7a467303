import { NativeSelect, NumberInput, PasswordInput, Stack, Switch, Text, TextInput } from '@mantine/core';
import { SWITCH_VALUES, WHEELCHAIR_VALUES, YES_NO_VALUES, type SettingEntry } from '../../../../contract/settingsCatalogue.ts';
import classes from './Settings.module.css';

interface ControlProps {
  entry: SettingEntry;
  value: string | null;
  problem: string | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
}

const TWO_STATE = { switch: SWITCH_VALUES, yesNo: YES_NO_VALUES, wheelchair: WHEELCHAIR_VALUES } as const;

/** A number typed in a NumberInput as the setting's text ('' while empty). */
const numberText = (value: number | string) => (typeof value === 'number' ? String(value) : value);

const NUMBER_UNITS = { minutes: { suffix: ' min', decimals: 0 }, seconds: { suffix: ' s', decimals: 0 }, count: { suffix: '', decimals: 0 }, months: { suffix: ' months', decimals: 0 }, percent: { suffix: '%', decimals: 2 }, money: { prefix: '£', decimals: 2 } } as const;

/** One setting's control, chosen by its kind in the catalogue, with its explanation and (where given) its caution. */
export function SettingControl({ entry, value, problem, disabled, onChange }: ControlProps) {
  const id = `setting-${entry.name}`;
  const common = { id, label: entry.label, description: entry.explanation, error: problem, disabled, 'data-setting': entry.name };
  const control = (() => {
    switch (entry.kind) {
      case 'switch':
      case 'yesNo':
      case 'wheelchair': {
        const values = TWO_STATE[entry.kind];
        // The wheelchair option shows when its value is over zero (spec §5): any such stored value reads as on.
        // A switch that is on while unset (defaultOn) is off only when switched off.
        const on = entry.kind === 'wheelchair' ? value !== null && Number(value) > 0 : entry.defaultOn ? value !== values.off : value === values.on;
        return (
          <Switch
            {...common}
            checked={on}
            onChange={(event) => onChange(event.currentTarget.checked ? values.on : values.off)}
            styles={{ body: { alignItems: 'flex-start' } }}
          />
        );
      }
      case 'money':
      case 'minutes':
      case 'seconds':
      case 'count':
      case 'months':
      case 'percent': {
        const unit = NUMBER_UNITS[entry.kind];
        return (
          <NumberInput
            {...common}
            value={value ?? ''}
            onChange={(next) => onChange(numberText(next))}
            min={entry.min}
            max={entry.max}
            decimalScale={unit.decimals}
            allowDecimal={unit.decimals > 0}
            allowNegative={false}
            prefix={'prefix' in unit ? unit.prefix : undefined}
            suffix={'suffix' in unit ? unit.suffix : undefined}
            hideControls
            inputMode={unit.decimals > 0 ? 'decimal' : 'numeric'}
            maw="16rem"
          />
        );
      }
      case 'choice':
        return (
          <NativeSelect
            {...common}
            value={value ?? ''}
            onChange={(event) => onChange(event.currentTarget.value)}
            data={[...(value === null ? [{ value: '', label: 'Not set', disabled: true }] : []), ...(entry.choices ?? [])]}
            maw="20rem"
          />
        );
      case 'secret':
        return <PasswordInput {...common} value={value ?? ''} onChange={(event) => onChange(event.currentTarget.value)} autoComplete="off" spellCheck={false} maw="28rem" />;
      case 'url':
        return <TextInput {...common} type="url" value={value ?? ''} onChange={(event) => onChange(event.currentTarget.value)} autoComplete="off" spellCheck={false} maxLength={entry.max} maw="36rem" />;
      case 'email':
        return <TextInput {...common} type="email" value={value ?? ''} onChange={(event) => onChange(event.currentTarget.value)} autoComplete="off" maw="28rem" />;
      case 'text':
        return <TextInput {...common} value={value ?? ''} onChange={(event) => onChange(event.currentTarget.value)} maxLength={entry.max} withAsterisk={entry.required} maw="28rem" />;
    }
  })();
  return (
    <Stack gap={4}>
      {control}
      {entry.caution && (
        <Text size="xs" className={classes.caution} id={`${id}-caution`}>
          {entry.caution}
        </Text>
      )}
    </Stack>
  );
}
