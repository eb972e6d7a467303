import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { cssVariablesResolver, theme } from '../theme.ts';

/**
 * Mantine's provider with the site's theme, around each part that draws with Mantine (src/app/lazyThemed.tsx); the
 * site is light only (index.html sets data-mantine-color-scheme="light"). The theme's CSS variables are a static
 * stylesheet loaded by the first script (src/themeVariables.css, checked against Mantine's own by its test), so the
 * provider writes none and the home page, which has no provider, has them too.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light" withCssVariables={false}>
      {children}
    </MantineProvider>
  );
}
