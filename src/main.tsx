// Only the Mantine CSS the shell and home page use (STYLE: import only the component CSS you use).
// Lazy views that need more import it themselves, so it ships in their chunk.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/ThemeIcon.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Skeleton.css';
import './global.css';

import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { isFramed } from './app/frameMessenger.ts';

// Inside an operator's iframe the page height follows the content (see src/app/Shell.module.css).
if (isFramed()) document.documentElement.setAttribute('data-framed', '');

/**
 * Resolves once the browser has painted a frame (index.html's overlay), or after 50 ms when no frame comes (a
 * background tab or an off-screen iframe gets no animation frames).
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, 50);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}

// The first render waits for the first paint, so a phone shows index.html's overlay at once instead of after a second
// or more of rendering; and it runs in a transition: React renders it in slices of a few milliseconds, yielding to the
// browser between them, instead of one long task (Lighthouse: total blocking time). The overlay shows until it commits.
const root = createRoot(document.getElementById('root')!);
void afterFirstPaint().then(() =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);
