import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import { Combobox, InputBase, Loader, Text, useCombobox, type InputBaseProps } from '@mantine/core';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { PlaceKind } from '../../../contract/booking.ts';
import type { AddressSuggestion, SuggestAddresses } from './addressSuggestions.ts';

/** Spec §9: the suggestion dropdown hides 200 ms after the field loses focus. */
export const HIDE_AFTER_BLUR_MS = 200;
/** Typing pauses this long before suggestions are asked for. */
export const SUGGEST_DEBOUNCE_MS = 150;

const KIND_LABELS: Partial<Record<PlaceKind, string>> = {
  airport: 'Airport',
  station: 'Station',
  hotel: 'Hotel',
  postcode: 'Postcode',
  location: 'Location',
};

export interface AddressAutocompleteProps extends Pick<InputBaseProps, 'label' | 'description' | 'error' | 'required' | 'disabled' | 'size' | 'leftSection' | 'withAsterisk'> {
  value: string;
  /** Every change of the text, typed or chosen. */
  onChange: (value: string) => void;
  /** A suggestion was chosen (after onChange with its final address: a Google place's with its postcode). */
  onSuggestionSelect?: (suggestion: AddressSuggestion) => void;
  /** Where suggestions come from (src/app/address/addressSources.ts `suggestAddresses` for the real ones). */
  suggest: SuggestAddresses;
  placeholder?: string;
  name?: string;
  maxLength?: number;
  id?: string;
  /** Rendered under the suggestions, e.g. a "powered by" line for a maps source. */
  footer?: ReactNode;
  'data-testid'?: string;
}

/**
 * A text field with address suggestions: saved addresses first, then places (spec §2 Home, §5), asked for
 * SUGGEST_DEBOUNCE_MS after typing stops, hidden HIDE_AFTER_BLUR_MS after blur. A combobox by the ARIA pattern
 * (Mantine Combobox): ArrowDown/ArrowUp move through the suggestions, Enter takes one, Escape closes the list.
 * Free text stays allowed: a visitor may type an address nobody suggests. Focus lets the suggester warm up (load
 * Google's script when there is a key); a picked Google place fills the field at once with its text, then with the
 * text and postcode once its details arrive (unless the visitor has typed on meanwhile).
 */
export function AddressAutocomplete({ value, onChange, onSuggestionSelect, suggest, footer, id, label, 'data-testid': testId, ...inputProps }: AddressAutocompleteProps) {
  const generatedId = useId();
  const inputId = id ?? `address-${generatedId}`;
  const labelId = `${inputId}-label`;
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [query, setQuery] = useState<string | null>(null);
  const [suggestions, setSuggestions] = useState<AddressSuggestion[]>([]);
  const [loading, setLoading] = useState(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [completing, setCompleting] = useState(false);
  // The field's latest text, so a late place-details answer never overwrites what the visitor typed since.
  const latestValue = useRef(value);
  latestValue.current = value;
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // Ask only for what the visitor typed (not for a prefilled or chosen value), after a pause; a newer query aborts the older one.
  useEffect(() => {
    if (query === null) return;
    const text = query.trim();
    if (!text) {
      setSuggestions([]);
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      suggest(text, { signal: controller.signal }).then(
        (list) => {
          if (controller.signal.aborted) return;
          setSuggestions(list);
          setLoading(false);
        },
        () => {
          if (controller.signal.aborted) return;
          setSuggestions([]);
          setLoading(false);
        },
      );
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, suggest]);

  useEffect(() => () => void (hideTimer.current && clearTimeout(hideTimer.current)), []);

  const cancelHide = () => {
    if (hideTimer.current) clearTimeout(hideTimer.current);
    hideTimer.current = null;
  };

  const choose = (index: string) => {
    const suggestion = suggestions[Number(index)];
    if (!suggestion) return;
    onChange(suggestion.address);
    setQuery(null);
    setSuggestions([]);
    combobox.closeDropdown();
    if (!suggestion.details) {
      suggest.chosen?.(suggestion);
      onSuggestionSelect?.(suggestion);
      return;
    }
    setCompleting(true);
    suggestion.details().then(
      (details) => {
        const complete: AddressSuggestion = { ...suggestion, ...details, details: undefined };
        suggest.chosen?.(complete);
        if (!mounted.current) return;
        setCompleting(false);
        if (latestValue.current !== suggestion.address) return;
        if (complete.address !== suggestion.address) onChange(complete.address);
        onSuggestionSelect?.(complete);
      },
      (error: unknown) => {
        // Spec §8 "Logged only": the field keeps the suggestion's own text.
        console.error('Place details failed:', error);
        if (!mounted.current) return;
        setCompleting(false);
        if (latestValue.current === suggestion.address) onSuggestionSelect?.(suggestion);
      },
    );
  };

  const saved = suggestions.map((suggestion, index) => ({ suggestion, index })).filter(({ suggestion }) => suggestion.source === 'saved');
  const places = suggestions.map((suggestion, index) => ({ suggestion, index })).filter(({ suggestion }) => suggestion.source === 'place');
  const option = ({ suggestion, index }: { suggestion: AddressSuggestion; index: number }) => {
    const kind = KIND_LABELS[suggestion.kind];
    return (
      <Combobox.Option value={String(index)} key={`${suggestion.source}-${index}`} data-testid="address-suggestion">
        <Text size="sm" lh={1.35}>
          {suggestion.address}
        </Text>
        {kind && (
          <Text size="xs" c="dimmed">
            {kind}
          </Text>
        )}
      </Combobox.Option>
    );
  };
  const typed = (query ?? '').trim() !== '';
  const fromGoogle = places.some(({ suggestion }) => suggestion.provider === 'google');
  const busy = loading || completing;
  const showEmpty = typed && !loading && suggestions.length === 0;

  return (
    // keepMounted off: Mantine keeps a closed list mounted by default, and floating-ui then measures it on mount
    // (a forced style recalculation of the whole page during the first render: ~130 ms on a throttled phone).
    <Combobox store={combobox} onOptionSubmit={choose} withinPortal={false} keepMounted={false} position="bottom-start" middlewares={{ flip: false, shift: false }}>
      <Combobox.Target withExpandedAttribute autoComplete="off">
        <InputBase
          {...inputProps}
          id={inputId}
          label={label}
          labelProps={{ id: labelId }}
          value={value}
          data-testid={testId}
          rightSection={busy ? <Loader size={16} aria-label={completing ? 'Completing the address' : 'Loading suggestions'} /> : undefined}
          onChange={(event) => {
            const text = event.currentTarget.value;
            onChange(text);
            setQuery(text);
            combobox.resetSelectedOption();
            if (text.trim()) combobox.openDropdown();
            else combobox.closeDropdown();
          }}
          onFocus={() => {
            cancelHide();
            suggest.warmUp?.();
            if (suggestions.length > 0) combobox.openDropdown();
          }}
          onBlur={() => {
            cancelHide();
            hideTimer.current = setTimeout(() => combobox.closeDropdown(), HIDE_AFTER_BLUR_MS);
          }}
        />
      </Combobox.Target>

      <Combobox.Dropdown hidden={!typed || (suggestions.length === 0 && !showEmpty)}>
        <Combobox.Options labelledBy={labelId} mah={320} style={{ overflowY: 'auto' }}>
          {saved.length > 0 && <Combobox.Group label="Saved addresses">{saved.map(option)}</Combobox.Group>}
          {places.length > 0 && <Combobox.Group label="Places">{places.map(option)}</Combobox.Group>}
          {showEmpty && <Combobox.Empty>No suggestions: keep typing the full address and postcode</Combobox.Empty>}
        </Combobox.Options>
        {fromGoogle && (
          // Google's terms: place suggestions shown without a Google map carry its attribution.
          <Combobox.Footer>
            <Text size="xs" c="dimmed" ta="right" data-testid="google-attribution">
              Powered by Google
            </Text>
          </Combobox.Footer>
        )}
        {footer && <Combobox.Footer>{footer}</Combobox.Footer>}
      </Combobox.Dropdown>
    </Combobox>
  );
}
