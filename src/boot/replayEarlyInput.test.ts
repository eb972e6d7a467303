// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { startEarlyInputRecorder, stopEarlyInputRecorder } from './earlyInputTestSupport.ts';
import { hydratedByReact, replayEarlyInputWhenReady, replayHydrated } from './replayEarlyInput.ts';

/**
 * Fibers as React DOM 19 leaves them: a HostRoot (tag 3) whose page has committed once (it has an alternate), a
 * Suspense boundary's part that React is hydrating (flag Hydrating, 4096, until its commit), a host element in it.
 */
const committedRoot = () => ({ tag: 3, flags: 0, return: null, alternate: {} });
const hydratingPart = (root: object) => ({ tag: 13, flags: 4096, return: root, alternate: null });
const elementFiber = (parent: object) => ({ tag: 5, flags: 0, return: parent, alternate: null });

/** An element of a committed part: its fiber attached (React DOM's `__reactFiber$…` property) and mounted. */
const hydrate = (element: Element) => Object.assign(element, { __reactFiber$test: elementFiber(committedRoot()) });

function button(label: string) {
  const element = document.createElement('button');
  element.textContent = label;
  document.body.append(element);
  const clicks: string[] = [];
  element.addEventListener('click', () => clicks.push(label));
  return { element, clicks };
}

describe('an element hydrated by React', () => {
  it('is one whose fiber is mounted: not before React has attached it, nor while its part is rendered but not committed', () => {
    const tab = button('GET A QUOTE').element;
    const part = hydratingPart(committedRoot());
    const before = hydratedByReact(tab);
    Object.assign(tab, { __reactFiber$test: elementFiber(part) });
    const attached = hydratedByReact(tab);
    part.flags = 0; // React clears Hydrating when the part commits
    expect({ before, attached, committed: hydratedByReact(tab) }).toEqual({ before: false, attached: false, committed: true });
  });

  it('is not one in a tree React has not mounted under its root (a fiber whose top is no HostRoot)', () => {
    const element = button('x').element;
    Object.assign(element, { __reactFiber$test: elementFiber({ tag: 0, flags: 0, return: null, alternate: null }) });
    expect(hydratedByReact(element)).toBe(false);
  });
});

describe('replaying early input as the page hydrates', () => {
  it('waits for a control React has not hydrated yet (a Suspense boundary hydrated later), and keeps the order', () => {
    const tab = button('GET A QUOTE');
    const search = button('Search');
    hydrate(search.element);
    const part = hydratingPart(committedRoot());
    Object.assign(tab.element, { __reactFiber$test: elementFiber(part) });
    const queue = [
      { type: 'click' as const, target: tab.element },
      { type: 'click' as const, target: search.element },
    ];
    replayHydrated(queue);
    expect({ tab: tab.clicks, search: search.clicks, left: queue.length }).toEqual({ tab: [], search: [], left: 2 });
    part.flags = 0;
    replayHydrated(queue);
    expect({ tab: tab.clicks, search: search.clicks, left: queue.length }).toEqual({ tab: ['GET A QUOTE'], search: ['Search'], left: 0 });
  });

  it('leaves out what is gone, and replays everything at the time limit', () => {
    const gone = button('gone');
    gone.element.remove();
    const late = button('late');
    const queue = [
      { type: 'click' as const, target: gone.element },
      { type: 'click' as const, target: late.element },
    ];
    replayHydrated(queue, true);
    expect({ gone: gone.clicks, late: late.clicks, left: queue.length }).toEqual({ gone: [], late: ['late'], left: 0 });
  });
});

describe('replaying beside the real recorder (src/boot/earlyInput.js)', () => {
  it('hands the replayed click to the app while the recording goes on, instead of recording it again', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    const tab = document.createElement('button');
    document.getElementById('root')!.append(tab);
    let seenByApp = 0;
    document.body.addEventListener('click', () => (seenByApp += 1));
    const recording = startEarlyInputRecorder();
    try {
      tab.dispatchEvent(new MouseEvent('click', { bubbles: true })); // the visitor's click, before hydration
      const recorded = recording.queue.length;
      hydrate(tab);
      replayHydrated(recording.queue);
      expect({ recorded, seenByApp, left: recording.queue.length }).toEqual({ recorded: 1, seenByApp: 1, left: 0 });
    } finally {
      stopEarlyInputRecorder();
    }
  });

  it("keeps a tap's and a keystroke's presses and releases on a control not hydrated from React, unrecorded (React would hydrate the whole page at once for them), and lets them through once it is hydrated", () => {
    document.body.innerHTML = '<div id="root"><button id="tab">GET A QUOTE</button></div>';
    const root = document.getElementById('root')!;
    const tab = document.getElementById('tab')!;
    const presses = ['pointerdown', 'touchstart', 'mousedown', 'pointerup', 'touchend', 'mouseup', 'keyup', 'compositionstart'];
    const seenByApp: string[] = [];
    // Where React listens: on the root element, in the capture phase as well.
    for (const type of presses) root.addEventListener(type, () => seenByApp.push(type), true);
    const recording = startEarlyInputRecorder();
    try {
      const press = () => presses.forEach((type) => tab.dispatchEvent(new Event(type, { bubbles: true })));
      press();
      const before = { seenByApp: [...seenByApp], recorded: recording.queue.length };
      recording.takes = (target) => target === tab; // the tab hydrated, nothing recorded waits
      press();
      expect({ before, after: seenByApp }).toEqual({ before: { seenByApp: [], recorded: 0 }, after: presses });
    } finally {
      stopEarlyInputRecorder();
    }
  });

  it('once replaying, lets an event on a hydrated control go to the app while nothing recorded waits; records it while something does', async () => {
    document.body.innerHTML = '<div id="root"><input id="pickup"><button id="later">Search</button></div>';
    const field = document.getElementById('pickup') as HTMLInputElement;
    const later = document.getElementById('later')!;
    const seenByApp: string[] = [];
    document.body.addEventListener('input', () => seenByApp.push(field.value));
    const recording = startEarlyInputRecorder();
    const type = (value: string) => {
      field.value = value;
      field.dispatchEvent(new Event('input', { bubbles: true }));
    };
    try {
      type('a'); // before hydration: recorded, the app does not see it
      hydrate(field);
      document.documentElement.setAttribute('data-app-ready', '');
      replayEarlyInputWhenReady(); // replays 'a'; the button is not hydrated yet, so the recording goes on
      type('ad'); // the app's now (a render of the field keeps it: the app has it)
      later.dispatchEvent(new MouseEvent('click', { bubbles: true })); // not hydrated: recorded
      type('ada'); // something recorded waits before it: recorded too, to keep the order
      expect({ seenByApp, queued: recording.queue.map((entry) => entry.type) }).toEqual({ seenByApp: ['a', 'ad'], queued: ['click', 'input'] });
    } finally {
      later.remove(); // every control hydrated or gone: the next step ends the recording and replays the rest
      await new Promise((resolve) => setTimeout(resolve, 50));
      document.documentElement.removeAttribute('data-app-ready');
    }
    expect({ seenByApp, recording: window.__cabflowEarlyInput ?? null }).toEqual({ seenByApp: ['a', 'ad', 'ada'], recording: null });
  });
});
