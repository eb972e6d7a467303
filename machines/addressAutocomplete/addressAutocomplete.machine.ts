/**
 * One address field's suggestions (spec §2 Home, §5, §9): the text typed, the pause before asking, the one call in
 * flight, the list shown, and the completion of a picked place. Three parallel regions:
 * - `suggestions`: `idle` → (visitor types) `debouncing` → SUGGEST_DEBOUNCE_MS → `fetching` → `idle` with the answer.
 *   Typing again re-enters `debouncing`, which stops the call in flight (its signal aborts): only the latest text's
 *   answer is ever shown. A failed call shows no suggestions (the field stays free text). Blank text asks nothing.
 * - `list`: `closed` / `open` / `closing` (blur: hidden HIDE_AFTER_BLUR_MS later unless the field gets focus back).
 * - `completion`: `idle` / `completing` (a picked suggestion with `details`, e.g. a Google place's postcode).
 * What the field does with a pick is told to its owner as emitted events (`picked`, `completed`, `completionFailed`);
 * the keyboard highlight inside the open list is the combobox's own (Mantine's store, by the ARIA pattern).
 */
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';

/** Spec §9: the suggestion dropdown hides 200 ms after the field loses focus. */
export const HIDE_AFTER_BLUR_MS = 200;
/** Typing pauses this long before suggestions are asked for. */
export const SUGGEST_DEBOUNCE_MS = 150;

/** What the machine needs of a suggestion: its text, and how to complete it when picked (if it must be). */
export interface AutocompleteSuggestion {
  address: string;
  details?: () => Promise<{ address: string; lat: number | null; lon: number | null }>;
}

export interface AddressAutocompleteContext {
  /** The text the visitor typed last; null for a prefilled or picked value (nothing is asked for those). */
  query: string | null;
  suggestions: AutocompleteSuggestion[];
  /** The suggestion picked last (completed while `completing`). */
  picked: AutocompleteSuggestion | null;
}

export type AddressAutocompleteEvent =
  | { type: 'text.change'; text: string }
  | { type: 'focus' }
  | { type: 'blur' }
  | { type: 'list.open' }
  | { type: 'list.close' }
  | { type: 'pick'; index: number };

export type AddressAutocompleteEmitted =
  /** Picked: the field takes the suggestion's text now (and, without details, the suggestion is final). */
  | { type: 'picked'; suggestion: AutocompleteSuggestion }
  /** The picked suggestion's details arrived: the complete suggestion. */
  | { type: 'completed'; suggestion: AutocompleteSuggestion; complete: AutocompleteSuggestion }
  /** The details failed (spec §8 "Logged only"): the field keeps the suggestion's own text. */
  | { type: 'completionFailed'; suggestion: AutocompleteSuggestion; error: unknown };

const typedText = (text: string | null) => (text ?? '').trim();

/**
 * Typing, from any state of the `suggestions` region: the pause starts again (leaving `fetching` stops the call in
 * flight); blank text asks nothing and shows nothing. (On each child, not the region: re-entering the region itself
 * would re-enter the whole parallel machine and reset the list.)
 */
const typing = {
  'text.change': [
    { guard: 'typedSomething', target: 'debouncing', reenter: true, actions: { type: 'setQuery', params: ({ event }: { event: { text: string } }) => ({ text: event.text }) } },
    { target: 'idle', actions: [{ type: 'setQuery', params: ({ event }: { event: { text: string } }) => ({ text: event.text }) }, 'clearSuggestions'] },
  ],
} as const;

export const addressAutocompleteMachine = setup({
  types: {
    context: {} as AddressAutocompleteContext,
    events: {} as AddressAutocompleteEvent,
    emitted: {} as AddressAutocompleteEmitted,
  },
  actors: {
    /** The suggestions for the trimmed text (supplied by the field's owner). Rejects only when aborted. */
    suggest: fromPromise<AutocompleteSuggestion[], { text: string }>(async () => []),
    /** The picked suggestion with its details merged in. */
    complete: fromPromise<AutocompleteSuggestion, AutocompleteSuggestion>(async ({ input }) => ({ ...input, ...(await input.details!()), details: undefined })),
  },
  actions: {
    /** The field got focus: a source may start loading (Google's script) so it is ready for the first keys. */
    warmUp: () => {},
    setQuery: assign({ query: (_, params: { text: string }) => params.text }),
    setSuggestions: assign({ suggestions: (_, params: { suggestions: AutocompleteSuggestion[] }) => params.suggestions }),
    clearSuggestions: assign({ suggestions: [] }),
    /** The pick: the field now holds the suggestion's text, which is not a query; the list empties. */
    takePick: assign(({ context, event }) => (event.type === 'pick' ? { picked: context.suggestions[event.index] ?? null, query: null, suggestions: [] } : {})),
    emitPicked: emit(({ context }) => ({ type: 'picked' as const, suggestion: context.picked! })),
  },
  guards: {
    typedSomething: ({ event }) => event.type === 'text.change' && typedText(event.text) !== '',
    hasSuggestions: ({ context }) => context.suggestions.length > 0,
    pickable: ({ context, event }) => event.type === 'pick' && context.suggestions[event.index] !== undefined,
    needsDetails: ({ context, event }) => event.type === 'pick' && context.suggestions[event.index]?.details !== undefined,
  },
  delays: {
    debounce: SUGGEST_DEBOUNCE_MS,
    hideAfterBlur: HIDE_AFTER_BLUR_MS,
  },
}).createMachine({
  id: 'addressAutocomplete',
  context: { query: null, suggestions: [], picked: null },
  type: 'parallel',
  on: {
    // A pick ends the asking (a call in flight is stopped), closes the list, and completes the suggestion if it must
    // be; a second pick while the first completes wins (the first completion is stopped).
    pick: [
      { guard: 'needsDetails', target: ['.suggestions.idle', '.list.closed', '.completion.completing'], reenter: true, actions: ['takePick', 'emitPicked'] },
      { guard: 'pickable', target: ['.suggestions.idle', '.list.closed', '.completion.idle'], reenter: true, actions: ['takePick', 'emitPicked'] },
    ],
  },
  states: {
    suggestions: {
      initial: 'idle',
      states: {
        idle: { on: typing },
        debouncing: { after: { debounce: 'fetching' }, on: typing },
        fetching: {
          on: typing,
          invoke: {
            src: 'suggest',
            input: ({ context }) => ({ text: typedText(context.query) }),
            onDone: { target: 'idle', actions: { type: 'setSuggestions', params: ({ event }) => ({ suggestions: event.output }) } },
            onError: { target: 'idle', actions: 'clearSuggestions' },
          },
        },
      },
    },
    list: {
      initial: 'closed',
      on: {
        'text.change': [{ guard: 'typedSomething', target: '.open' }, { target: '.closed' }],
        'list.close': '.closed',
      },
      states: {
        closed: {
          on: {
            'list.open': 'open',
            focus: [{ guard: 'hasSuggestions', target: 'open', actions: 'warmUp' }, { actions: 'warmUp' }],
          },
        },
        open: { on: { focus: { actions: 'warmUp' }, blur: 'closing' } },
        closing: {
          after: { hideAfterBlur: 'closed' },
          on: { focus: { target: 'open', actions: 'warmUp' }, 'list.open': 'open' },
        },
      },
    },
    completion: {
      initial: 'idle',
      states: {
        idle: {},
        completing: {
          invoke: {
            src: 'complete',
            input: ({ context }) => context.picked!,
            onDone: { target: 'idle', actions: emit(({ context, event }) => ({ type: 'completed' as const, suggestion: context.picked!, complete: event.output })) },
            onError: { target: 'idle', actions: emit(({ context, event }) => ({ type: 'completionFailed' as const, suggestion: context.picked!, error: event.error })) },
          },
        },
      },
    },
  },
});

export type AddressAutocompleteMachine = typeof addressAutocompleteMachine;

type Snapshot = SnapshotFrom<AddressAutocompleteMachine>;

/** The list is on screen (open, or closing after a blur). */
export const selectListOpen = (s: Snapshot) => !s.matches({ list: 'closed' });
/** Suggestions are being fetched for the latest text. */
export const selectLoading = (s: Snapshot) => s.matches({ suggestions: 'fetching' });
/** A picked suggestion's details are being fetched. */
export const selectCompleting = (s: Snapshot) => s.matches({ completion: 'completing' });
/** The visitor has typed something to look up (not a prefilled or picked value). */
export const selectTyped = (s: Snapshot) => typedText(s.context.query) !== '';
export const selectSuggestions = (s: Snapshot) => s.context.suggestions;
