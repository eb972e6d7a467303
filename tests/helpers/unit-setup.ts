// Shared set-up for the unit project, run before every test file. Views that render Mantine import
// tests/helpers/dom.ts for its DOM polyfills and testing-library settings.
//
// The unit files of a worker share their imported modules (`isolate: false`), so a module's top-level side effects run
// for the first file that imports it only: an `afterEach(cleanup)` there was registered for that file alone, and in
// CI's file order a later view file's renders piled up (the card page's tests found two "Card Number" fields). This
// file runs for each file, so each DOM file gets its polyfills and its cleanup here.
import { afterEach } from 'vitest';

if (typeof window !== 'undefined') {
  const [{ installMantinePolyfills }, { cleanup }] = await Promise.all([import('./dom.ts'), import('@testing-library/react')]);
  installMantinePolyfills();
  afterEach(() => cleanup());
}
