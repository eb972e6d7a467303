/**
 * DOM set-up for view tests under happy-dom (`// @vitest-environment happy-dom` at the top of the test
 * file, then `import '…/tests/helpers/dom.ts'`). Mantine reads matchMedia (color scheme, breakpoints) and
 * ResizeObserver (Burger, ScrollArea…), and focus code calls scrollIntoView; happy-dom lacks or only
 * partly implements them, so they get quiet stand-ins here.
 */
import { configure } from '@testing-library/react';

// findBy… and waitFor give up after 5 s rather than 1 s: the unit tests run beside the API tests, on a busy machine.
configure({ asyncUtilTimeout: 5000 });

export function installMantinePolyfills(win: Window & typeof globalThis = window): void {
  Object.defineProperty(win, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  });

  class ResizeObserverStub implements ResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(win, 'ResizeObserver', { configurable: true, writable: true, value: ResizeObserverStub });

  if (!win.HTMLElement.prototype.scrollIntoView) win.HTMLElement.prototype.scrollIntoView = () => {};
  win.scrollTo = (() => {}) as typeof win.scrollTo;
}

// The cleanup after each test is registered by tests/helpers/unit-setup.ts, once per file.
if (typeof window !== 'undefined') installMantinePolyfills();
