import { AddressAutocomplete, type AddressAutocompleteProps } from '../../components/address/AddressAutocomplete.tsx';
import { suggestAddresses } from '../../app/address/addressSources.ts';
import { ThemeProvider } from '../../app/ThemeProvider.tsx';

/**
 * AddressAutocomplete with the site-wide suggester (saved addresses + GET /places); loaded lazily by AddressField, in
 * Mantine's provider (the home page has none: src/app/lazyThemed.tsx).
 */
export function AddressFieldFull(props: Omit<AddressAutocompleteProps, 'suggest'>) {
  return (
    <ThemeProvider>
      <AddressAutocomplete {...props} suggest={suggestAddresses} />
    </ThemeProvider>
  );
}
