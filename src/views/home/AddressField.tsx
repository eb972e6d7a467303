/**
 * An address field whose suggestion dropdown (AddressAutocomplete: Mantine Combobox + floating-ui) loads when the
 * visitor shows an intent to use it (the pointer over it, a touch or focus on it, issue 37: the home page fetches no
 * more JavaScript than it shows while nobody touches it), keeping it out of the home page's initial JavaScript. Until it
 * is there the same field shows as a plain input (drawn the same) with the same label, value and error, so typing is
 * never lost; focus (and the caret) moves to the full field in the same task that puts it on the page.
 */
import { startTransition, useEffect, useId, useLayoutEffect, useState, type ComponentProps, type ComponentType } from 'react';
import type { AddressAutocomplete as AddressAutocompleteType } from '../../components/address/AddressAutocomplete.tsx';
import { TextField } from './fields.tsx';

type Props = Omit<ComponentProps<typeof AddressAutocompleteType>, 'suggest'>;

/** The field with the site's suggestion sources (saved addresses and places), both in the lazy chunk. */
let loaded: ComponentType<Props> | null = null;
let loading: Promise<ComponentType<Props>> | null = null;
const loadAutocomplete = () => (loading ??= import('./AddressFieldFull.tsx').then((module) => (loaded = module.AddressFieldFull)));

/**
 * Starts loading the autocomplete on an intent near the fields (the booking forms touched, pointed at or focused:
 * HomeView), so that a field reached for next finds its code in; once the frame that answers the tap has been painted
 * (loading and running the chunk in the same task made a tab tap's answer 140 ms slower at CPU 4×).
 */
export const prefetchAddressAutocomplete = () => {
  if (loading) return;
  requestAnimationFrame(() => setTimeout(() => void loadAutocomplete().catch(() => {}), 0));
};

/** Remembers across the swap whether the visitor was already in the field. */
const focused = new Set<string>();

function FocusOnArrival({ id, children }: { id: string; children: React.ReactNode }) {
  // A layout effect: no key pressed between the swap and the focus can reach the page instead of the field.
  useLayoutEffect(() => {
    if (!focused.has(id)) return;
    focused.delete(id);
    const input = document.getElementById(id) as HTMLInputElement | null;
    if (input) {
      input.focus();
      input.setSelectionRange(input.value.length, input.value.length);
    }
  }, [id]);
  return <>{children}</>;
}

export function AddressField(props: Props) {
  const generated = useId();
  const id = props.id ?? `address-${generated}`;
  // The plain field first, always: when hydrating the server's HTML (which has the plain field: the server never waits
  // for this chunk), and on a mount in the browser too, so that the render answering a tap (a tab showing its form) stays
  // cheap; the full field once its code is in, in a transition after that first render (issue 37).
  const [Full, setFull] = useState<ComponentType<Props> | null>(null);
  // The code is asked for on the visitor's intent (or is here already, loaded for another field).
  const [wanted, setWanted] = useState(false);
  const want = () => setWanted(true);
  useEffect(() => {
    if (Full || !(wanted || loaded)) return;
    let live = true;
    // In a transition: the swap renders in slices (the combobox and its popover are a phone's longest render after
    // the hydration), not in one synchronous task.
    void loadAutocomplete().then((component) => live && startTransition(() => setFull(() => component)));
    return () => {
      live = false;
    };
  }, [Full, wanted]);
  if (!Full)
    return (
      <TextField
        id={id}
        label={props.label}
        placeholder={props.placeholder}
        name={props.name}
        required={props.required}
        error={typeof props.error === 'string' ? props.error : undefined}
        leftSection={props.leftSection}
        value={props.value}
        autoComplete="off"
        data-testid={props['data-testid']}
        onFocus={() => {
          focused.add(id);
          want();
        }}
        onIntent={want}
        onBlur={() => focused.delete(id)}
        onChange={props.onChange}
      />
    );
  return (
    <FocusOnArrival id={id}>
      <Full {...props} id={id} />
    </FocusOnArrival>
  );
}
