import { MantineContext, MantineThemeProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { theme } from '../theme.ts';

const noop = () => {};

/**
 * Mantine's context and theme without MantineProvider's run-time CSS. The site is light only (index.html sets
 * data-mantine-color-scheme="light"), and the theme's CSS variables and Mantine's global classes are a static
 * stylesheet, src/mantineTheme.css, which src/mantineTheme.test.tsx keeps equal to what MantineProvider renders.
 * MantineProvider computed, merged and compared Mantine's whole variable set on every page load before the first
 * render (about 30 ms on this machine, four times that on Lighthouse's phone).
 */
const context = {
  colorScheme: 'light' as const,
  setColorScheme: noop,
  clearColorScheme: noop,
  getRootElement: () => document.documentElement,
  classNamesPrefix: 'mantine',
  cssVariablesSelector: ':root',
  withStaticClasses: true,
};

export function ThemeProvider({ children }: { children: ReactNode }) {
  return (
    <MantineContext value={context}>
      <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>
    </MantineContext>
  );
}
