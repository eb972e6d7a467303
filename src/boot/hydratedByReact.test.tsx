// @vitest-environment happy-dom
import { act, lazy, Suspense } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { expect, it } from 'vitest';
import { hydratedByReact } from './replayEarlyInput.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// hydratedByReact mirrors React DOM's own test of a mounted fiber: held here to the installed React, hydrating a page
// with a Suspense boundary whose code arrives later (as the home page's forms do).
it('follows the real React: a control is hydrated once its part has committed, not while its code is still loading', async () => {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const Form = () => <button type="button">GET A QUOTE</button>;
  const LazyForm = lazy(() => arrived.then(() => ({ default: Form })));
  const page = (form: React.ReactNode) => (
    <main>
      <button type="button">Menu</button>
      <Suspense fallback={null}>{form}</Suspense>
    </main>
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(page(<Form />));
  document.body.append(container);
  const [menu, tab] = container.querySelectorAll('button');
  const before = [hydratedByReact(menu), hydratedByReact(tab)];
  await act(async () => {
    hydrateRoot(container, page(<LazyForm />));
  });
  const waitingForCode = [hydratedByReact(menu), hydratedByReact(tab)];
  await act(async () => arrive());
  expect({ before, waitingForCode, after: [hydratedByReact(menu), hydratedByReact(tab)], same: container.querySelectorAll('button')[1] === tab }).toEqual({
    before: [false, false],
    waitingForCode: [true, false],
    after: [true, true],
    same: true,
  });
});
