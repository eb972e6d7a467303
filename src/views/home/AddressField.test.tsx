// @vitest-environment happy-dom
import '../../../tests/helpers/dom.ts';
import { MantineProvider } from '@mantine/core';
import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it } from 'vitest';
import { startEarlyInputRecorder, stopEarlyInputRecorder } from '../../boot/earlyInputTestSupport.ts';
import { theme } from '../../theme.ts';
import { AddressField } from './AddressField.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  stopEarlyInputRecorder();
  document.body.innerHTML = '';
});

/** The home Pick-Up as a page holds it: its value in the app's state (the home form machine in the product). */
function Page({ seen }: { seen: string[] }) {
  const [value, setValue] = useState('');
  return (
    <MantineProvider theme={theme}>
      <AddressField
        label="Pick-Up"
        name="pickup"
        value={value}
        data-testid="hourly-pickup"
        onChange={(next) => {
          seen.push(next);
          setValue(next);
        }}
      />
    </MantineProvider>
  );
}

// Issue 37, no lost keystroke: the plain field renders again right after its hydration (useHydrating) from the app's
// value; letters typed before the hydration and only recorded (src/boot/earlyInput.js) were wiped by that render, and a
// visitor still typing kept only what came after it (12 of 50 loads at 1280 px). The recorded typing now reaches the
// app in the hydration's own commit.
it('keeps what was typed into the server-rendered field before hydration, through the render that follows it', async () => {
  const seen: string[] = [];
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = renderToString(<Page seen={[]} />);
  document.body.append(root);
  startEarlyInputRecorder();
  const field = root.querySelector<HTMLInputElement>('[data-testid=hourly-pickup]')!;
  field.value = 'ada@ca';
  field.dispatchEvent(new Event('input', { bubbles: true }));
  expect(window.__cabflowEarlyInput!.queue.map((entry) => entry.value)).toEqual(['ada@ca']);

  await act(async () => {
    hydrateRoot(root, <Page seen={seen} />);
  });

  expect({ shown: root.querySelector<HTMLInputElement>('[data-testid=hourly-pickup]')!.value, app: seen, queued: window.__cabflowEarlyInput!.queue.length }).toEqual({
    shown: 'ada@ca',
    app: ['ada@ca'],
    queued: 0,
  });
});
