import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { cssVariablesResolver, theme } from '../theme.ts';

/**
 * Mantine's provider with the site's theme; the site is light only (index.html sets data-mantine-color-scheme="light").
 * (A hand-made replacement that left out MantineProvider's run-time CSS for a static stylesheet saved 2.9 kB gzip of
 * home JS but cost 1.1 kB of CSS: no budget defends 1.8 kB, so it was removed, issue 16; docs/architecture.md.)
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      {children}
    </MantineProvider>
  );
}
