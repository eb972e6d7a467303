/**
 * The console's Settings page (issue 19): the owner edits a draft of the site's settings, sees it in a live preview of
 * the public home page, and saves it. The view supplies `load` (the saved settings), `save` (the changed ones; answers
 * the saved settings) and `makePreview` (the changed ones; answers the preview frame's address).
 * - `loading` → `ready`, or `failed` (`retry`).
 * - `ready` has two regions:
 *   - `form`: `clean` (the draft is what is saved) ⇄ `dirty` (`change`: one setting's new value, checked at once by the
 *     settings catalogue, the same checks the server makes; `discard` puts the saved values back); `save` → `validating`
 *     → `dirty` with each problem named beside its control, or `saving` → `saved` (the draft is what is saved now) or
 *     back to `dirty` with the server's reason.
 *   - `preview`: every change waits PREVIEW_DELAY_MS for the next (typing), then `making` a preview of the draft on the
 *     server → `shown`; a draft with problems is `blocked` (nothing to show until fixed); a draft equal to the saved
 *     settings shows the public page itself. `preview.retry` after a failure.
 */
import { assign, fromPromise, not, setup, stateIn } from 'xstate';
import { settingProblem } from '../../contract/settingsCatalogue.ts';
import { messageOf } from '../console/callError.ts';

export const SETTINGS_TEXT = {
  loadFailed: 'The settings could not be loaded. Check the connection and try again.',
  saveFailed: 'The settings were not saved. Check the connection and try again.',
  invalid: 'Some values cannot be saved: see the marked settings.',
  saved: 'Saved. The public site shows the new settings from its next page load.',
  previewFailed: 'The preview could not be made. Check the connection and try again.',
} as const;

/** How long the preview waits after a change for the next one (typing a name) before it asks the server. */
export const PREVIEW_DELAY_MS = 400;

/** The public home page: what the preview frame shows when the draft is what is saved. */
export const PUBLIC_HOME = '/';

/** Setting name → value, as the console holds them (null: the site has none). */
export type SettingValues = Record<string, string | null>;

export interface SettingsContext {
  saved: SettingValues;
  draft: SettingValues;
  /** Setting name → why its draft value cannot be saved. */
  problems: Record<string, string>;
  error: string | null;
  notice: string | null;
  /** The preview frame's address: a preview of the draft, or the public page. */
  previewUrl: string;
  previewError: string | null;
  /** Raised whenever the frame must load again (a new preview, a save). */
  previewVersion: number;
}

export type SettingsEvent =
  | { type: 'retry' }
  | { type: 'change'; name: string; value: string }
  | { type: 'discard' }
  | { type: 'save' }
  | { type: 'preview.retry' };

/** The draft's values that differ from the saved ones. */
export function draftChanges(context: Pick<SettingsContext, 'saved' | 'draft'>): SettingValues {
  return Object.fromEntries(Object.entries(context.draft).filter(([name, value]) => (context.saved[name] ?? null) !== value));
}

const hasChanges = (context: SettingsContext) => Object.keys(draftChanges(context)).length > 0;

/** Each changed value's problem, by name. */
function problemsOf(context: SettingsContext): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const [name, value] of Object.entries(draftChanges(context))) {
    const problem = settingProblem(name, value);
    if (problem) problems[name] = problem.slice(name.length + 2);
  }
  return problems;
}

const notProvided = (name: string) => () => Promise.reject(new Error(`settings actor "${name}" is not provided`));

export const settingsMachine = setup({
  types: {
    context: {} as SettingsContext,
    events: {} as SettingsEvent,
  },
  actors: {
    load: fromPromise<SettingValues, void>(notProvided('load')),
    save: fromPromise<SettingValues, SettingValues>(notProvided('save')),
    makePreview: fromPromise<string, SettingValues>(notProvided('makePreview')),
  },
  delays: { previewDelay: PREVIEW_DELAY_MS },
  actions: {
    setSaved: assign((_, params: { values: SettingValues }) => ({ saved: params.values, draft: { ...params.values }, problems: {} })),
    setDraftValue: assign(({ context, event }) => {
      if (event.type !== 'change') return {};
      const draft = { ...context.draft, [event.name]: event.value };
      const problems = { ...context.problems };
      const problem = (context.saved[event.name] ?? null) === event.value ? null : settingProblem(event.name, event.value);
      if (problem) problems[event.name] = problem.slice(event.name.length + 2);
      else delete problems[event.name];
      return { draft, problems, notice: null, error: null };
    }),
    discardDraft: assign(({ context }) => ({ draft: { ...context.saved }, problems: {}, error: null, notice: null })),
    checkDraft: assign(({ context }) => ({ problems: problemsOf(context) })),
    setError: assign({ error: (_, params: { text: string | null }) => params.text }),
    setNotice: assign({ notice: (_, params: { text: string | null }) => params.text }),
    showPreview: assign(({ context }, params: { url: string }) => ({ previewUrl: params.url, previewError: null, previewVersion: context.previewVersion + 1 })),
    showPublicPage: assign(({ context }) => ({ previewUrl: PUBLIC_HOME, previewError: null, previewVersion: context.previewVersion + 1 })),
    setPreviewError: assign({ previewError: (_, params: { text: string }) => params.text }),
  },
  guards: {
    differsFromSaved: ({ context }) => hasChanges(context),
    hasProblems: ({ context }) => Object.keys(context.problems).length > 0,
    draftIsSaved: ({ context }) => !hasChanges(context),
  },
}).createMachine({
  id: 'consoleSettings',
  context: { saved: {}, draft: {}, problems: {}, error: null, notice: null, previewUrl: PUBLIC_HOME, previewError: null, previewVersion: 0 },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load',
        onDone: { target: 'ready', actions: { type: 'setSaved', params: ({ event }) => ({ values: event.output }) } },
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ text: messageOf(event.error, SETTINGS_TEXT.loadFailed) }) } },
      },
    },
    failed: {
      on: { retry: { target: 'loading', actions: { type: 'setError', params: { text: null } } } },
    },
    ready: {
      type: 'parallel',
      states: {
        form: {
          initial: 'clean',
          // A change lands in the draft (not while a save is on its way: the form is locked then); each state then asks
          // whether the draft still differs from what is saved.
          states: {
            clean: {
              always: { guard: 'differsFromSaved', target: 'dirty' },
              on: { change: { actions: 'setDraftValue' } },
            },
            dirty: {
              always: { guard: 'draftIsSaved', target: 'clean' },
              on: {
                change: { actions: 'setDraftValue' },
                discard: { target: 'clean', actions: 'discardDraft' },
                save: { target: 'validating' },
              },
            },
            validating: {
              entry: 'checkDraft',
              always: [
                { guard: 'hasProblems', target: 'dirty', actions: { type: 'setError', params: { text: SETTINGS_TEXT.invalid } } },
                { target: 'saving' },
              ],
            },
            saving: {
              invoke: {
                src: 'save',
                input: ({ context }) => draftChanges(context),
                onDone: {
                  target: 'saved',
                  actions: [{ type: 'setSaved', params: ({ event }) => ({ values: event.output }) }, { type: 'setNotice', params: { text: SETTINGS_TEXT.saved } }, 'showPublicPage'],
                },
                onError: { target: 'dirty', actions: { type: 'setError', params: ({ event }) => ({ text: messageOf(event.error, SETTINGS_TEXT.saveFailed) }) } },
              },
            },
            saved: {
              always: { guard: 'differsFromSaved', target: 'dirty' },
              on: { change: { actions: 'setDraftValue' } },
            },
          },
        },
        preview: {
          initial: 'shown',
          states: {
            shown: {},
            waiting: {
              after: {
                previewDelay: [
                  { guard: 'hasProblems', target: 'blocked' },
                  { guard: 'draftIsSaved', target: 'shown', actions: 'showPublicPage' },
                  { target: 'making' },
                ],
              },
            },
            making: {
              invoke: {
                src: 'makePreview',
                input: ({ context }) => draftChanges(context),
                onDone: { target: 'shown', actions: { type: 'showPreview', params: ({ event }) => ({ url: event.output }) } },
                onError: { target: 'failed', actions: { type: 'setPreviewError', params: ({ event }) => ({ text: messageOf(event.error, SETTINGS_TEXT.previewFailed) }) } },
              },
            },
            blocked: {},
            failed: {
              on: { 'preview.retry': { target: 'making' } },
            },
          },
          // Without `reenter`: a reentering transition's domain would be `ready`, conflicting with the form's own
          // discard; a transition to a child leaves and enters that child again all the same (the delay starts again).
          on: {
            change: { guard: not(stateIn({ ready: { form: 'saving' } })), target: '.waiting' },
            discard: { guard: stateIn({ ready: { form: 'dirty' } }), target: '.waiting' },
          },
        },
      },
    },
  },
});
