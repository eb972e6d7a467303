/**
 * Replays what the visitor did on a server-rendered page before the app hydrated it (recorded by src/boot/earlyInput.js,
 * inline in the page), once the routed view has hydrated (`<html data-app-ready>`, src/app/Shell.tsx), in the order it
 * happened:
 * - a value typed, chosen or ticked is told to the app as a change (React's hydration keeps the field's value in the
 *   DOM but its state does not have it, and its next render of the field wipes it);
 * - a click on anything but a link or a form control (whose browser behaviour already happened) is dispatched again;
 * - a key press on anything but a field or a button's Enter/Space (the browser turned those into typing or a click) too;
 * - a form's submit without a click (Enter in a field of a form with no submit button) is requested again.
 * Hydration keeps the server's elements, so each event goes to the element it was meant for; one that is gone (the
 * page was rendered afresh) is left out.
 *
 * `data-app-ready` means the route has hydrated, not every part of it: React hydrates each Suspense boundary (the home
 * page's forms and sections) in a pass of its own, and a click that reaches a boundary still waiting for its code is
 * dropped by React. So the recording goes on past `data-app-ready` until every control in the page is hydrated (its
 * part committed, `hydratedByReact`), and
 * each entry is replayed once its element is (in order: an entry waits for those before it), or after
 * REPLAY_WAIT_LIMIT_MS at the latest.
 */

interface Recorded {
  type: 'click' | 'keydown' | 'input' | 'change' | 'submit';
  target: Element;
  /** A field's value and checkedness right after the visitor's input. */
  value?: string;
  checked?: boolean;
  key?: string;
  code?: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
}

declare global {
  interface Window {
    /** The recording (src/boot/earlyInput.js): what it has recorded so far, how to stop it, and a pause while replaying. */
    __cabflowEarlyInput?: { queue: Recorded[]; replaying: boolean; takes: ((target: Element) => boolean) | null; stop: () => void };
  }
}

/** How long the replay waits at most, after `data-app-ready`, for the page's controls to hydrate. */
export const REPLAY_WAIT_LIMIT_MS = 10_000;

/** The elements a visitor acts on: the recording ends once React has hydrated every one the server rendered. */
const CONTROLS = 'a[href], button, input, select, textarea, summary, label, [role], [tabindex], [contenteditable]';

/** React DOM's fiber as far as `hydratedByReact` reads it. */
interface Fiber {
  tag: number;
  flags: number;
  return: Fiber | null;
  alternate: Fiber | null;
}
/** Fiber flags: Placement | Hydrating (React DOM 19). */
const NOT_YET_MOUNTED = 0b10 | 0b1_0000_0000_0000;
const HOST_ROOT = 3;

/**
 * React has hydrated an element once its fiber (React DOM's own `__reactFiber$…` property) is mounted: what React's
 * event system asks before it dispatches an event to the element (`getNearestMountedFiber` in React DOM, mirrored
 * here). The fiber is attached while React renders the element's part, which may be before that part commits (a
 * transition's hydration yields between slices): a click then reaches no handler, which is how 'GET A QUOTE' was lost
 * at 1280 px (2 of 40 loads) when the recording ended on the fiber alone. The one place this code reads React internals.
 */
export function hydratedByReact(element: Element): boolean {
  const key = Object.keys(element).find((name) => name.startsWith('__reactFiber$'));
  const fiber = key ? ((element as unknown as Record<string, Fiber | undefined>)[key] ?? null) : null;
  if (!fiber) return false;
  let mounted: Fiber | null = fiber;
  let node = fiber;
  for (let next: Fiber | null = fiber; next && !next.alternate; next = node.return) {
    node = next;
    if (node.flags & NOT_YET_MOUNTED) mounted = node.return;
  }
  while (node.return) node = node.return;
  return node.tag === HOST_ROOT && mounted === fiber;
}

const FIELD = 'input, textarea, select, [contenteditable]';
/** Elements whose click the browser handles itself (a link followed, a field focused, a box ticked). */
const NATIVE_CLICK = 'a[href], label, select, textarea, option, input:not([type=submit]):not([type=button]):not([type=reset]):not([type=image])';
/** Enter and Space on these are a click for the browser, recorded as such. */
const CLICKED_BY_KEY = 'button, a[href], input, summary';

const nativeValue = (control: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement) =>
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control) as object, 'value')!.set!;

/**
 * Gives `control` the value the visitor left it with before hydration (a render after hydration may have put the app's
 * value back), and tells the app about it as the browser does: a change event React sees as a change. React keeps a
 * tracker of each field's last value (a setter on the element): it is set to the rendered value, the DOM's value past it.
 */
function syncControl(control: Element, { value = '', checked = false }: Recorded) {
  if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) {
    if (control.checked === checked && checked === control.defaultChecked) return;
    control.checked = !checked;
    control.click();
  } else if (control instanceof HTMLSelectElement) {
    nativeValue(control).call(control, value);
    control.dispatchEvent(new Event('change', { bubbles: true }));
  } else if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) {
    if (value === control.defaultValue) return;
    control.value = control.defaultValue;
    nativeValue(control).call(control, value);
    control.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/** Replays `queue` in order (a field's value once, as it was last left). */
export function replay(queue: Recorded[]): void {
  // The recorder would take the replayed events as the visitor's (and hold them back from the app again) while it records.
  const recording = window.__cabflowEarlyInput;
  if (recording) recording.replaying = true;
  try {
    replayInOrder(queue);
  } finally {
    if (recording) recording.replaying = false;
  }
}

function replayInOrder(queue: Recorded[]): void {
  const lastChange = new Map<Element, number>();
  queue.forEach((entry, index) => (entry.type === 'input' || entry.type === 'change') && lastChange.set(entry.target, index));
  queue.forEach((entry, index) => {
    const { target } = entry;
    if (!target.isConnected) return;
    if (entry.type === 'input' || entry.type === 'change') {
      if (lastChange.get(target) === index) syncControl(target, entry);
    } else if (entry.type === 'click') {
      if (!target.closest(NATIVE_CLICK)) target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }));
    } else if (entry.type === 'keydown') {
      const native = target.closest(FIELD) || entry.key === 'Tab' || ((entry.key === 'Enter' || entry.key === ' ') && target.closest(CLICKED_BY_KEY));
      if (!native) target.dispatchEvent(new KeyboardEvent('keydown', { ...entry, bubbles: true, cancelable: true }));
    } else if (target instanceof HTMLFormElement) {
      target.requestSubmit();
    }
  });
}

/**
 * Replays at once what is recorded for controls React has hydrated (in order, up to the first one still waiting).
 * `useHydrating` (src/app/renderMode.ts), whose component renders again right after its hydration, calls it in a
 * layout effect, in the hydration's own commit: that render puts the app's value back into a field, and letters typed
 * before it and not yet replayed were wiped, so a visitor still typing kept only what came after (the home Pick-Up at
 * 1280 px: 12 of 50 loads lost the start).
 */
export function replayHydratedNow(): void {
  const recording = window.__cabflowEarlyInput;
  if (recording) replayHydrated(recording.queue);
}

/**
 * Takes from the head of `queue` every entry whose element is hydrated or gone, and replays them; the first entry whose
 * element still waits for React stops it (the rest keep their order). With `all`, takes everything.
 */
export function replayHydrated(queue: Recorded[], all = false): void {
  let ready = 0;
  while (ready < queue.length && (all || !queue[ready].target.isConnected || hydratedByReact(queue[ready].target))) ready += 1;
  if (ready) replay(queue.splice(0, ready));
}

let replayEnded: () => void = () => {};
const replayEnd = new Promise<void>((resolve) => (replayEnded = resolve));

/**
 * Resolves once the recording has stopped and everything it recorded is replayed (at once on a page with no recorder).
 * A part that replaces a server-rendered control by another element (the home page's address fields, swapped for the
 * full autocomplete) waits for it: an entry for a control no longer in the page is left out, so typing recorded in the
 * plain field and swapped away before its replay would be lost.
 */
export const earlyInputReplayed = (): Promise<void> => (window.__cabflowEarlyInput ? replayEnd : Promise.resolve());

/** Replays the recorded input as the page hydrates; nothing when the page has no recorder (rendered in the browser). */
export function replayEarlyInputWhenReady(): void {
  const recording = window.__cabflowEarlyInput;
  if (!recording) return;
  const root = document.documentElement;
  const run = () => {
    const limit = Date.now() + REPLAY_WAIT_LIMIT_MS;
    // From now on an event on a control React has hydrated goes to the app as usual once the queue is empty (nothing
    // recorded before it is still waiting): only what the app cannot take yet is recorded.
    recording.takes = (target) => recording.queue.length === 0 && hydratedByReact(target);
    // The server's controls (those added later are React's own, or a third party's such as a map's, never hydrated).
    let waiting = Array.from((document.getElementById('root') ?? document.body).querySelectorAll(CONTROLS));
    const step = () => {
      waiting = waiting.filter((control) => control.isConnected && !hydratedByReact(control));
      const done = waiting.length === 0 || Date.now() > limit;
      if (done) {
        recording.stop();
        delete window.__cabflowEarlyInput;
      }
      replayHydrated(recording.queue, done);
      if (done) replayEnded();
      else setTimeout(step, 16);
    };
    step();
  };
  if (root.hasAttribute('data-app-ready')) return run();
  const observer = new MutationObserver(() => {
    if (!root.hasAttribute('data-app-ready')) return;
    observer.disconnect();
    run();
  });
  observer.observe(root, { attributes: true, attributeFilter: ['data-app-ready'] });
}
