/**
 * An address field whose suggestion dropdown (AddressAutocomplete: Mantine Combobox + floating-ui) loads just after
 * the page paints, keeping it out of the home page's initial JavaScript. Until it is there the same field shows as
 * a plain input (drawn the same) with the same label, value and error, so typing is never lost; focus moves to the full field when
 * it arrives.
 */
import { startTransition, useEffect, useId, useState, type ComponentProps, type ComponentType } from 'react';
import type { AddressAutocomplete as AddressAutocompleteType } from '../../components/address/AddressAutocomplete.tsx';
import { useHydrating } from '../../app/renderMode.ts';
import { TextField } from './fields.tsx';

type Props = Omit<ComponentProps<typeof AddressAutocompleteType>, 'suggest'>;

/** The field with the site's suggestion sources (saved addresses and places), both in the lazy chunk. */
let loaded: ComponentType<Props> | null = null;
let loading: Promise<ComponentType<Props>> | null = null;
const loadAutocomplete = () => (loading ??= import('./AddressFieldFull.tsx').then((module) => (loaded = module.AddressFieldFull)));

/** Remembers across the swap whether the visitor was already in the field. */
const focused = new Set<string>();

function FocusOnArrival({ id, children }: { id: string; children: React.ReactNode }) {
  useEffect(() => {
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
  // The plain field first when the code is not here yet, and always when hydrating the server's HTML (which has the
  // plain field: the server never waits for this chunk); the full field once its code is in.
  const hydrating = useHydrating();
  const [Full, setFull] = useState<ComponentType<Props> | null>(() => (hydrating ? null : loaded));
  useEffect(() => {
    if (Full) return;
    let live = true;
    // In a transition: the swap renders in slices (the combobox and its popover are a phone's longest render after
    // the hydration), not in one synchronous task.
    void loadAutocomplete().then((component) => live && startTransition(() => setFull(() => component)));
    return () => {
      live = false;
    };
  }, [Full]);
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
        onFocus={() => focused.add(id)}
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
