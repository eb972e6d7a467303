import { MantineProvider } from '@mantine/core';
import { cssVariablesResolver, theme } from '../theme.ts';
import { AppActor } from './appLogic.ts';
import { FrameMessenger } from './FrameMessenger.tsx';
import { Shell } from './Shell.tsx';

/** The website: Mantine theme, the start-up actor, the shell with its routes, and the frame messenger. */
export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <AppActor.Provider>
        <Shell />
        <FrameMessenger />
      </AppActor.Provider>
    </MantineProvider>
  );
}
