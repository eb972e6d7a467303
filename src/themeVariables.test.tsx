import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme.ts';

/**
 * The home page's first script carries no Mantine (issue 37: ≤ 120 kB gzip), so the theme's CSS variables that
 * MantineProvider would write at run time are a static stylesheet, src/themeVariables.css, loaded by src/main.tsx.
 * This renders them the way MantineProvider does for the site's theme and compares: after a change to src/theme.ts,
 * `npx vitest run --project unit src/themeVariables.test.tsx -u` writes the file again.
 */
it('src/themeVariables.css holds the CSS variables MantineProvider writes for the site theme', async () => {
  const html = renderToStaticMarkup(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light" withGlobalClasses={false}>
      <i />
    </MantineProvider>,
  );
  const css = /<style data-mantine-styles="true">([^<]*)<\/style>/.exec(html)?.[1];
  expect(css).toContain('--mantine-primary-color-filled');
  await expect(`/* Written by src/themeVariables.test.tsx from src/theme.ts: do not edit. */\n${css!.replaceAll('}', '}\n')}`).toMatchFileSnapshot('./themeVariables.css');
});
