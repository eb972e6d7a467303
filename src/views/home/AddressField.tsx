/**
 * An address field whose suggestion dropdown (AddressAutocomplete: Mantine Combobox + floating-ui) loads when the
 * visitor shows an intent to use the booking forms (the pointer over them, a touch, focus, typing in the field; issue
 * 37: the home page fetches no more JavaScript than it shows while nobody touches it), keeping it out of the JavaScript
 * the home page fetches while idle. Until it is there the same field shows as a plain input (drawn the same) with the
 * same label, value and error, so typing is never lost; the swap replaces the input element, so a visitor typing in it
 * (even since before the page hydrated: no focus event reached React then) keeps focus and caret in the full field,
 * moved in the same task as the swap, before any further key is handled.
 */
import { startTransition, useCallback, useEffect, useId, useLayoutEffect, useState, type ComponentProps, type ComponentType } from 'react';
import { afterNextPaint } from '../../app/afterNextPaint.ts';
import { useHydrating } from '../../app/renderMode.ts';
import type { AddressAutocomplete as AddressAutocompleteType } from '../../components/address/AddressAutocomplete.tsx';
import { intentAssetsAdded } from '../../boot/intentAssets.ts';
import { earlyInputReplayed } from '../../boot/replayEarlyInput.ts';
import { TextField } from './fields.tsx';

type Props = Omit<ComponentProps<typeof AddressAutocompleteType>, 'suggest'>;

/** The field with the site's suggestion sources (saved addresses and places), both in the lazy chunk. */
let loaded: ComponentType<Props> | null = null;
let loading: Promise<ComponentType<Props>> | null = null;
// On the server's home page its files are first added a few per task (src/boot/intentAssets.ts).
const loadAutocomplete = () =>
  (loading ??= intentAssetsAdded()
    .then(() => import('./AddressFieldFull.tsx'))
    .then((module) => (loaded = module.AddressFieldFull)));

let prefetching = false;

/**
 * Starts loading the autocomplete on an intent near the fields (the booking forms tapped, a mouse over them, focus:
 * HomeView), so that a field reached for next finds its code in; once the frame that answers the tap has been painted
 * (loading and running the chunk in the same task made a tab tap's answer 140 ms slower at CPU 4×), and not before the
 * early input's replay: React replays a pointer or focus event that came before hydration as soon as its part
 * hydrates, before the recorded tap itself is replayed, and the chunk's run then held back that tap's panel (bench:
 * a tab tapped while the page wakes, its panel 1.6 s against main's 0.8 s, median of 4).
 */
export const prefetchAddressAutocomplete = () => {
  if (prefetching || loading) return;
  prefetching = true;
  void earlyInputReplayed()
    .then(() => afterNextPaint())
    .then(() => loadAutocomplete())
    .catch(() => {});
};

/** The caret of a plain field that was focused as it gave way to the full one (by id), for the full field to take. */
const carets = new Map<string, [number, number]>();

/** The plain input's ref: as it unmounts (the swap; React 19 ref cleanup, the node still in the page), its focus and caret. */
function useCaretKeeper(id: string) {
  return useCallback(
    (node: HTMLInputElement | null) => () => {
      if (!node || document.activeElement !== node) return;
      carets.set(id, [node.selectionStart ?? node.value.length, node.selectionEnd ?? node.value.length]);
      // Taken in the same commit by the full field's layout effect; an unmount that was no swap leaves nothing behind.
      queueMicrotask(() => carets.delete(id));
    },
    [id],
  );
}

function FocusOnArrival({ id, children }: { id: string; children: React.ReactNode }) {
  // A layout effect: in the swap's own task, so no key pressed meanwhile can fall on the page instead of the field.
  useLayoutEffect(() => {
    const caret = carets.get(id);
    if (!caret) return;
    carets.delete(id);
    const input = document.getElementById(id) as HTMLInputElement | null;
    if (input) {
      input.focus();
      input.setSelectionRange(...caret);
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
  const keepCaret = useCaretKeeper(id);
  const [Full, setFull] = useState<ComponentType<Props> | null>(() => (hydrating ? null : loaded));
  // The code is asked for on the visitor's intent (or is here already, loaded for another field).
  const [wanted, setWanted] = useState(false);
  const want = useCallback(() => setWanted(true), []);
  // Typed into the plain field: the full field searches that text on arrival (the visitor may have stopped typing).
  const [typed, setTyped] = useState(false);
  useEffect(() => {
    if (Full || !(wanted || loading)) return;
    let live = true;
    // In a transition: the swap renders in slices (the combobox and its popover are a phone's longest render after
    // the hydration), not in one synchronous task.
    // After the early input's replay (src/boot/replayEarlyInput.ts): typing recorded in the plain field reaches the app first.
    void Promise.all([loadAutocomplete(), earlyInputReplayed()]).then(([component]) => live && startTransition(() => setFull(() => component)));
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
        inputRef={keepCaret}
        onIntent={want}
        onChange={(value) => {
          // Typing is an intent too (also typing recorded before hydration and replayed as a change).
          want();
          setTyped(true);
          props.onChange(value);
        }}
      />
    );
  return (
    <FocusOnArrival id={id}>
      <Full {...props} id={id} typedBefore={typed} />
    </FocusOnArrival>
  );
}
