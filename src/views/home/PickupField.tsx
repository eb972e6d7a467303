/**
 * The Pick-Up of either home form: the address field with suggestions, the locate icon ("Use my location": the
 * browser's position, then the nearest address fills the field) and one line saying what it did.
 */
import { useSelector } from '@xstate/react';
import type { HomeTab } from '../../../machines/homeForm/index.ts';
import { IconMapPin } from '../../components/icons.tsx';
import { Text } from '../../components/plain/Text.tsx';
import { AddressField as AddressAutocomplete } from './AddressField.tsx';
import { IconButton, IconCrosshair } from './fields.tsx';
import type { HomeFormRef } from './QuoteForm.tsx';
import classes from './HomeForms.module.css';

/** What "Use my location" did, for the tab it was asked on; null before it is asked and while it works. */
export function useLocationNote(form: HomeFormRef, tab: HomeTab): string | null {
  return useSelector(form, (s) => {
    if (s.context.locateFor !== tab) return null;
    if (s.matches({ location: 'filled' })) return `Pick-up set to your location: ${s.context.locatedAddress}`;
    if (s.matches({ location: 'located' })) return 'Suggestions near your location.';
    if (s.matches({ location: 'refused' })) return 'Location is off: type your pick-up address.';
    if (s.matches({ location: 'fallback' })) return 'We could not get your location, so suggestions are near central London.';
    return null;
  });
}

export function PickupField(props: {
  form: HomeFormRef;
  tab: HomeTab;
  name: string;
  placeholder: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  'data-testid': string;
}) {
  const { form, tab } = props;
  const locating = useSelector(form, (s) => s.context.locateFor === tab && (s.matches({ location: 'locating' }) || s.matches({ location: 'naming' })));
  const note = useLocationNote(form, tab);
  return (
    <div>
      <div className={classes.locateRow}>
        <AddressAutocomplete
          label="Pick-Up"
          placeholder={props.placeholder}
          required
          name={props.name}
          value={props.value}
          error={props.error}
          leftSection={<IconMapPin size={18} />}
          onChange={props.onChange}
          data-testid={props['data-testid']}
        />
        <IconButton className={classes.locateButton} label="Use my location" loading={locating} onClick={() => form.send({ type: 'location.request' })}>
          <IconCrosshair />
        </IconButton>
      </div>
      <Text size="xs" dimmed className={note ? classes.locationNote : undefined} role="status" data-testid={`${props['data-testid']}-location`}>
        {note}
      </Text>
    </div>
  );
}
