// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { replayHydrated } from './replayEarlyInput.ts';

/** An element as React leaves it once hydrated: its fiber attached (React DOM's `__reactFiber$…` property). */
const hydrate = (element: Element) => Object.assign(element, { __reactFiber$test: {} });

function button(label: string) {
  const element = document.createElement('button');
  element.textContent = label;
  document.body.append(element);
  const clicks: string[] = [];
  element.addEventListener('click', () => clicks.push(label));
  return { element, clicks };
}

describe('replaying early input as the page hydrates', () => {
  it('waits for a control React has not hydrated yet (a Suspense boundary hydrated later), and keeps the order', () => {
    const tab = button('GET A QUOTE');
    const search = button('Search');
    hydrate(search.element);
    const queue = [
      { type: 'click' as const, target: tab.element },
      { type: 'click' as const, target: search.element },
    ];
    replayHydrated(queue);
    expect({ tab: tab.clicks, search: search.clicks, left: queue.length }).toEqual({ tab: [], search: [], left: 2 });
    hydrate(tab.element);
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
