import { AddressAutocomplete, type AddressAutocompleteProps } from '../../components/address/AddressAutocomplete.tsx';
import { suggestAddresses } from '../../app/address/addressSources.ts';

/** AddressAutocomplete with the site-wide suggester (saved addresses + GET /places); loaded lazily by AddressField. */
export function AddressFieldFull(props: Omit<AddressAutocompleteProps, 'suggest'>) {
  return <AddressAutocomplete {...props} suggest={suggestAddresses} />;
}
