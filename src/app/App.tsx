import { MantineProvider } from '@mantine/core';
import { cssVariablesResolver, theme } from '../theme.ts';
import { AppActor } from './appLogic.ts';
import { readBootstrap } from './bootstrap.ts';
import { FrameMessenger } from './FrameMessenger.tsx';
import { Shell } from './Shell.tsx';

// Read once per page load: the catalogue the server embedded in the page (settings, companies, fleet, popular locations).
const input = readBootstrap();

/**
 * The website: Mantine theme, the start-up actor (starting with the embedded catalogue, see src/app/bootstrap.ts),
 * the shell with its routes, and the frame messenger.
 */
export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <AppActor.Provider options={{ input }}>
        <Shell />
        <FrameMessenger />
      </AppActor.Provider>
    </MantineProvider>
  );
}
