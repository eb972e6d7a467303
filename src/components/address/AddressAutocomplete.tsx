import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import { Combobox, InputBase, Loader, Text, useCombobox, type InputBaseProps } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { fromPromise } from 'xstate';
import type { PlaceKind } from '../../../contract/booking.ts';
import {
  addressAutocompleteMachine,
  selectCompleting,
  selectListOpen,
  selectLoading,
  selectSuggestions,
  selectTyped,
} from '../../../machines/addressAutocomplete/index.ts';
import type { AddressSuggestion, SuggestAddresses } from './addressSuggestions.ts';

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
  /**
   * The text was typed into a stand-in field before this one arrived (src/views/home/AddressField.tsx): if the field
   * has focus as it mounts, its text is searched as if just typed, so the visitor need not type again.
   */
  typedBefore?: boolean;
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
export function AddressAutocomplete({ value, onChange, onSuggestionSelect, suggest, footer, typedBefore = false, id, label, 'data-testid': testId, ...inputProps }: AddressAutocompleteProps) {
  const generatedId = useId();
  const inputId = id ?? `address-${generatedId}`;
  const labelId = `${inputId}-label`;
  // The latest props, for the machine's effects and answers (a late answer never uses a stale callback).
  const props = useRef({ value, onChange, onSuggestionSelect, suggest });
  props.current = { value, onChange, onSuggestionSelect, suggest };
  const [logic] = useState(() =>
    addressAutocompleteMachine.provide({
      actors: { suggest: fromPromise(({ input, signal }) => props.current.suggest(input.text, { signal })) },
      actions: { warmUp: () => props.current.suggest.warmUp?.() },
    }),
  );
  const actor = useActorRef(logic);
  const opened = useSelector(actor, selectListOpen);
  const loading = useSelector(actor, selectLoading);
  const completing = useSelector(actor, selectCompleting);
  const typed = useSelector(actor, selectTyped);
  const suggestions = useSelector(actor, selectSuggestions) as AddressSuggestion[];
  const combobox = useCombobox({ opened, onOpenedChange: (open) => actor.send({ type: open ? 'list.open' : 'list.close' }) });
  useEffect(() => {
    if (!opened) combobox.resetSelectedOption();
  }, [opened, combobox]);

  // What a pick does to the field: its text at once; the final suggestion when complete, unless the visitor typed on.
  useEffect(() => {
    const subscriptions = [
      actor.on('picked', ({ suggestion }) => {
        const picked = suggestion as AddressSuggestion;
        props.current.onChange(picked.address);
        if (picked.details) return;
        props.current.suggest.chosen?.(picked);
        props.current.onSuggestionSelect?.(picked);
      }),
      actor.on('completed', ({ suggestion, complete }) => {
        const final = complete as AddressSuggestion;
        props.current.suggest.chosen?.(final);
        if (props.current.value !== suggestion.address) return;
        if (final.address !== suggestion.address) props.current.onChange(final.address);
        props.current.onSuggestionSelect?.(final);
      }),
      actor.on('completionFailed', ({ suggestion, error }) => {
        // Spec §8 "Logged only": the field keeps the suggestion's own text.
        console.error('Place details failed:', error);
        if (props.current.value === suggestion.address) props.current.onSuggestionSelect?.(suggestion as AddressSuggestion);
      }),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor]);

  // Typed before this field arrived, and still being typed in (focus moved to it in the same commit): searched now.
  const searchTypedBefore = useRef(typedBefore);
  useEffect(() => {
    if (!searchTypedBefore.current) return;
    searchTypedBefore.current = false;
    if (props.current.value && document.activeElement?.id === inputId) actor.send({ type: 'text.change', text: props.current.value });
  }, [actor, inputId]);

  const choose = (index: string) => actor.send({ type: 'pick', index: Number(index) });

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
          rightSection={busy ? <Loader size={16} role="progressbar" aria-label={completing ? 'Completing the address' : 'Loading suggestions'} /> : undefined}
          onChange={(event) => {
            const text = event.currentTarget.value;
            onChange(text);
            combobox.resetSelectedOption();
            actor.send({ type: 'text.change', text });
          }}
          onFocus={() => actor.send({ type: 'focus' })}
          onBlur={() => actor.send({ type: 'blur' })}
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
