/**
 * An address field whose suggestion dropdown (AddressAutocomplete: Mantine Combobox + floating-ui) loads just after
 * the page paints, keeping it out of the home page's initial JavaScript. Until it is there the same field shows as
 * a plain input (drawn the same) with the same label, value and error, so typing is never lost; focus moves to the full field when
 * it arrives.
 */
import { lazy, Suspense, useEffect, useId, useRef, type ComponentProps } from 'react';
import type { AddressAutocomplete as AddressAutocompleteType } from '../../components/address/AddressAutocomplete.tsx';
import { TextField } from './fields.tsx';

/** The field with the site's suggestion sources (saved addresses and places), both in the lazy chunk. */
const loadAutocomplete = () => import('./AddressFieldFull.tsx');
const LazyAutocomplete = lazy(async () => ({ default: (await loadAutocomplete()).AddressFieldFull }));

type Props = Omit<ComponentProps<typeof AddressAutocompleteType>, 'suggest'>;

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
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void loadAutocomplete();
  }, []);
  const fallback = (
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
    <Suspense fallback={fallback}>
      <FocusOnArrival id={id}>
        <LazyAutocomplete {...props} id={id} />
      </FocusOnArrival>
    </Suspense>
  );
}
